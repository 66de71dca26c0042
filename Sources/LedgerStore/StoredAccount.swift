import LedgerCore

/// An account as the ledger holds it.
public struct StoredAccount: Sendable, Hashable {
    /// The row id.
    public var id: Int64
    /// The account's unique name.
    public var name: String
    /// Asset or liability.
    public var kind: AccountKind
    /// The account's currency.
    public var currency: Currency
    /// The institution, when known.
    public var institution: String?
    /// The masked account number, when known.
    public var maskedNumber: String?
    /// The source's own stable id for the account, when it gave one.
    public var key: String?

    public init(
        id: Int64, name: String, kind: AccountKind, currency: Currency, institution: String? = nil,
        maskedNumber: String? = nil, key: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.currency = currency
        self.institution = institution
        self.maskedNumber = maskedNumber
        self.key = key
    }
}
