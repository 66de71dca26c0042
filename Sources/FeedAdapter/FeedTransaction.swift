import LedgerCore

/// A FinanceKit `Transaction`, with FinanceKit's field names.
///
/// `postedDate` (else `transactionDate`) gives the booking day that balances and checkpoints
/// count; `transactionDate` is kept as the day of the purchase. Days are computed when the
/// transaction is read, in the feed's time zone (see ``FeedDate``).
public struct FeedTransaction: FeedModel {
    /// FinanceKit's id (a UUID as text); the draft's external id.
    public var id: String
    /// The account's id.
    public var accountID: String
    /// The amount in the account's currency, positive.
    public var transactionAmount: FeedCurrencyAmount
    /// Credit or debit (see ``FeedCreditDebitIndicator`` for the mapping).
    public var creditDebitIndicator: FeedCreditDebitIndicator
    /// The amount in the currency of the purchase, when it differs from the account's.
    public var foreignCurrencyAmount: FeedCurrencyAmount?
    /// The exchange rate applied, as its exact decimal text.
    public var foreignCurrencyExchangeRate: String?
    /// When the purchase happened.
    public var transactionDate: FeedDate
    /// When the bank booked it, if it has.
    public var postedDate: FeedDate?
    /// The description FinanceKit shows.
    public var transactionDescription: String
    /// The description as the institution sent it.
    public var originalTransactionDescription: String
    /// The merchant's name, when known.
    public var merchantName: String?
    /// The ISO 18245 merchant category code, when known.
    public var merchantCategoryCode: Int?
    /// FinanceKit's transaction type (`pointOfSale`, `transfer`, ...), as written.
    public var transactionType: String
    /// Authorized, pending, memo, booked or rejected.
    public var status: FeedTransactionStatus
    /// The day of `transactionDate` in the feed's time zone.
    public var transactionDay: Day
    /// The day of `postedDate`, else of `transactionDate`: the day balances count.
    public var bookingDay: Day
    /// Where the transaction's object starts in the batch file.
    public var location: SourceLocation

    /// Reads a transaction object.
    ///
    /// - Throws: ``FeedError`` naming the field's JSON path for anything missing or malformed.
    static func decode(_ object: JSONObjectReader, context: FeedDecodingContext) throws(FeedError) -> FeedTransaction {
        let (transactionDate, transactionDay) = try context.date(object, "transactionDate")
        let posted = try context.optionalDate(object, "postedDate")
        let foreign = try object.optionalObject("foreignCurrencyAmount").map { (o) throws(FeedError) in
            try FeedCurrencyAmount.decode(o)
        }
        var rate: String?
        if object.value("foreignCurrencyExchangeRate") != nil {
            let (text, value) = try object.decimalText("foreignCurrencyExchangeRate")
            guard isPlainDecimal(text) else {
                throw object.error(
                    .invalidValue(found: "\"\(text)\"", expected: "a positive decimal such as 0.9234"),
                    "foreignCurrencyExchangeRate", at: value)
            }
            rate = text
        }
        return FeedTransaction(
            id: try object.nonEmptyString("id"),
            accountID: try object.nonEmptyString("accountID"),
            transactionAmount: try FeedCurrencyAmount.decode(try object.object("transactionAmount")),
            creditDebitIndicator: try FeedCreditDebitIndicator.decode(object, "creditDebitIndicator"),
            foreignCurrencyAmount: foreign,
            foreignCurrencyExchangeRate: rate,
            transactionDate: transactionDate,
            postedDate: posted?.0,
            transactionDescription: try object.string("transactionDescription"),
            originalTransactionDescription: try object.string("originalTransactionDescription"),
            merchantName: try object.optionalString("merchantName"),
            merchantCategoryCode: try object.optionalInteger("merchantCategoryCode"),
            transactionType: try object.string("transactionType"),
            status: try FeedTransactionStatus.decode(object, "status"),
            transactionDay: transactionDay,
            bookingDay: posted?.1 ?? transactionDay,
            location: object.location(of: object.node))
    }

    private static func isPlainDecimal(_ text: String) -> Bool {
        var digits = 0
        var points = 0
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
            } else if byte == UInt8(ascii: ".") {
                points += 1
            } else {
                return false
            }
        }
        return digits > 0 && points <= 1
    }
}
