import LedgerCore
import LedgerStore

/// Streams a ledger's rows into a journal or a CSV file, with opening balances and checkpoints
/// as balance assertions.
///
/// Rows come one at a time from the store's one listing query
/// (``Ledger/transactionRows(matching:_:)``, the same as `transactions --json`) and are written
/// as they are read, into a buffer handed to `emit` every 64 KiB: memory holds one row, one chunk
/// and the accounts' checkpoints, whatever the number of rows. A row's texts go from SQLite's
/// bytes into the buffer without a `String` between (``ExportRow``), unless the row is held back
/// or needs more than its own columns (a transfer's, a split row).
///
/// For each account, in order:
///
/// - with a first day (`--from`), an opening entry on that day for the balance ledgerport has at
///   the end of the day before (a checkpoint's statement balance and the rows after it, or the
///   rows before);
/// - on the day of the account's first checkpoint (its baseline), an opening entry for the
///   difference between the statement's balance and the rows up to that day, so that the journal
///   agrees with ledgerport from the first statement on;
/// - each row, two postings (or one per split line besides the bank's), the bank's first; a
///   transfer's rows (`docs/transfers.md`, ``ExportTransfers``) as one entry with both bank
///   postings when both are in the output, in the part of the account that comes first;
/// - each checkpoint as an assertion of its statement balance (plus the pending rows up to its
///   day that the journal holds, since the tools count them): on the bank posting of the last row
///   of its day, or on an entry of its own when that day has no row in the output. A checkpoint
///   that found a discrepancy asserts a balance the journal doesn't reach, and the tool says so.
public struct Exporter {
    /// About how many bytes are gathered before they are handed on.
    public static let chunkSize = 64 * 1024

    private let request: ExportRequest
    private let ledger: any ExportReading

    public init(_ request: ExportRequest, from ledger: any ExportReading) {
        self.request = request
        self.ledger = ledger
    }

    /// Writes the export, handing its text to `emit` in chunks, in order.
    ///
    /// - Returns: what was written, and the mark to save under the export's name.
    /// - Throws: ``ExportError`` before anything is written when an account's journal name or a
    ///   commodity can't be written in the format; ``StoreError`` when the ledger can't be read;
    ///   whatever `emit` throws.
    public func run(emit: ([UInt8]) throws -> Void) throws -> ExportSummary {
        try ledger.reading { () throws -> ExportSummary in try runInSnapshot(emit: emit) }
    }

    private func runInSnapshot(emit: ([UInt8]) throws -> Void) throws -> ExportSummary {
        let format = request.format
        let bankNames = request.names.bankAccounts(try ledger.allAccounts())
        for account in request.accounts {
            let name = bankNames[account.id] ?? JournalNames.defaultName(of: account)
            if let problem = JournalName.problem(with: name, for: format) {
                throw ExportError(
                    .badAccountName(name: name, format: format, why: problem + " (ledger account \(account.name))"),
                    at: .file(request.names.source ?? "ledgerport export"))
            }
            if format == .beancount { _ = try BeancountWriter.commodity(account.currency) }
        }
        for name in try ledger.counterAccountsInUse(on: request.accounts) {
            if let problem = JournalName.problem(with: name, for: format) {
                throw ExportError(
                    .badAccountName(
                        name: name, format: format,
                        why: problem + " (a counter-account set by a rule or `transactions edit`)"),
                    at: .file(request.names.source ?? "ledgerport export"))
            }
        }
        let last = try ledger.lastIDs()
        return try withoutActuallyEscaping(emit) { emit in
            try write(format: format, bankNames: bankNames, last: last, emit: emit)
        }
    }

    private func write(
        format: ExportFormat, bankNames: [Int64: String], last: (transaction: Int64, checkpoint: Int64),
        emit: @escaping ([UInt8]) throws -> Void
    ) throws -> ExportSummary {
        var state = ExportOutput(
            writer: Self.writer(for: format, mark: request.mark), emit: emit,
            summary: ExportSummary(
                mark: ExportMark(
                    name: request.mark?.name ?? "", format: format.rawValue, lastTransactionID: last.transaction,
                    lastCheckpointID: last.checkpoint, openedAccounts: [])), names: request.names)
        state.writer.begin(into: &state.buffer)
        let transfers = try ExportTransfers(
            request: request, ledger: ledger, bankNames: bankNames, lastTransactionID: last.transaction)
        for account in request.accounts {
            let bank = bankNames[account.id] ?? JournalNames.defaultName(of: account)
            try exportAccount(
                account, bank: bank, lastTransactionID: last.transaction, transfers: transfers, state: &state)
        }
        state.writer.finish(into: &state.buffer)
        try state.flush(force: true)
        state.summary.mark.openedAccounts = state.writer.openedAccounts
        return state.summary
    }

