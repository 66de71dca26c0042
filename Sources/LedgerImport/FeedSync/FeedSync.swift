import FeedAdapter
import LedgerCore
import LedgerStore

/// Syncs a FinanceKit-shaped feed into the ledger, exactly once, stream by stream.
///
/// A stream's new batches are written in database transactions (up to 100 batches or 10,000 rows
/// each) that also record the stream's position after them, so a crash replays at most the
/// batches of the transaction it interrupted, and never applies one twice. Only batches after the stored
/// position are read (in the folder form, only their files). A stream whose stored token no
/// longer continues the feed is resynced from its newest snapshot, alone; a malformed batch
/// stops its stream there while the other streams go on. After the batches, every account whose
/// streams changed gets a checkpoint against its newest booked balance.
///
/// ```swift
/// let report = try FeedSync(ledger: ledger).sync(folderAt: "Wallet-export")
/// ```
public final class FeedSync {
    private let ledger: any SyncStore
    private let batchLimit: Int?
    private let progress: ((ImportProgress) -> Void)?
    private var applied = 0
    private var accounts: [String: StoredAccount] = [:]
    private var written = ImportProgress(read: 0, inserted: 0, duplicates: 0, batches: 0, elapsed: .zero)
    /// Checkpoints the writes recomputed, by id: the latest figures of each.
    private var refreshed: [Int64: Checkpoint] = [:]
    private let started = ContinuousClock.now

    /// Prepares a sync.
    ///
    /// - Parameters:
    ///   - ledger: the ledger to write to.
    ///   - batchLimit: stop after applying this many batches in all (a stand-in for a killed
    ///     process in tests); `nil` for no limit.
    ///   - progress: called after each database transaction with the rows (`read`: inserted,
    ///     updated and deleted) and batches written so far.
    public init(ledger: any SyncStore, batchLimit: Int? = nil, progress: ((ImportProgress) -> Void)? = nil) {
        self.ledger = ledger
        self.batchLimit = batchLimit
        self.progress = progress
    }

    // MARK: - Folder form

    /// Reads a feed's manifest, touching no ledger: whether `path` is a feed at all, asked before
    /// a sync creates one.
    ///
    /// - Throws: ``FeedError`` when the folder's `feed.json` or the file's first line is not a
    ///   version 1 manifest, or a file error when it can't be read.
    public static func checkManifest(at path: String, isFolder: Bool) throws {
        if isFolder {
            _ = try FeedFolder(path: path)
        } else {
            _ = try FeedLines(try FileByteStream(path: path, hashing: false))
        }
    }

    /// Syncs a feed folder.
    ///
    /// - Throws: ``FeedError`` when `feed.json` or the stream folders can't be read, or
    ///   ``StoreError`` when the database fails outside a batch (reading positions, checkpoints).
    public func sync(folderAt path: String) throws -> FeedSyncReport {
        try sync(try FeedFolder(path: path))
    }

    /// Syncs an opened feed folder.
    public func sync(_ folder: FeedFolder) throws -> FeedSyncReport {
        var report = FeedSyncReport(feed: folder.path)
        let positions = try ledger.syncPositions()
        for stream in try folder.streams() {
            var syncer = StreamSyncer(stream: stream, stored: positions[stream.path], epoch: folder.manifest.epoch)
            if !isInterrupted { syncFolderStream(&syncer, folder: folder) }
            report.streams.append(syncer.report)
        }
        try finish(&report)
        return report
    }

    private func syncFolderStream(_ syncer: inout StreamSyncer, folder: FeedFolder) {
        let stream = syncer.stream
        let seqs: [Int]
        do {
            seqs = try folder.sequenceNumbers(of: stream)
        } catch {
            syncer.fail(error)
            return
        }
        var cache: [Int: FeedBatch] = [:]
        do {
            try syncer.plan(
                seqs: seqs,
                previousToken: { seq in
                    let batch = try folder.read(folder.batchFile(of: stream, seq: seq))
                    cache[seq] = batch
                    return batch.previousToken
                },
                isReset: { seq in
                    // A batch that can't be read isn't a snapshot; applying it will report it.
                    guard let batch = try? folder.read(folder.batchFile(of: stream, seq: seq)) else { return false }
                    if batch.reset { cache[seq] = batch }
                    return batch.reset
                })
        } catch {
            syncer.fail(error, at: .file(folder.path + "/" + stream.path))
            return
        }
        guard let start = syncer.startSeq else { return }
        var group = PendingGroup()
        for seq in seqs where seq >= start {
            if isInterrupted { break }
            do {
                let batch = try cache.removeValue(forKey: seq) ?? folder.read(folder.batchFile(of: stream, seq: seq))
                try stage(batch, with: &syncer, into: &group)
            } catch {
                // The batches before the bad one are written; then the stream stops at it.
                if flush(&group, with: &syncer) { syncer.fail(error) }
                return
            }
            if group.isFull, !flush(&group, with: &syncer) { return }
        }
        _ = flush(&group, with: &syncer)
    }

