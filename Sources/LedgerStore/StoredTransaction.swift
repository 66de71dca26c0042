import LedgerCore

/// A transaction as the ledger holds it.
public struct StoredTransaction: Sendable, Hashable {
    public var id: Int64
    public var account: String
    public var bookingDay: Day
    public var transactionDay: Day?
    public var amount: Money
    public var direction: Direction
    public var description: String
    public var memo: String
    /// The counterparty by name, when the source gave one apart from the description.
    public var payee: String?
    /// The category the source filed the row under, as written (`[Savings]` for a transfer).
    public var category: String?
    /// The parts of a split row, in source order; empty when it isn't split.
    public var splits: [SplitLine] = []
    /// The rules that set values on the row, in file order (`docs/rules.md`); empty when none did.
    public var ruleIDs: [String] = []
    /// A note a rule or a person set.
    public var note: String?
    /// Tags a rule or a person set, in order.
    public var tags: [String] = []
    /// The account on the other side in an exported journal, set by a rule or a person.
    public var counterAccount: String?
    /// The fields a person set by hand (`transactions edit`): `rules apply` never changes them.
    public var handSet: [RuleField] = []
    public var status: TransactionStatus
    public var externalID: String?
    /// The statement's balance after this row, when the source stated one.
    public var statementBalance: Int64?
    /// The file, line and column the row was read from, when known.
    public var location: SourceLocation?

    /// The amount with its direction's sign.
    public var signedMinorUnits: Int64 { amount.signedMinorUnits(direction) }
}

/// An account with its booked balance and how many transactions it holds.
public struct AccountSummary: Sendable, Hashable {
    public var account: StoredAccount
    /// The current balance in signed minor units: the latest checkpoint plus booked rows since.
    public var balance: Int64
    /// Every transaction, pending included.
    public var transactionCount: Int
}
