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

    /// The account's name in the ledger: its display name and the last four characters of its
    /// FinanceKit id (`Apple Card ••••7E1A`), readable and distinct between two accounts with the
    /// same display name.
    ///
    /// The ledger finds the account by ``ledgerKey``, which never changes, so a display name
    /// edited on the phone later never splits the account's history in two.
    public var ledgerName: String { "\(displayName) ••••\(id.suffix(4).uppercased())" }

    /// The account's stable key in the ledger, from its FinanceKit id.
    public var ledgerKey: String { FeedAccount.ledgerKey(forID: id) }

    /// The ledger key of the account with this FinanceKit id (streams name accounts by id).
    public static func ledgerKey(forID id: String) -> String { "financekit:" + id }

    /// The account as ledgerport declares it.
    public var reference: AccountReference {
        AccountReference(
            name: ledgerName, kind: kind, currency: currencyCode, institution: institutionName, key: ledgerKey)
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
