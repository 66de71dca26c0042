/// Where a named export stopped (`export --since-last NAME`): the next export of that name
/// writes only what came after.
public struct ExportMark: Sendable, Hashable {
    /// The name the person gave the export.
    public var name: String
    /// The format it was written in (`hledger`, `ledger`, `beancount`, `csv`).
    public var format: String
    /// The largest transaction id written; rows above it are new.
    public var lastTransactionID: Int64
    /// The largest checkpoint id written; checkpoints above it are new.
    public var lastCheckpointID: Int64
    /// The journal accounts the export has opened (beancount's `open` directives), sorted.
    public var openedAccounts: [String]

    public init(
        name: String, format: String, lastTransactionID: Int64, lastCheckpointID: Int64, openedAccounts: [String]
    ) {
        self.name = name
        self.format = format
        self.lastTransactionID = lastTransactionID
        self.lastCheckpointID = lastCheckpointID
        self.openedAccounts = openedAccounts
    }
}
