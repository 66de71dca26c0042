import LedgerCore
import LedgerStore

/// The state of one import while it runs: declared accounts, the batch being filled, occurrence
/// counts for identity, statement balances waiting for the checkpoint.
struct ImportSession {
    let ledger: Ledger?
    let batchSize: Int
    let progress: ((ImportProgress) -> Void)?
    var report: ImportReport

    private var declared: [String: AccountReference] = [:]
    private var stored: [String: StoredAccount] = [:]
    private var accountNumbers: [String: Int64] = [:]
    private var batch: [PendingRow] = []
    private var occurrences: [OccurrenceKey: Int32] = [:]
    private var balances: [StatementBalance] = []
    /// The earliest booking day saved per account, to refresh later checkpoints from.
    private var earliestDay: [String: Day] = [:]
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    init(ledger: Ledger?, batchSize: Int, progress: ((ImportProgress) -> Void)?, report: ImportReport) {
        self.ledger = ledger
        self.batchSize = batchSize
        self.progress = progress
        self.report = report
        self.started = clock.now
        batch.reserveCapacity(batchSize)
    }

    /// Takes one event from the adapter.
    mutating func accept(_ event: AdapterEvent) throws {
        switch event {
        case .account(let reference):
            try declare(reference)
        case .draft(let draft):
            try add(draft)
        case .balance(let balance):
            balances.append(balance)
        case .skipped(let skipped):
            report.skipped.append(skipped)
        case .mapping(let name):
            report.mapping = name
        }
    }

    /// Saves the batch in progress, if any.
    mutating func flush() throws {
        guard !batch.isEmpty else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        if let ledger {
            switch ledger.save(batch, importID: report.importID) {
            case .saved(let inserted, let duplicates):
                report.inserted += inserted
                report.duplicates += duplicates
                for row in batch where earliestDay[row.draft.account].map({ row.draft.bookingDay < $0 }) ?? true {
                    earliestDay[row.draft.account] = row.draft.bookingDay
                }
            case .notSaved(let error):
                let firstRecord = report.read - batch.count + 1
                throw BatchRefused(error: error, firstRecord: firstRecord, location: batch[0].draft.location)
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
                try ledger.checkpoint(
                    account, asOf: balance.asOf, actual: balance.signedMinorUnits, source: .opening,
                    importID: report.importID, yieldingToExisting: true)
            case .ledger:
                let checkpoint = try ledger.checkpoint(
                    account, asOf: balance.asOf, actual: balance.signedMinorUnits, source: .import,
                    importID: report.importID)
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
            changed += try ledger.refreshCheckpoints(of: account, from: day)
        }
        let own = Set(report.checkpoints.map(\.id))
        return changed.filter { !own.contains($0.id) }
    }

    /// Marks the report stopped at the error.
    mutating func stop(with error: any Error, file: String) {
        report.status = .stopped
        if let refused = error as? BatchRefused {
            report.failure = ImportFailure(
                record: refused.firstRecord,
                location: refused.error.location == .file(ledger?.path ?? "")
                    ? refused.location : refused.error.location,
                reason: refused.error.message)
        } else if let located = error as? any LocatedError {
            report.failure = ImportFailure(record: report.read + 1, location: located.location, reason: located.message)
        } else {
            report.failure = ImportFailure(record: report.read + 1, location: .file(file), reason: "\(error)")
        }
    }

    // MARK: - Private

    private mutating func declare(_ reference: AccountReference) throws {
        declared[reference.name] = reference
        if !report.accounts.contains(reference.name) { report.accounts.append(reference.name) }
    }

    private mutating func add(_ draft: Draft) throws {
        report.read += 1
        let reference = declared[draft.account]
        guard reference != nil else {
            throw ImportError(.undeclaredAccount(draft.account), at: draft.location)
        }
        try draft.validate(accountCurrency: reference?.currency)
        let accountNumber: Int64
        if let ledger {
            guard
                let account = try storedAccount(
                    named: draft.account, currency: draft.amount.currency, at: draft.location)
            else { throw ImportError(.undeclaredAccount(draft.account), at: draft.location) }
            if account.currency != draft.amount.currency {
                throw StoreError(
                    .currencyMismatch(
                        account: account.name, accountCurrency: account.currency.code,
                        found: draft.amount.currency.code), at: draft.location)
            }
            _ = ledger
            accountNumber = account.id
        } else {
            accountNumber = number(forAccount: draft.account)
        }
        let fingerprint = draft.fingerprint
        var occurrence = 1
        if draft.externalID == nil {
            let key = OccurrenceKey(account: accountNumber, fingerprint: fingerprint)
            let count = (occurrences[key] ?? 0) + 1
            occurrences[key] = count
            occurrence = Int(count)
        }
        batch.append(
            PendingRow(draft: draft, accountID: accountNumber, fingerprint: fingerprint, occurrence: occurrence))
        if batch.count >= batchSize { try flush() }
    }

    /// The stored account for a declared name, created on first use.
    private mutating func storedAccount(named name: String, currency: Currency, at location: SourceLocation) throws
        -> StoredAccount?
    {
        if let account = stored[name] { return account }
        guard let ledger, let reference = declared[name] else { return nil }
        let account = try ledger.ensureAccount(reference, fallbackCurrency: currency)
        stored[name] = account
        return account
    }

    private mutating func number(forAccount name: String) -> Int64 {
        if let number = accountNumbers[name] { return number }
        let number = Int64(accountNumbers.count + 1)
        accountNumbers[name] = number
        return number
    }
}

/// Identity among identical records of one source: the account and the draft's fingerprint.
private struct OccurrenceKey: Hashable {
    let account: Int64
    let fingerprint: Int64
}

/// A batch the store refused, with the records it held.
private struct BatchRefused: Error {
    let error: StoreError
    let firstRecord: Int
    let location: SourceLocation
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
