import LedgerCore
import LedgerStore

/// One transaction as a journal writes it: a day, a flag, texts and postings that sum to zero.
///
/// An export builds one per stored row (``Kind/row``), plus the ones ledgerport adds: an opening
/// balance (``Kind/opening``) and a balance assertion on a day with no row to carry it
/// (``Kind/assertion``, one posting of zero).
public struct JournalEntry: Sendable, Hashable {
    /// What the entry stands for.
    public enum Kind: Sendable, Hashable {
        /// A stored transaction.
        case row
        /// The balance carried into the journal, or the difference a first statement balance
        /// makes to the rows before it.
        case opening
        /// A checkpoint on a day where no exported row of the account can carry it.
        case assertion
    }

    /// One line of an entry: an account and a signed amount in the entry's currency.
    public struct Posting: Sendable, Hashable {
        /// The journal account.
        public var account: String
        /// Signed minor units of the entry's currency.
        public var amount: Int64
        /// The balance the account must have after this posting (signed minor units), when a
        /// checkpoint asserts one.
        public var assertion: Int64?

        public init(account: String, amount: Int64, assertion: Int64? = nil) {
            self.account = account
            self.amount = amount
            self.assertion = assertion
        }
    }

    public var kind: Kind
    /// The booking day.
    public var day: Day
    /// Whether the bank still shows the row as pending (`!`); otherwise it is cleared (`*`).
    public var isPending: Bool
    /// The counterparty, when the source named one apart from the description.
    public var payee: String?
    public var description: String
    public var memo: String
    /// The stable id written as `lp-id` / `lp_id` metadata: the stored row's id, or for an added
    /// entry what it was made from (`opening:ACCOUNT`, `checkpoint:ID`).
    public var id: String
    public var currency: Currency
    /// The postings, the bank account's first; their amounts sum to zero.
    public var postings: [Posting]
    /// The transfer the row is a side of (`docs/transfers.md`), when it is one.
    public var transferID: Int64?

    public init(
        kind: Kind, day: Day, isPending: Bool = false, payee: String? = nil, description: String, memo: String = "",
        id: String, currency: Currency, postings: [Posting]
    ) {
        self.kind = kind
        self.day = day
        self.isPending = isPending
        self.payee = payee
        self.description = description
        self.memo = memo
        self.id = id
        self.currency = currency
        self.postings = postings
    }
}
