/// What `Ledger.check()` found: each check with its findings.
public struct LedgerCheck: Sendable, Hashable {
    /// One check: its name, what it verifies, and what it found (nothing when it passed).
    public struct Item: Sendable, Hashable {
        public var name: String
        public var summary: String
        /// One line per problem, the first ones only when there are many.
        public var findings: [String]

        /// Whether the check found nothing wrong.
        public var passed: Bool { findings.isEmpty }
    }

    /// The ledger file checked.
    public var path: String
    public var items: [Item]

    /// Whether every check passed.
    public var isSound: Bool { items.allSatisfy(\.passed) }

    /// How to recover a damaged ledger.
    public var recovery: String { StoreError.recovery(for: path) }
}