    // MARK: - JSON Lines form

    /// Syncs a feed in its JSON Lines form.
    ///
    /// The file is read twice: once to decide where each stream starts, once to apply. Unlike the
    /// folder form, its cost grows with the whole file. A line that is not JSON naming a stream
    /// can't be charged to one stream and stops the whole sync before anything is written.
    ///
    /// - Parameter open: opens the file from its start (called twice).
    /// - Throws: ``FeedError`` for a missing or bad manifest or a line naming no stream, or
    ///   ``StoreError`` for a database failure outside a batch.
    public func sync(lines open: () throws -> any ByteStream) throws -> FeedSyncReport {
        // Pass 1: what each stream holds, up to its first bad line.
        let index = try FeedLines(try open())
        var seqs: [FeedStream: [Int]] = [:]
        var headers: [FeedStream: [Int: (previousToken: String?, reset: Bool)]] = [:]
        var broken: Set<FeedStream> = []
        var order: [FeedStream] = [.accounts]
        while let entry = try index.nextEntry() {
            guard let stream = entry.stream else {
                if case .failure(let error) = entry.result { throw error }
                continue
            }
            if !order.contains(stream) { order.append(stream) }
            guard !broken.contains(stream) else { continue }
            switch entry.result {
            case .success(let batch):
                seqs[stream, default: []].append(batch.seq)
                headers[stream, default: [:]][batch.seq] = (batch.previousToken, batch.reset)
            case .failure:
                broken.insert(stream)
            }
        }
        let positions = try ledger.syncPositions()
        var syncers: [FeedStream: StreamSyncer] = [:]
        for stream in order {
            var syncer = StreamSyncer(stream: stream, stored: positions[stream.path], epoch: index.manifest.epoch)
            let known = headers[stream] ?? [:]
            do {
                try syncer.plan(
                    seqs: seqs[stream] ?? [], previousToken: { known[$0]?.previousToken ?? nil },
                    isReset: { known[$0]?.reset ?? false })
            } catch {
                syncer.fail(error, at: .file(index.name))
            }
            syncers[stream] = syncer
        }

        // Pass 2: apply, in file order, each stream's batches grouped into transactions.
        let lines = try FeedLines(try open())
        var groups: [FeedStream: PendingGroup] = [:]
        while !isInterrupted, let entry = try lines.nextEntry() {
            guard let stream = entry.stream, var syncer = syncers[stream], !syncer.isFailed else { continue }
            var group = groups[stream] ?? PendingGroup()
            switch entry.result {
            case .failure(let error):
                if flush(&group, with: &syncer) { syncer.fail(error) }
            case .success(let batch):
                guard syncer.isActive, let start = syncer.startSeq, batch.seq >= start else { break }
                do {
                    try stage(batch, with: &syncer, into: &group)
                    // Accounts are written at once: the other streams look them up.
                    if group.isFull || stream == .accounts { _ = flush(&group, with: &syncer) }
                } catch {
                    if flush(&group, with: &syncer) { syncer.fail(error) }
                }
            }
            groups[stream] = group
            syncers[stream] = syncer
        }
        for stream in order {
            guard var group = groups[stream], var syncer = syncers[stream] else { continue }
            _ = flush(&group, with: &syncer)
            syncers[stream] = syncer
        }
        var report = FeedSyncReport(feed: index.name)
        report.streams = order.sorted().compactMap { syncers[$0]?.report }
        try finish(&report)
        return report
    }

    // MARK: - Applying

    private var isInterrupted: Bool {
        guard let batchLimit else { return false }
        return applied >= batchLimit
    }

    /// Checks a batch against its stream's chain and turns it into store changes, to be written
    /// with the group.
    ///
    /// - Throws: whatever makes the batch unusable (a broken chain, a malformed model, an
    ///   undeclared account, a currency the account does not hold).
    private func stage(_ batch: FeedBatch, with syncer: inout StreamSyncer, into group: inout PendingGroup) throws {
        let isSnapshot = try syncer.accept(batch)
        let (change, rejected) = try syncBatch(for: batch, isSnapshot: isSnapshot, epoch: syncer.epoch)
        group.add(batch, change, rejected: rejected)
        applied += 1
    }

