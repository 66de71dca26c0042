/// An amount a rule compares with (`"min": "10.00"`): an exact decimal, compared with a row's
/// amount in that row's currency without rounding either.
public struct RuleAmountBound: Sendable, Hashable, CustomStringConvertible {
    /// The digits, without the point.
    public let significand: Int64
    /// How many of them follow the point.
    public let fractionDigits: Int
    /// The bound as written.
    public let text: String

    /// Reads `12`, `12.5` or `0.001`: digits with at most one `.`, no sign (amounts are positive;
    /// `direction` says which way the money went), at most 18 digits.
    public init?(_ text: String) {
        var significand: Int64 = 0
        var fraction = -1
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard fraction < 0 else { return nil }
                fraction = 0
                continue
            }
            guard byte &- 0x30 < 10, digits < 18 else { return nil }
            significand = significand * 10 + Int64(byte - 0x30)
            digits += 1
            if fraction >= 0 { fraction += 1 }
        }
        guard digits > 0, fraction != 0 else { return nil }
        self.significand = significand
        self.fractionDigits = max(fraction, 0)
        self.text = text
    }

    public var description: String { text }

    /// Compares a row's amount with the bound: negative when the amount is smaller, 0 when
    /// equal, positive when larger.
    ///
    /// - Parameters:
    ///   - minorUnits: the row's amount in minor units (never negative).
    ///   - minorDigits: its currency's decimals.
    func compare(minorUnits: Int64, minorDigits: Int) -> Int {
        if fractionDigits <= minorDigits {
            // Scale the bound up to the amount's digits; a bound too large to scale is above it.
            guard let scaled = Self.scale(significand, by: minorDigits - fractionDigits) else { return -1 }
            return minorUnits < scaled ? -1 : (minorUnits == scaled ? 0 : 1)
        }
        guard let scaled = Self.scale(minorUnits, by: fractionDigits - minorDigits) else { return 1 }
        return scaled < significand ? -1 : (scaled == significand ? 0 : 1)
    }

    private static func scale(_ value: Int64, by digits: Int) -> Int64? {
        var result = value
        for _ in 0..<digits {
            let (product, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = product
        }
        return result
    }
}
