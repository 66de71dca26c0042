/// An exact, non-negative amount of money: a count of minor units and a currency.
///
/// `Money` never holds a sign: which way the money went is a ``Direction`` stored beside it, and
/// ``signedMinorUnits(_:)`` is the one place the two meet. No floating-point type ever holds an
/// amount; arithmetic is checked, and overflow is an error rather than a wrap or a trap.
///
/// ```swift
/// let (coffee, direction) = try Money.parse("-3.80", currency: .EUR, at: location)
/// coffee.minorUnits                       // 380
/// coffee.signedMinorUnits(direction)      // -380
/// ```
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The amount in minor units (cents for EUR, yen for JPY, fils for BHD); never negative.
    public let minorUnits: Int64
    /// The amount's currency.
    public let currency: Currency

    /// Creates an amount from a count of minor units.
    ///
    /// - Precondition: `minorUnits >= 0`. A negative count is a bug in the caller: parse signed
    ///   text with ``parse(_:currency:decimalSeparator:groupingSeparator:at:)`` instead.
    public init(minorUnits: Int64, currency: Currency) {
        precondition(minorUnits >= 0, "Money holds no sign; pass the direction separately")
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The largest amount, as messages state it: `Int64.max` minor units, about 9.2 quintillion
    /// (92 quadrillion in a currency of two decimals).
    public static let largestAmountText =
        "at most 9223372036854775807 minor units (92233720368547758.07 with two decimals)"

    /// Zero in the given currency.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// Whether the amount is zero.
    public var isZero: Bool { minorUnits == 0 }

    /// The amount with the direction's sign: positive for a credit, negative for a debit.
    ///
    /// This is the one place in ledgerport where a sign is computed from a direction.
    public func signedMinorUnits(_ direction: Direction) -> Int64 {
        direction == .credit ? minorUnits : -minorUnits
    }

    /// Splits a signed count of minor units into an amount and a direction (zero is a credit).
    public static func fromSigned(_ signedMinorUnits: Int64, currency: Currency) -> (Money, Direction)? {
        if signedMinorUnits >= 0 {
            return (Money(minorUnits: signedMinorUnits, currency: currency), .credit)
        }
        guard signedMinorUnits != Int64.min else { return nil }
        return (Money(minorUnits: -signedMinorUnits, currency: currency), .debit)
    }

    /// The sum of two amounts of the same currency.
    ///
    /// - Returns: `nil` when the currencies differ or the sum does not fit in 64 bits.
    public func adding(_ other: Money) -> Money? {
        guard currency == other.currency else { return nil }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: sum, currency: currency)
    }

    /// The amount as text with the currency's minor digits, such as `1234.50` (no sign, no code).
    public var description: String { Money.format(minorUnits, currency: currency) }

    public static func < (lhs: Money, rhs: Money) -> Bool {
        (lhs.currency, lhs.minorUnits) < (rhs.currency, rhs.minorUnits)
    }
}

extension Money {
    /// Formats a signed count of minor units as a decimal string with the currency's minor digits.
    ///
    /// `-1250` in EUR is `"-12.50"`, `5` in JPY is `"5"`, `7` in BHD is `"0.007"`.
    public static func format(_ signedMinorUnits: Int64, currency: Currency) -> String {
        let negative = signedMinorUnits < 0
        let magnitude = signedMinorUnits.magnitude
        let digits = currency.minorDigits
        var text = String(magnitude)
        if digits > 0 {
            if text.count <= digits {
                text = String(repeating: "0", count: digits - text.count + 1) + text
            }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return negative ? "-" + text : text
    }

    /// Adds signed minor-unit values, reporting overflow instead of wrapping.
    ///
    /// - Returns: the sum, or `nil` if it does not fit in 64 bits.
    public static func sum(_ values: some Sequence<Int64>) -> Int64? {
        var total: Int64 = 0
        for value in values {
            let (next, overflow) = total.addingReportingOverflow(value)
            if overflow { return nil }
            total = next
        }
        return total
    }
}
