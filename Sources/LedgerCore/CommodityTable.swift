/// The commodities a ledger or a mapping declares: units that are not ISO 4217 currencies, each
/// with its own minor digits (`BTC` 8, a fund's shares 6).
///
/// A code is looked up in ISO 4217 first, then among the declared ones, so a declaration never
/// changes what an ISO code means. The empty table knows ISO 4217 only.
///
/// ```swift
/// var table = CommodityTable()
/// try table.declare(Currency.declared(code: "BTC", minorDigits: 8, at: location), at: location)
/// table.currency(code: "btc")?.minorDigits     // 8
/// table.currency(code: "EUR")?.minorDigits     // 2
/// ```
public struct CommodityTable: Sendable, Hashable {
    /// The declared codes (upper case, never ISO 4217) and their minor digits.
    public private(set) var minorDigits: [String: Int]

    /// A table that knows ISO 4217 only.
    public init() { minorDigits = [:] }

    /// A table of the given commodities; ISO 4217 currencies among them are left out.
    ///
    /// - Precondition: no code appears twice with different digits.
    public init(_ commodities: some Sequence<Currency>) {
        var digits: [String: Int] = [:]
        for commodity in commodities where !commodity.isISO {
            precondition(digits[commodity.code].map { $0 == commodity.minorDigits } ?? true, "declared twice")
            digits[commodity.code] = commodity.minorDigits
        }
        minorDigits = digits
    }

    /// Whether the table declares nothing beyond ISO 4217.
    public var isEmpty: Bool { minorDigits.isEmpty }

    /// The declared commodities, by code.
    public var commodities: [Currency] {
        minorDigits.keys.sorted().compactMap { code in minorDigits[code].map { Currency(code: code, minorDigits: $0) } }
    }

    /// The unit a code names: the ISO 4217 currency, else the declared commodity.
    ///
    /// - Parameter code: the code in any case, surrounding spaces ignored.
    /// - Returns: the unit, or `nil` when the code is neither.
    public func currency(code: some StringProtocol) -> Currency? {
        if let iso = Currency(code: code) { return iso }
        guard !minorDigits.isEmpty else { return nil }
        let upper = code.trimmingSpaces().uppercased()
        return minorDigits[upper].map { Currency(code: upper, minorDigits: $0) }
    }

    /// The unit a code names, or a located error that says how to declare it.
    ///
    /// - Throws: ``CoreError`` with reason `.undeclaredCommodity` for a code that could be a
    ///   commodity (`BTC`), `.unknownCurrency` for text that can't (`€`, `12`).
    public func currency(code: some StringProtocol, at location: SourceLocation) throws(CoreError) -> Currency {
        if let currency = currency(code: code) { return currency }
        if Currency.isCommodityCode(code.trimmingSpaces().uppercased()) {
            throw CoreError(.undeclaredCommodity(found: String(code)), at: location)
        }
        throw CoreError(.unknownCurrency(found: String(code)), at: location)
    }

    /// Adds a commodity; one already declared with the same digits, or an ISO currency, changes nothing.
    ///
    /// - Throws: ``CoreError`` `.commodityConflict` when the code is declared with other digits.
    public mutating func declare(_ commodity: Currency, at location: SourceLocation) throws(CoreError) {
        guard !commodity.isISO else { return }
        if let existing = minorDigits[commodity.code] {
            guard existing == commodity.minorDigits else {
                throw CoreError(
                    .commodityConflict(code: commodity.code, declared: commodity.minorDigits, existing: existing),
                    at: location)
            }
            return
        }
        minorDigits[commodity.code] = commodity.minorDigits
    }

    /// This table with another's commodities added.
    ///
    /// - Throws: ``CoreError`` `.commodityConflict`, located at `location`, when the two declare a
    ///   code with different digits (the other table's digits are the ones named as declared).
    public func merging(_ other: CommodityTable, at location: SourceLocation) throws(CoreError) -> CommodityTable {
        var merged = self
        for commodity in other.commodities { try merged.declare(commodity, at: location) }
        return merged
    }
}
