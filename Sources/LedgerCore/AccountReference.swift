/// What a source says about an account: its name in the ledger, its kind and currency.
///
/// An adapter declares each account before the drafts that name it. The name is the account's
/// identity in the ledger; the user may choose it (`--account`), a CSV mapping may fix it, and an
/// OFX or feed source derives it from the institution's account identity.
public struct AccountReference: Sendable, Hashable {
    /// The account's name in the ledger (unique).
    public var name: String
    /// Asset (a current or savings account) or liability (a credit card, a loan).
    public var kind: AccountKind
    /// The account's currency, when the source states one.
    public var currency: Currency?
    /// The bank or card issuer, when known.
    public var institution: String?
    /// The account number as shown to people, masked (`••••1234`), when known.
    public var maskedNumber: String?
    /// A stable id the source gives the account (a FinanceKit account id), when it has one. The
    /// ledger finds the account by it first, so renaming the account at the source never splits
    /// its history in two.
    public var key: String?

    /// Creates a reference.
    public init(
        name: String, kind: AccountKind = .asset, currency: Currency? = nil, institution: String? = nil,
        maskedNumber: String? = nil, key: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.currency = currency
        self.institution = institution
        self.maskedNumber = maskedNumber
        self.key = key
    }

    /// Masks all but the last four characters of an account number: `••••1234`.
    public static func mask(_ number: String) -> String {
        let tail = number.suffix(4)
        return "••••" + tail
    }
}

/// Whether an account holds money (asset) or owes it (liability).
///
/// Balances are always signed from the holder's side: a card on which 120.00 is owed has a
/// balance of -120.00. A debit (a purchase) lowers the balance of either kind.
public enum AccountKind: String, Sendable, Hashable, CaseIterable, Codable {
    case asset
    case liability
}