    /// Writes a stream's staged batches in one database transaction; `false` when the store
    /// refused them (the stream then stops, its position before the group).
    private func flush(_ group: inout PendingGroup, with syncer: inout StreamSyncer) -> Bool {
        guard !group.batches.isEmpty else { return true }
        defer { group = PendingGroup() }
        do {
            let counts = try ledger.applySync(group.changes, after: syncer.position)
            syncer.committed(group, counts: counts)
            for checkpoint in counts.refreshed { refreshed[checkpoint.id] = checkpoint }
            if let progress {
                written.read += counts.inserted + counts.updated + counts.deleted
                written.inserted += counts.inserted
                written.batches += counts.batches
                written.elapsed = ContinuousClock.now - started
                progress(written)
            }
            return true
        } catch {
            syncer.fail(error)
            return false
        }
    }

    /// Turns a feed batch into what the store writes.
    private func syncBatch(for batch: FeedBatch, isSnapshot: Bool, epoch: String) throws -> (SyncBatch, rejected: Int) {
        let position = SyncPosition(epoch: epoch, lastSeq: batch.seq, lastToken: batch.newToken)
        var rejected = 0
        var change = SyncBatch(stream: batch.stream.path, position: position)
        switch batch.changes {
        case .accounts(let changes):
            change.accounts = changes.upserts.map(\.reference)
        case .balances(let changes):
            let account = try storedAccount(batch)
            change.account = account
            for model in changes.upserts {
                for balance in model.statementBalances(accountName: account.name, kind: account.kind) {
                    guard balance.currency == account.currency else {
                        throw CoreError(
                            .currencyMismatch(balance.currency.code, "the account's currency \(account.currency.code)"),
                            at: balance.location)
                    }
                    change.balances.append(balance)
                }
            }
        case .transactions(let changes):
            let account = try storedAccount(batch)
            change.account = account
            change.replacesTransactions = isSnapshot
            change.deletions = changes.deleted
            for transaction in changes.upserts {
                guard let draft = transaction.draft(accountName: account.name, kind: account.kind) else {
                    change.deletions.append(transaction.id)
                    rejected += 1
                    continue
                }
                try draft.validate(accountCurrency: account.currency)
                change.upserts.append(
                    PendingRow(draft: draft, accountID: account.id, fingerprint: draft.fingerprint, occurrence: 1))
            }
        }
        return (change, rejected)
    }

    private func storedAccount(_ batch: FeedBatch) throws -> StoredAccount {
        let name = batch.stream.accountID ?? ""
        if let account = accounts[name] { return account }
        guard let account = try ledger.account(key: FeedAccount.ledgerKey(forID: name)) else {
            throw FeedError(
                .invalidValue(
                    found: "account \"\(name)\"",
                    expected: "an account the accounts stream declares (it has not been synced)"),
                at: batch.location, jsonPath: "$.accountID")
        }
        accounts[name] = account
        return account
    }

    // MARK: - Checkpoints

    /// Checks each account whose balances or transactions changed against its newest booked
    /// balance (rule 7), with the store's checkpoint: booked transactions only, re-baselined at
    /// the statement. Also collects each such account's newest available balance, and the earlier
    /// checkpoints the writes recomputed (those the store refreshed and this step did not redo).
    ///
    /// An account of the feed whose newest booked balance has no checkpoint is checked too, though
    /// nothing changed now: a sync killed after its last batch and before its checkpoints left it
    /// so, and the rerun, with no new batch, must still run them.
    private func finish(_ report: inout FeedSyncReport) throws {
        report.isInterrupted = isInterrupted
        let touched = Set(report.streams.filter { $0.batches > 0 }.compactMap(\.stream.accountID))
        let known = Set(report.streams.compactMap(\.stream.accountID)).sorted()
        for accountID in known {
            guard let account = try ledger.account(key: FeedAccount.ledgerKey(forID: accountID)) else { continue }
            let isTouched = touched.contains(accountID)
            if let newest = try ledger.newestStatementBalance(of: account, kind: .ledger),
                try isTouched || !ledger.checkpoints(of: account).contains(where: { $0.asOf == newest.asOf })
            {
                report.checkpoints.append(
                    try ledger.importCheckpoint(
                        account, asOf: newest.asOf, actual: newest.signedMinorUnits, source: .sync, importID: nil,
                        yieldingToExisting: false))
            }
            guard isTouched else { continue }
            if let available = try ledger.newestStatementBalance(of: account, kind: .available) {
                report.availableBalances.append(
                    AvailableBalance(
                        account: account.name, asOf: available.asOf, signedMinorUnits: available.signedMinorUnits,
                        currency: account.currency))
            }
        }
        let own = Set(report.checkpoints.map(\.id))
        report.refreshed = refreshed.values.filter { !own.contains($0.id) }.sorted {
            ($0.account, $0.asOf) < ($1.account, $1.asOf)
        }
    }
}

@available(*, unavailable)
extension FeedSync: Sendable {}
