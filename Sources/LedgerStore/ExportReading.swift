import LedgerCore

/// What `export` reads from a ledger and writes to it (its marks), whichever store holds it
/// (issue 21). The journal itself is written once for both stores, by `LedgerExport`'s
/// `Exporter`; a store hands it the accounts, checkpoints, sums and rows.
public protocol ExportReading: ReportReading {
    /// Runs `body` against one snapshot, so that an export's rows, checkpoints and sums agree
    /// even while an import commits. A snapshot already open is joined.
    func reading<T>(_ body: () throws -> T) throws -> T

    /// The mark a named export left, or `nil` before its first run.
    func exportMark(named name: String) throws(StoreError) -> ExportMark?

    /// Saves a named export's mark, replacing the one before.
    func saveExportMark(_ mark: ExportMark) throws(StoreError)

    /// The largest transaction and checkpoint ids stored now (0 when there are none).
    func lastIDs() throws(StoreError) -> (transaction: Int64, checkpoint: Int64)

    /// The counter-accounts rules or hand edits set on the accounts' rows, each once, sorted.
    func counterAccountsInUse(on accounts: [StoredAccount]) throws(StoreError) -> [String]

    /// The signed sum of an account's pending transactions on days after `after` up to and
    /// including `through` (open bounds take everything), with ids up to `maxID`.
    func pendingNet(of account: StoredAccount, after: Day?, through: Day?, maxID: Int64) throws(StoreError) -> Int64

    /// For each row of `accountIDs` in a transfer, the other side.
    func transferPartners(accountIDs: [Int64]) throws(StoreError) -> [Int64: TransferPartner]
}

extension Ledger: ExportReading {}

extension TransferPartner {
    /// Every transfer pair with both sides' id, account, day and status, as both stores read them
    /// for ``ExportReading/transferPartners(accountIDs:)``.
    static let pairsSQL = """
        SELECT p.id, o.id, o.account_id, o.day, o.status, i.id, i.account_id, i.day, i.status
        FROM transfers p
        JOIN transactions o ON o.id = p.out_id
        JOIN transactions i ON i.id = p.in_id
        """
}
