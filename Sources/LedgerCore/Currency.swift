/// An ISO 4217 currency: its three-letter code and how many digits its minor unit has.
///
/// The minor digits decide what an amount may look like: `JPY` has 0 (no cents), `EUR` 2,
/// `BHD` 3. An amount with more fraction digits than that is an input error.
public struct Currency: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The upper-case ISO 4217 code, such as `EUR`.
    public let code: String
    /// The number of digits after the decimal point in the currency's minor unit (0 to 4).
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
