import LedgerCore
import LedgerStore

/// The writing side of one import: declared and stored accounts, the batch being filled, the
/// statement balances waiting for the checkpoint. Identity is worked out on the reading thread
/// (``DraftPreparation``).
struct ImportSession {
    let ledger: (any ImportStore)?
    /// A dry run's ledger, read to count which records are new; never written.
    let comparedLedger: (any ImportStore)?
    let batchSize: Int
    let progress: ((ImportProgress) -> Void)?
    var report: ImportReport
    /// Whether the first record ends the reading (``FirstRecordReached``): a dry run that only
    /// settles the file's format and choices.
    var endsAtFirstRecord = false
    /// The rules each new row gets, with the format and mapping that read it.
    var rules: RuleEvaluator?

    private var declared: [String: AccountReference] = [:]
    private var stored: [String: StoredAccount] = [:]
    /// Accounts this import created, removed again if it stops before keeping a row of theirs.
    private var created: [Int64] = []
    private var lastAccount: StoredAccount?
    private var batch: [BatchItem] = []
    /// Drafts in the batch being filled (a batch holds `batchSize` drafts, plus any corrections).
    private var batchDrafts = 0
    private var balances: [StatementBalance] = []
    /// Where each reason for skipping is in `report.skipped`.
    private var skippedIndex: [String: Int] = [:]
    /// The earliest booking day saved per account, to refresh later checkpoints from.
    private var earliestDay: [String: Day] = [:]
    /// The earliest booking day of each run of one account's rows in the batch being filled
    /// (drafts come in runs), for `earliestDay` once the batch is saved: a row costs a comparison
    /// of its account's bytes, not a look-up of the name.
    private var batchEarliest: [(account: String, day: Day)] = []
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// A dry run's accounts the compared ledger doesn't hold: all their rows are new.
    private var unstored: Set<String> = []
    /// A dry run's source ids seen so far (hashed with their account): a second record with the
    /// same id is a duplicate, as the store would find it.
    private var seenIDs: Set<Int> = []
    /// A dry run's last account look-up (``lookUp(_:in:)``) and each account's number.
    private var lastLookup: AccountLookup?
    private var accountNumbers: [String: Int] = [:]

    init(
        ledger: (any ImportStore)?, comparedLedger: (any ImportStore)? = nil, batchSize: Int,
        progress: ((ImportProgress) -> Void)?,
        report: ImportReport
    ) {
        self.ledger = ledger
        self.comparedLedger = ledger == nil ? comparedLedger : nil
        self.batchSize = batchSize
        self.progress = progress
        self.report = report
        self.started = clock.now
        batch.reserveCapacity(batchSize)
    }

    /// Takes one prepared event from the reading thread.
    mutating func accept(_ event: consuming PreparedEvent) throws {
        if endsAtFirstRecord {
            switch event {
            case .draft, .checked, .other(.draft): throw FirstRecordReached()
            default: break
            }
        }
        switch consume event {
        case .draft(let prepared):
            try add(prepared)
        case .checked(let count):
            for _ in 0..<count { try countChecked() }
        case .other(.account(let reference)):
            declared[reference.name] = reference
            if !report.accounts.contains(reference.name) { report.accounts.append(reference.name) }
        case .other(.balance(let balance)):
            guard balances.count < Self.maxBalances else {
                throw ImportError(
                    .tooManyKept(what: "statement balances", limit: Self.maxBalances), at: balance.location)
            }
            balances.append(balance)
        case .other(.skipped(let skipped)):
            try noteSkipped(skipped)
        case .other(.notice(let notice)):
            guard report.notices.count < Self.maxKeptNotes else {
                throw ImportError(.tooManyKept(what: "notices", limit: Self.maxKeptNotes), at: notice.location)
            }
            report.notices.append(notice)
        case .other(.mapping(let name)):
            report.mapping = name
        case .other(.correction(let correction)):
            try withdraw(correction)
        case .other(.draft(let draft)):
            preconditionFailure("drafts arrive prepared: \(draft.location)")
        }
    }

    /// The most statement balances one import keeps for its checkpoints (a day's balance of each
    /// account for decades): a source printing balances without end is stopped, not kept in memory.
    static let maxBalances = 100_000
    /// The most notices, and distinct reasons for skipping, one import keeps for its report.
    static let maxKeptNotes = 1_000

