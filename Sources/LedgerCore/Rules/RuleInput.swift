/// The fields of one transaction that rules read: what the bank said, never what a rule or a
/// person assigned, so applying the same rules twice gives the same result.
public struct RuleInput: Sendable, Hashable {
    /// The account's name in the ledger.
    public var account: String
    /// The booking day (weekday and day-of-month keys read it).
    public var bookingDay: Day
    /// The positive amount in its currency.
    public var amount: Money
    public var direction: Direction
    public var description: String
    public var memo: String
    /// The counterparty as the source named it, `nil` when it gave none.
    public var payee: String?
    /// The id of the adapter that read the row (`csv`, `ofx`, …), `nil` for a synced row.
    public var format: String?
    /// The CSV mapping that read the row, `nil` for other formats.
    public var mapping: String?

    /// Creates the fields of a transaction.
    public init(
        account: String, bookingDay: Day, amount: Money, direction: Direction, description: String,
        memo: String = "", payee: String? = nil, format: String? = nil, mapping: String? = nil
    ) {
        self.account = account
        self.bookingDay = bookingDay
        self.amount = amount
        self.direction = direction
        self.description = description
        self.memo = memo
        self.payee = payee
        self.format = format
        self.mapping = mapping
    }

    /// The fields of a draft an adapter made.
    public init(_ draft: Draft, format: String?, mapping: String?) {
        self.init(
            account: draft.account, bookingDay: draft.bookingDay, amount: draft.amount, direction: draft.direction,
            description: draft.description, memo: draft.memo, payee: draft.payee, format: format, mapping: mapping)
    }
}
