import LedgerCore

/// FinanceKit's `Balance`: `{"amount": CurrencyAmount, "asOfDate", "creditDebitIndicator"}`.
public struct FeedBalance: Sendable, Hashable {
    /// The balance's size, positive.
    public var amount: FeedCurrencyAmount
    /// When FinanceKit computed it.
    public var asOfDate: FeedDate
    /// The day of `asOfDate` in the feed's time zone; the balance holds at that day's end.
    public var asOfDay: Day
    /// Credit or debit balance (see ``FeedCreditDebitIndicator``).
    public var creditDebitIndicator: FeedCreditDebitIndicator
    /// Where the balance's object starts.
    public var location: SourceLocation

    static func decode(_ object: JSONObjectReader, context: FeedDecodingContext) throws(FeedError) -> FeedBalance {
        let (date, day) = try context.date(object, "asOfDate")
        return FeedBalance(
            amount: try FeedCurrencyAmount.decode(try object.object("amount")),
            asOfDate: date, asOfDay: day,
            creditDebitIndicator: try FeedCreditDebitIndicator.decode(object, "creditDebitIndicator"),
            location: object.location(of: object.node))
    }
}
