/// A unit of account: an ISO 4217 currency, or a declared commodity (`BTC` with 8 decimals, a
/// fund's shares with 6), with its code and how many digits its minor unit has.
///
/// The minor digits decide what an amount may look like: `JPY` has 0 (no cents), `EUR` 2,
/// `BHD` 3, a declared `BTC` 8. An amount with more fraction digits than that is an input error.
/// ``init(code:)`` knows only ISO 4217; a commodity is made by ``declared(code:minorDigits:at:)``
/// and looked up through a ``CommodityTable``.
public struct Currency: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The upper-case code: ISO 4217 (`EUR`) or a declared commodity's (`BTC`).
    public let code: String
    /// The number of digits after the decimal point in the minor unit: 0 to 4 for ISO 4217, 0 to
    /// ``largestMinorDigits`` for a declared commodity.
    public let minorDigits: Int

    /// Looks a currency up in the ISO 4217 table.
    ///
    /// - Parameter code: a three-letter code, in any case, surrounding spaces ignored.
    /// - Returns: the currency, or `nil` when the code is not in the table.
    public init?(code: some StringProtocol) {
        let upper = code.trimmingSpaces().uppercased()
        guard let digits = Currency.iso4217[upper] else { return nil }
        self.code = upper
        self.minorDigits = digits
    }

    /// Looks a currency up, throwing a located error when the code is unknown.
    ///
    /// - Throws: ``CoreError`` with reason `.unknownCurrency`.
    public static func parse(_ code: some StringProtocol, at location: SourceLocation) throws(CoreError)
        -> Currency
    {
        guard let currency = Currency(code: code) else {
            throw CoreError(.unknownCurrency(found: String(code)), at: location)
        }
        return currency
    }

    /// The most minor digits a declared commodity may have: with 12, the largest amount is
    /// 9223372036854775807 minor units, 9223372.036854775807 in major units.
    public static let largestMinorDigits = 12

    /// Declares a commodity that is not an ISO 4217 currency, with its own precision.
    ///
    /// The code is upper-cased: 1 to 12 characters of `A-Z`, `0-9`, `.`, `_` and `-`, starting
    /// with a letter (`BTC`, `VWRL`, `IE00B3RBWM25` is too long only past 12). An ISO 4217 code
    /// may be declared only with its own digits, which gives the ISO currency itself.
    ///
    /// ```swift
    /// let btc = try Currency.declared(code: "btc", minorDigits: 8, at: location)   // BTC, 8 decimals
    /// ```
    ///
    /// - Parameters:
    ///   - code: the commodity's code, in any case, surrounding spaces ignored.
    ///   - minorDigits: its decimals, 0 to ``largestMinorDigits``.
    ///   - location: where the declaration was written, for the error.
    /// - Throws: ``CoreError`` with reason `.notACommodityCode`, `.commodityDigits` or
    ///   `.isoDigitsConflict`.
    public static func declared(code: some StringProtocol, minorDigits: Int, at location: SourceLocation)
        throws(CoreError) -> Currency
    {
        let upper = code.trimmingSpaces().uppercased()
        guard isCommodityCode(upper) else { throw CoreError(.notACommodityCode(found: String(code)), at: location) }
        guard (0...largestMinorDigits).contains(minorDigits) else {
            throw CoreError(.commodityDigits(code: upper, found: minorDigits), at: location)
        }
        if let isoDigits = iso4217[upper], isoDigits != minorDigits {
            throw CoreError(.isoDigitsConflict(code: upper, isoDigits: isoDigits, declared: minorDigits), at: location)
        }
        return Currency(code: upper, minorDigits: minorDigits)
    }

    /// Whether this is an ISO 4217 currency with its ISO digits (`false` for a declared commodity).
    public var isISO: Bool { Currency.iso4217[code] == minorDigits }

    /// Whether the text, upper-cased, is a valid commodity code: 1 to 12 characters of `A-Z`,
    /// `0-9`, `.`, `_` and `-`, starting with a letter.
    public static func isCommodityCode(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, (1...12).contains(bytes.count), (0x41...0x5A).contains(first) else {
            return false
        }
        return bytes.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x5F
                || byte == 0x2D
        }
    }

    /// The number of minor units in one major unit (`100` for EUR, `1` for JPY).
    public var minorUnitsPerMajor: Int64 {
        var result: Int64 = 1
        for _ in 0..<minorDigits { result *= 10 }
        return result
    }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingSpaces() -> Substring {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return view
    }
}