    /// Adds skipped records to the report, to the note of the same reason when there is one: a
    /// source skipping row after row for one reason leaves one note, however long the file.
    private mutating func noteSkipped(_ skipped: SkippedRecords) throws {
        if let index = skippedIndex[skipped.reason] {
            report.skipped[index].count += skipped.count
            return
        }
        guard skippedIndex.count < Self.maxKeptNotes else {
            throw ImportError(
                .tooManyKept(what: "different reasons for skipping records", limit: Self.maxKeptNotes),
                at: skipped.location)
        }
        skippedIndex[skipped.reason] = report.skipped.count
        report.skipped.append(skipped)
    }

    /// Saves the batch in progress, if any.
    mutating func flush() throws {
        guard !batch.isEmpty || batchDrafts > 0 else { return }
        defer {
            batch.removeAll(keepingCapacity: true)
            batchEarliest.removeAll(keepingCapacity: true)
            batchDrafts = 0
        }
        if let comparedLedger {
            try countNew(against: comparedLedger)
        } else if let ledger {
            switch ledger.save(batch, importID: report.importID) {
            case .saved(let inserted, let duplicates, let withdrawn, let deletedBefore, let booked):
                report.inserted += inserted
                report.booked += booked
                report.duplicates += duplicates
                report.deletedBefore += deletedBefore
                report.withdrawn += withdrawn
                for (account, day) in batchEarliest where earliestDay[account].map({ day < $0 }) ?? true {
                    earliestDay[account] = day
                }
            case .notSaved(let error):
                let firstRecord = report.read - batchDrafts + 1
                throw BatchRefused(error: error, firstRecord: firstRecord, locations: batch.map(\.location))
            }
        }
        report.batches += 1
        progress?(
            ImportProgress(
                read: report.read, inserted: report.inserted, duplicates: report.duplicates, batches: report.batches,
                elapsed: clock.now - started))
    }

    /// Records the statement balances and runs a checkpoint for each ledger and opening balance,
    /// then brings later checkpoints up to date with the rows this import added to their windows.
    mutating func runCheckpoints() throws {
        guard let ledger else { return }
        let ordered = balances.sorted { ($0.account, $0.asOf, $0.kind.order) < ($1.account, $1.asOf, $1.kind.order) }
        for balance in ordered {
            guard
                let account = try storedAccount(
                    named: balance.account, currency: balance.currency, at: balance.location)
            else { continue }
            try ledger.recordStatementBalance(balance, account: account, importID: report.importID)
            switch balance.kind {
            case .available:
                continue
            case .opening:
                _ = try ledger.importCheckpoint(
                    account, asOf: balance.asOf, actual: balance.signedMinorUnits, source: .opening,
                    importID: report.importID, yieldingToExisting: true)
            case .ledger:
                let checkpoint = try ledger.importCheckpoint(
                    account, asOf: balance.asOf, actual: balance.signedMinorUnits, source: .import,
                    importID: report.importID, yieldingToExisting: false)
                report.checkpoints.append(checkpoint)
            }
        }
        report.refreshed = try refreshLaterCheckpoints()
    }

    private mutating func refreshLaterCheckpoints() throws -> [Checkpoint] {
        guard let ledger else { return [] }
        var changed: [Checkpoint] = []
        for (name, day) in earliestDay.sorted(by: { $0.key < $1.key }) {
            guard let account = stored[name] else { continue }
            // With their pending rows and likely causes, as `reconcile` shows them.
            changed += try ledger.refreshCheckpoints(of: account, from: day).map { checkpoint in
                try ledger.explained(checkpoint, of: account)
            }
        }
        let own = Set(report.checkpoints.map(\.id))
        return changed.filter { !own.contains($0.id) }
    }

    /// Marks the report stopped at the error.
    mutating func stop(with error: any Error, file: String) {
        report.status = .stopped
        if let refused = error as? BatchRefused {
            // The store names the row that failed when one did; otherwise the batch as a whole.
            let offset = refused.locations.firstIndex(of: refused.error.location)
            report.failure = ImportFailure(
                record: refused.firstRecord + (offset ?? 0),
                location: offset == nil ? (refused.locations.first ?? refused.error.location) : refused.error.location,
                reason: refused.error.message)
        } else if let stored = error as? StoreError, let ledger, ledger.isLedgerFailure(stored) {
            // The ledger itself failed (its lock, its disk) outside a batch: no record is to blame.
            report.failure = ImportFailure(
                record: nil, location: stored.location,
                reason: "the ledger failed, not a record (\(report.inserted) rows kept): \(stored.message)")
            report.failure?.isLedgerFailure = true
        } else if let located = error as? any LocatedError {
            let choice = (error as? MissingChoice)?.choice
            let record = report.read == 0 && (choice != nil || located.precedesRecords) ? nil : report.read + 1
            report.failure = ImportFailure(record: record, location: located.location, reason: located.message)
            report.failure?.missingChoice = choice
        } else {
            report.failure = ImportFailure(record: report.read + 1, location: .file(file), reason: "\(error)")
        }
        removeEmptyCreatedAccounts()
    }