    /// One account's entries, in day order.
    private func exportAccount(
        _ account: StoredAccount, bank: String, lastTransactionID: Int64, transfers: ExportTransfers,
        state: inout ExportOutput
    )
        throws
    {
        let window = request.window
        let from = window.start
        let through = window.end?.previous
        let history = try ledger.checkpoints(of: account).reversed()
        var plan = AccountPlan(account: account, bank: bank, includesPending: request.includesPending)
        plan.checkpoints = history.filter { checkpoint in
            (from.map { checkpoint.asOf >= $0 } ?? true) && (through.map { checkpoint.asOf <= $0 } ?? true)
                && checkpoint.id > (request.mark?.lastCheckpointID ?? 0)
        }
        if let first = history.first, plan.checkpoints.first?.id == first.id {
            let rowsThrough = try ledger.balance(of: account, asOf: first.asOf)
            let difference = first.actual - rowsThrough
            if difference != 0 { plan.baseline = (first.asOf, difference) }
        }
        if let from, request.mark == nil {
            let carried: Int64
            if let before = history.last(where: { $0.asOf < from }) {
                carried = before.actual + (try ledger.net(of: account, after: before.asOf, through: from.previous))
            } else {
                carried = try ledger.balance(of: account, asOf: from.previous)
            }
            if carried != 0 {
                try state.write(
                    plan.opening(on: from, amount: carried, description: "Opening balance"), row: nil)
            }
        }
        plan.pendingAfter = from?.previous
        plan.pendingMaxID = lastTransactionID
        let query = TransactionQuery(account: account, window: window, afterID: request.mark?.lastTransactionID)
        var failure: (any Error)?
        var previousAccount: String?
        var rowEntry: JournalEntry?
        /// A row that goes through a ``StoredTransaction``: a transfer's (written with its other
        /// side, or not here), a split row, one held back, every row of a store without SQLite's bytes.
        func write(_ row: StoredTransaction, partner: TransferPartner?) throws {
            var entry = plan.entry(for: row, counterAccounts: &state.counterAccounts)
            if let partner {
                let counter: String
                switch transfers.placement(of: row, in: account, partner: partner) {
                case .withOther: return
                case .both(let otherBank), .alone(let otherBank): counter = otherBank
                case .cleared: counter = JournalNames.transfers
                }
                entry.postings = [entry.postings[0], .init(account: counter, amount: -row.signedMinorUnits)]
                entry.transferID = partner.transferID
            }
            try plan.advance(to: row.bookingDay, ledger: ledger, state: &state)
            plan.held = (row, entry)
        }
        guard let sqlite = ledger as? Ledger else {
            try ledger.transactions(matching: query) { row in
                guard failure == nil else { return }
                do {
                    if row.status == .pending && !request.includesPending {
                        state.summary.pendingLeftOut += 1
                        return
                    }
                    try write(row, partner: transfers.partners.isEmpty ? nil : transfers.partners[row.id])
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            try plan.advance(to: nil, ledger: ledger, state: &state)
            return
        }
        try sqlite.transactionRows(matching: query) { read in
            guard failure == nil else { return }
            do {
                if read.status == .pending && !request.includesPending {
                    state.summary.pendingLeftOut += 1
                    return
                }
                // Most rows go from SQLite's bytes into the output: all but a transfer's, a split
                // row, one that may carry a checkpoint's assertion (held back until the next row
                // shows whether it ends its day) and one whose texts aren't valid UTF-8.
                let partner = transfers.partners.isEmpty ? nil : transfers.partners[read.id]
                if partner == nil && !read.hasSplits {
                    try plan.advance(to: read.bookingDay, ledger: ledger, state: &state)
                    if !plan.awaitsCheckpoint(on: read.bookingDay), let row = ExportRow(read) {
                        var entry = rowEntry.take() ?? plan.rowEntry(on: read.bookingDay)
                        AccountPlan.fill(&entry, from: row, counterAccounts: &state.counterAccounts)
                        try state.write(entry, exportRow: row)
                        rowEntry = entry
                        return
                    }
                }
                let row = try read.stored(previousAccount: previousAccount)
                previousAccount = row.account
                try write(row, partner: partner)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        try plan.advance(to: nil, ledger: ledger, state: &state)
    }

    private static func writer(for format: ExportFormat, mark: ExportMark?) -> any ExportWriter {
        switch format {
        case .hledger, .ledger: return PlainTextJournalWriter(format: format)
        case .beancount: return BeancountWriter(alreadyOpened: mark?.openedAccounts ?? [])
        case .csv: return CSVExportWriter()
        }
    }
}
