import LedgerCore

/// A commodity the ledger declares beyond ISO 4217, as `ledgerport commodities` lists it.
public struct StoredCommodity: Sendable, Hashable {
    /// The commodity: its code and minor digits.
    public var commodity: Currency
    /// Who declared it: the person (`commodities add`), or a source (a mapping's `commodities`,
    /// an option) with the write that first used it.
    public var isDeclaredByUser: Bool
    /// When it was declared, ISO 8601.
    public var declaredAt: String
    /// How many accounts hold it.
    public var accounts: Int
}
