import LedgerCore

/// What the listing commands read from a ledger, whichever store holds it: a SQLite file
/// (``Ledger``) or a ledger on a PostgreSQL server (``PostgresLedger``, issue 21).
///
/// One protocol by concern: this one reads. The import's door, the sync and the changes by hand
/// stay on the concrete stores until their commands run on PostgreSQL too; a command holds an
/// `any LedgerReading` only for a listing, where a dynamic call per listing (not per row written)
/// costs nothing. Logic that doesn't depend on the SQL (the current balance from the latest
/// checkpoint, the text filters of ``TransactionQuery``) is written once, here or in the query.
public protocol LedgerReading: AnyObject {
    /// Where errors about this ledger point: the file's path, or the server and the ledger's name.
    var shownLocation: String { get }

    /// The account with this name, if any.
    func account(named name: String) throws(StoreError) -> StoredAccount?

    /// Every account, by name (byte order, as SQLite's `BINARY` collation sorts).
    func allAccounts() throws(StoreError) -> [StoredAccount]

    /// Every account with its current balance (``checkpointedBalance(of:)``) and transaction
    /// count, by name, read from one snapshot.
    func accountSummaries() throws(StoreError) -> [AccountSummary]

    /// The imports log, newest first.
    func imports() throws(StoreError) -> [ImportRecord]

    /// An account's checkpoint history, newest first.
    func checkpoints(of account: StoredAccount) throws(StoreError) -> [Checkpoint]

    /// The signed sum of an account's booked transactions on the days after `after` up to and
    /// including `through` (open bounds take every day).
    func net(of account: StoredAccount, after: Day?, through: Day?) throws(StoreError) -> Int64

    /// The transactions with these ids, in id order (unknown ids are left out).
    func transactions(ids: [Int64]) throws(StoreError) -> [StoredTransaction]

    /// Hands the transactions a query selects to `body`, in the query's order (account name,
    /// booking day, the order they were stored).
    ///
    /// - Returns: how many rows were read from the store, matched or not.
    @discardableResult
    func transactions(matching query: TransactionQuery, _ body: (StoredTransaction) -> Void) throws(StoreError)
        -> Int
}

extension LedgerReading {
    /// The account's balance now: the latest checkpoint's statement balance plus the booked
    /// transactions after its day, or the sum of all booked transactions when it has none.
    ///
    /// Both stores compute ``AccountSummary/balance`` with it (the caller holds the snapshot).
    ///
    /// - Throws: ``StoreError`` `.overflow` when the sum leaves 64 bits, or a store failure.
    public func checkpointedBalance(of account: StoredAccount) throws(StoreError) -> Int64 {
        guard let latest = try checkpoints(of: account).first else {
            return try net(of: account, after: nil, through: nil)
        }
        let net = try self.net(of: account, after: latest.asOf, through: nil)
        let (sum, overflow) = latest.actual.addingReportingOverflow(net)
        if overflow { throw StoreError(.overflow("the balance of \(account.name)"), at: .file(shownLocation)) }
        return sum
    }
}

extension Ledger: LedgerReading {
    public var shownLocation: String { path }
}