    /// Removes the accounts this import created and left empty (it stopped before a batch with
    /// their rows was saved): a stopped import leaves nothing of them behind.
    private mutating func removeEmptyCreatedAccounts() {
        guard let ledger, !created.isEmpty else { return }
        // The failure already reported is what matters; if the ledger can't remove them now
        // (it is what failed), the empty accounts stay, as before.
        _ = try? ledger.removeEmptyAccounts(created)
        created = []
    }

    // MARK: - Private

    /// Counts a dry run's checked draft: batches mark progress, nothing is kept.
    private mutating func countChecked() throws {
        report.read += 1
        report.new += 1
        batchDrafts += 1
        if batchDrafts >= batchSize { try flush() }
    }

    private mutating func add(_ prepared: consuming PreparedDraft) throws {
        report.read += 1
        if let comparedLedger {
            try check(prepared, against: comparedLedger)
            return
        }
        // The draft is read in place, not first copied out of `prepared` (a copy retains and
        // releases each of its strings).
        let account = try cachedAccount(
            named: prepared.draft.account, currency: prepared.draft.amount.currency, at: prepared.draft.location)
        if account.currency != prepared.draft.amount.currency {
            throw StoreError(
                .currencyMismatch(
                    account: account.name, accountCurrency: account.currency.code,
                    found: prepared.draft.amount.currency.code),
                at: prepared.draft.location)
        }
        let assignment = rules?.assignment(
            for: RuleInput(prepared.draft, format: report.format, mapping: report.mapping))
        if let last = batchEarliest.last, last.account.hasSameUTF8(as: prepared.draft.account) {
            if prepared.draft.bookingDay < last.day {
                batchEarliest[batchEarliest.count - 1].day = prepared.draft.bookingDay
            }
        } else {
            batchEarliest.append((prepared.draft.account, prepared.draft.bookingDay))
        }
        let fingerprint = prepared.fingerprint
        let occurrence = prepared.occurrence
        batch.append(
            .insert(
                PendingRow(
                    draft: (consume prepared).draft, accountID: account.id, fingerprint: fingerprint,
                    occurrence: occurrence, assignment: assignment)))
        batchDrafts += 1
        if batchDrafts >= batchSize { try flush() }
    }

    /// Queues a dry run's draft for the look-up of its identity; a draft of an account the
    /// ledger doesn't hold is new.
    private mutating func check(_ prepared: PreparedDraft, against ledger: any ImportStore) throws {
        let draft = prepared.draft
        let lookup = try lookUp(draft, in: ledger)
        if let account = lookup.account {
            if account.currency != draft.amount.currency {
                throw StoreError(
                    .currencyMismatch(
                        account: account.name, accountCurrency: account.currency.code,
                        found: draft.amount.currency.code),
                    at: draft.location)
            }
            batch.append(
                .insert(
                    PendingRow(
                        draft: draft, accountID: account.id, fingerprint: prepared.fingerprint,
                        occurrence: prepared.occurrence)))
        } else if let id = draft.externalID, !seenIDs.insert(Self.idKey(lookup.number, id)).inserted {
            report.duplicates += 1
        } else {
            report.new += 1
        }
        batchDrafts += 1
        if batchDrafts >= batchSize { try flush() }
    }

