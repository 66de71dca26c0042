import LedgerCore
import LedgerStore

/// The transfers among an export's rows (`docs/transfers.md`), read once before the first row:
/// each paired row's other side, and how the pair is written.
struct ExportTransfers {
    /// How a transfer's row is written.
    enum Placement: Equatable {
        /// One entry with both bank postings, written with this row.
        case both(otherBank: String)
        /// Nothing: the entry written with the other row holds this one.
        case withOther
        /// Alone, against the other account's journal name: the other account isn't exported
        /// (or the output is CSV, one line per row).
        case alone(otherBank: String)
        /// Alone, against `Equity:Transfers`, where the two rows cancel: the other account is
        /// exported but its row isn't in this output (another window, an earlier `--since-last`
        /// part), so its bank posting would change that account's balance twice; or both rows
        /// are in the output but one entry can't hold them without breaking one of the second
        /// account's assertions (one dated between the two rows' days, which sees the entry's day;
        /// for Ledger, which checks assertions in file order, any dated before its row).
        case cleared
    }

    /// For each exported account's row in a transfer, the other side.
    let partners: [Int64: TransferPartner]
    private let format: ExportFormat
    /// Each exported account's place in the export's order.
    private let order: [Int64: Int]
    private let bankNames: [Int64: String]
    private let window: DayWindow
    private let afterID: Int64
    private let lastTransactionID: Int64
    private let includesPending: Bool
    /// Each exported account's asserted days, when the output has transfers.
    private let assertionDays: [Int64: [Day]]

    init(request: ExportRequest, ledger: any ExportReading, bankNames: [Int64: String], lastTransactionID: Int64) throws
    {
        partners = try ledger.transferPartners(accountIDs: request.accounts.map(\.id))
        format = request.format
        var order: [Int64: Int] = [:]
        for (index, account) in request.accounts.enumerated() { order[account.id] = index }
        self.order = order
        self.bankNames = bankNames
        window = request.window
        afterID = request.mark?.lastTransactionID ?? 0
        self.lastTransactionID = lastTransactionID
        includesPending = request.includesPending
        var assertionDays: [Int64: [Day]] = [:]
        if request.format != .csv && !partners.isEmpty {
            let from = window.start
            let through = window.end?.previous
            for account in request.accounts {
                assertionDays[account.id] = try ledger.checkpoints(of: account).filter { checkpoint in
                    (from.map { checkpoint.asOf >= $0 } ?? true) && (through.map { checkpoint.asOf <= $0 } ?? true)
                        && checkpoint.id > (request.mark?.lastCheckpointID ?? 0)
                }.map(\.asOf)
            }
        }
        self.assertionDays = assertionDays
    }

    /// How `row` of `account`, whose other side is `partner`, is written.
    func placement(of row: StoredTransaction, in account: StoredAccount, partner: TransferPartner) -> Placement {
        let otherBank = bankNames[partner.accountID] ?? JournalNames.transfers
        guard format != .csv, let theirs = order[partner.accountID], let ours = order[account.id] else {
            return .alone(otherBank: otherBank)
        }
        guard
            window.contains(partner.day), partner.rowID > afterID, partner.rowID <= lastTransactionID,
            includesPending || !partner.isPending
        else { return .cleared }
        // The entry is written in the first account's part, on its row's day.
        let (firstDay, second, secondDay) =
            ours < theirs ? (row.bookingDay, partner.accountID, partner.day) : (partner.day, account.id, row.bookingDay)
        let days = assertionDays[second] ?? []
        let breaks =
            format == .ledger
            ? days.contains { $0 < secondDay }
            : days.contains { $0 >= min(firstDay, secondDay) && $0 < max(firstDay, secondDay) }
        guard !breaks else { return .cleared }
        return ours < theirs ? .both(otherBank: otherBank) : .withOther
    }
}
