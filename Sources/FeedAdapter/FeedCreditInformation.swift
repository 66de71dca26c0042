import LedgerCore

/// FinanceKit's `AccountCreditInformation` for a liability; every field is optional.
public struct FeedCreditInformation: Sendable, Hashable {
    /// The credit limit.
    public var creditLimit: FeedCurrencyAmount?
    /// The minimum payment due next.
    public var minimumNextPaymentAmount: FeedCurrencyAmount?
    /// When the next payment is due.
    public var nextPaymentDueDate: FeedDate?
    /// The amount overdue.
    public var overduePaymentAmount: FeedCurrencyAmount?

    /// Creates credit information.
    public init(
        creditLimit: FeedCurrencyAmount? = nil, minimumNextPaymentAmount: FeedCurrencyAmount? = nil,
        nextPaymentDueDate: FeedDate? = nil, overduePaymentAmount: FeedCurrencyAmount? = nil
    ) {
        self.creditLimit = creditLimit
        self.minimumNextPaymentAmount = minimumNextPaymentAmount
        self.nextPaymentDueDate = nextPaymentDueDate
        self.overduePaymentAmount = overduePaymentAmount
    }

    static func decode(_ object: JSONObjectReader, context: FeedDecodingContext) throws(FeedError)
        -> FeedCreditInformation
    {
        func amount(_ key: String) throws(FeedError) -> FeedCurrencyAmount? {
            guard let nested = try object.optionalObject(key) else { return nil }
            return try FeedCurrencyAmount.decode(nested)
        }
        return FeedCreditInformation(
            creditLimit: try amount("creditLimit"),
            minimumNextPaymentAmount: try amount("minimumNextPaymentAmount"),
            nextPaymentDueDate: try context.optionalDate(object, "nextPaymentDueDate")?.0,
            overduePaymentAmount: try amount("overduePaymentAmount"))
    }
}
