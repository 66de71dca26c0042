/// One part of a split transaction: a share of the draft's amount with a category and memo of its
/// own (a QIF `S`/`E`/`$` line: one cheque paying groceries and household goods).
///
/// A draft's split lines are information beside its amount, never instead of it: the draft's
/// amount and direction stay what the statement counts, and ``Draft/validate(accountCurrency:)``
/// demands that the lines' signed amounts add up to the draft's.
public struct SplitLine: Sendable, Hashable {
    /// The line's category as the source wrote it (`Groceries`, `Auto:Fuel`, `[Savings]` for a
    /// transfer), when it has one.
    public let category: String?
    /// The line's own memo (empty when it has none).
    public let memo: String
    /// The exact, positive amount, in the draft's currency.
    public let amount: Money
    /// Money in or out, as for the draft: a refund inside a purchase is a credit line.
    public let direction: Direction

    /// Creates a split line.
    public init(category: String?, memo: String = "", amount: Money, direction: Direction) {
        self.category = category
        self.memo = memo
        self.amount = amount
        self.direction = direction
    }

    /// The amount with its direction's sign, in minor units.
    public var signedMinorUnits: Int64 { amount.signedMinorUnits(direction) }
}
