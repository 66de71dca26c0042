import LedgerCore

/// The commodities a ledger declares beyond ISO 4217, whichever store holds it (issue 21):
/// `commodities` lists them, `commodities add` declares one.
///
/// What a declaration does is decided once for both stores (``CommodityDeclaration``); each store
/// keeps its SQL and its write transaction.
public protocol CommodityStore: AnyObject {
    /// The declared commodities as last read; importers hand them to adapters.
    var commodities: CommodityTable { get }

    /// Every declared commodity, by code (byte order), with who declared it and how many
    /// accounts hold it.
    ///
    /// - Throws: ``StoreError`` on a store failure or a stored row this version can't read.
    func storedCommodities() throws(StoreError) -> [StoredCommodity]

    /// Declares a commodity: an ISO 4217 currency with its own digits, or a commodity again with
    /// the same digits, changes nothing (a source's declaration becomes the person's); one no
    /// account holds may take other digits; one in use may not, since amounts are never rescaled.
    ///
    /// - Returns: `true` when the ledger changed.
    /// - Throws: ``StoreError`` `.commodityInUse`, or a store failure.
    @discardableResult
    func declareCommodity(_ commodity: Currency) throws(StoreError) -> Bool
}

/// What declaring a commodity does to a ledger that holds it with `existing` digits (or not at
/// all): the one rule both stores follow.
enum CommodityDeclaration: Equatable {
    /// The same digits: only who declared it changes (to the person); the ledger is the same.
    case claim
    /// A new commodity, or one no account holds taking other digits: written.
    case write

    /// The declaration of `commodity` over `existing` digits.
    ///
    /// - Parameter accountsHolding: how many accounts hold the code (asked only when the digits differ).
    /// - Throws: ``StoreError`` `.commodityInUse` located at `location` when accounts hold it.
    static func of(
        _ commodity: Currency, existing: Int?, location: String, accountsHolding: () throws(StoreError) -> Int
    ) throws(StoreError) -> CommodityDeclaration {
        guard let existing else { return .write }
        if existing == commodity.minorDigits { return .claim }
        let accounts = try accountsHolding()
        guard accounts == 0 else {
            throw StoreError(
                .commodityInUse(
                    code: commodity.code, digits: existing, wanted: commodity.minorDigits, accounts: accounts),
                at: .file(location))
        }
        return .write
    }
}

extension StoredCommodity {
    /// A listed commodity from its stored columns.
    ///
    /// - Throws: ``StoreError`` `.corruptValue` when the row declares no commodity.
    init(
        code: String, digits: Int64, declaredBy: String, declaredAt: String, accounts: Int64, location: String
    ) throws(StoreError) {
        guard let commodity = try? Currency.declared(code: code, minorDigits: Int(digits), at: .file(location)) else {
            throw StoreError(.corruptValue(column: "commodities.code", found: code), at: .file(location))
        }
        self.init(
            commodity: commodity, isDeclaredByUser: declaredBy == "user", declaredAt: declaredAt,
            accounts: Int(accounts))
    }
}

extension Ledger: CommodityStore {}
