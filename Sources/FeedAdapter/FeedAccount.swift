import LedgerCore

/// A FinanceKit `Account`: `{"asset": {...}}` or `{"liability": {...}}`, with FinanceKit's field
/// names.
public struct FeedAccount: FeedModel {
    /// Asset (checking, savings, Apple Cash) or liability (a credit card such as Apple Card).
    public var kind: AccountKind
    /// FinanceKit's account id (a UUID as text).
    public var id: String
    /// The name the person gave the account.
    public var displayName: String
    /// A description of the account, when there is one.
    public var accountDescription: String?
    /// The institution holding the account.
    public var institutionName: String
    /// The account's currency.
    public var currencyCode: Currency
    /// When the account was opened, if known.
    public var openingDate: FeedDate?
    /// A liability's credit terms (`nil` for an asset).
    public var creditInformation: FeedCreditInformation?
    /// Where the account's object starts in the batch file.
    public var location: SourceLocation

    /// The account's name in the ledger: its FinanceKit id.
    ///
    /// The id is the one thing about an account that never changes (a display name can be
    /// edited on the phone at any time), and every stream names the account by it.
    public var ledgerName: String { id }

    /// The account as ledgerport declares it.
    public var reference: AccountReference {
        AccountReference(name: ledgerName, kind: kind, currency: currencyCode, institution: institutionName)
    }

    /// Reads an account object.
    static func decode(_ outer: JSONObjectReader, context: FeedDecodingContext) throws(FeedError) -> FeedAccount {
        let kind: AccountKind
        let object: JSONObjectReader
        if let asset = try outer.optionalObject("asset") {
            if outer.value("liability") != nil {
                throw outer.error(
                    .invalidValue(found: "both \"asset\" and \"liability\"", expected: "exactly one of them"),
                    "liability")
            }
            kind = .asset
            object = asset
        } else if let liability = try outer.optionalObject("liability") {
            kind = .liability
            object = liability
        } else {
            throw FeedError(
                .missingField("asset\" or \"liability"), at: outer.location(of: outer.node), jsonPath: outer.path)
        }
        let credit =
            try kind == .liability
            ? FeedCreditInformation.decode(try object.object("creditInformation"), context: context) : nil
        return FeedAccount(
            kind: kind,
            id: try object.nonEmptyString("id"),
            displayName: try object.string("displayName"),
            accountDescription: try object.optionalString("accountDescription"),
            institutionName: try object.string("institutionName"),
            currencyCode: try FeedCurrencyAmount.decodeCurrency(object, "currencyCode"),
            openingDate: try context.optionalDate(object, "openingDate")?.0,
            creditInformation: credit,
            location: outer.location(of: outer.node))
    }
}
