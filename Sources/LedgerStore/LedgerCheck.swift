/// What `check()` found, on a SQLite ledger (``Ledger/check()``) or a PostgreSQL one
/// (``PostgresLedger/check()``): each check with its findings.
public struct LedgerCheck: Sendable, Hashable {
    /// One check: its name, what it verifies, and what it found (nothing when it passed).
    public struct Item: Sendable, Hashable {
        public var name: String
        public var summary: String
        /// One line per problem, the first ones only when there are many.
        public var findings: [String]
        /// Why nothing was checked, when the check couldn't be made at all (a server's storage
        /// without the means to check it): not a finding, and never shown as passed.
        public var notChecked: String?

        /// Whether the check found nothing wrong.
        public var passed: Bool { findings.isEmpty }
    }

    /// The ledger checked: its file, or the server and the ledger's name.
    public var path: String
    public var items: [Item]
    /// How to recover a damaged ledger.
    public var recovery: String

    /// A check's result; the recovery is a SQLite file's unless another is given.
    init(path: String, items: [Item], recovery: String? = nil) {
        self.path = path
        self.items = items
        self.recovery = recovery ?? StoreError.recovery(for: path)
    }

    /// Whether every check passed.
    public var isSound: Bool { items.allSatisfy(\.passed) }
}