    /// A dry run's account for a draft: the stored one, or `nil` when the ledger doesn't hold it,
    /// with the account's number in this import. The last answer is kept and reused while the
    /// name's bytes stay the same (drafts come in runs): hashing a name that isn't ASCII
    /// (`Giro ••••6789`) normalises it, which costs more than the rest of a row's check.
    private mutating func lookUp(_ draft: Draft, in ledger: any ImportStore) throws -> AccountLookup {
        if let last = lastLookup, last.name.hasSameUTF8(as: draft.account) { return last }
        let account: StoredAccount?
        if unstored.contains(draft.account) {
            account = nil
        } else if let cached = stored[draft.account] {
            account = cached
        } else {
            guard let reference = declared[draft.account] else {
                throw ImportError(.undeclaredAccount(draft.account), at: draft.location)
            }
            account = try ledger.existingAccount(matching: reference)
            if let account { stored[draft.account] = account } else { unstored.insert(draft.account) }
        }
        let number: Int
        if let known = accountNumbers[draft.account] {
            number = known
        } else {
            number = accountNumbers.count
            accountNumbers[draft.account] = number
        }
        let lookup = AccountLookup(name: draft.account, account: account, number: number)
        lastLookup = lookup
        return lookup
    }

    /// Counts the queued rows of a dry run as new or already stored.
    private mutating func countNew(against ledger: any ImportStore) throws {
        let rows = batch.compactMap { item -> PendingRow? in
            guard case .insert(let row) = item else { return nil }
            return row
        }
        for (row, isStored) in zip(rows, try ledger.isStored(rows)) {
            var isDuplicate = isStored
            if let id = row.draft.externalID, !seenIDs.insert(Self.idKey(row.draft.account, id)).inserted {
                isDuplicate = true
            }
            if isDuplicate { report.duplicates += 1 } else { report.new += 1 }
        }
    }

    private static func idKey(_ account: String, _ id: String) -> Int {
        var hasher = Hasher()
        hasher.combine(account)
        hasher.combine(id)
        return hasher.finalize()
    }

    /// The key of an id of an account the ledger doesn't hold, by the account's number
    /// (``AccountLookup``): its name is not hashed again for every row.
    private static func idKey(_ account: Int, _ id: String) -> Int {
        var hasher = Hasher()
        hasher.combine(account)
        hasher.combine(id)
        return hasher.finalize()
    }

    /// Queues a source's withdrawal of a transaction it sent earlier, in order with the drafts.
    /// An account the ledger doesn't hold has nothing to withdraw.
    private mutating func withdraw(_ correction: DraftCorrection) throws {
        report.corrections += 1
        guard let ledger else { return }
        guard let account = try stored[correction.account] ?? ledger.account(named: correction.account) else { return }
        batch.append(
            .withdraw(accountID: account.id, externalID: correction.correctedExternalID, location: correction.location))
        // The withdrawn row's day is unknown here: later checkpoints are all brought up to date.
        earliestDay[correction.account] = Day(year: 1, month: 1, day: 1)
        stored[correction.account] = account
        // Corrections fill the batch too: a source withdrawing without end keeps it bounded.
        if batch.count >= 2 * batchSize { try flush() }
    }

    /// The stored account for a draft, remembering the last one (drafts come in runs).
    private mutating func cachedAccount(named name: String, currency: Currency, at location: SourceLocation) throws
        -> StoredAccount
    {
        if let last = lastAccount, last.name == name { return last }
        guard let account = try storedAccount(named: name, currency: currency, at: location) else {
            throw ImportError(.undeclaredAccount(name), at: location)
        }
        lastAccount = account
        return account
    }

    /// The stored account for a declared name, created on first use.
    private mutating func storedAccount(named name: String, currency: Currency, at location: SourceLocation) throws
        -> StoredAccount?
    {
        if let account = stored[name] { return account }
        guard let ledger, let reference = declared[name] else { return nil }
        let (account, isNew) = try ledger.ensureAccountNotingCreation(reference, fallbackCurrency: currency)
        if isNew { created.append(account.id) }
        stored[name] = account
        return account
    }

}

/// A dry run's answer for one account name: the stored account, or `nil` when the ledger doesn't
/// hold it, and the account's number in this import.
private struct AccountLookup {
    let name: String
    let account: StoredAccount?
    let number: Int
}

/// Ends a reading that only settles a file, at its first record.
struct FirstRecordReached: Error {}

/// A batch the store refused, with the records it held.
private struct BatchRefused: Error {
    let error: StoreError
    let firstRecord: Int
    /// Every row's location, in batch order.
    let locations: [SourceLocation]
}

extension StatementBalance.Kind {
    /// Opening balances are checked before the day's ledger balance.
    fileprivate var order: Int {
        switch self {
        case .opening: return 0
        case .ledger: return 1
        case .available: return 2
        }
    }
}
