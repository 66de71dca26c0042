/// A decimal number read exactly from text: a sign, an integer significand and a count of
/// fraction digits. `-12.50` is `(isNegative: true, significand: 1250, fractionDigits: 2)`.
///
/// It is the exact intermediate between the text in a file and ``Money``: it never passes
/// through a floating-point value.
public struct DecimalNumber: Sendable, Hashable {
    /// Whether the text had a minus sign (a zero may be negative: `-0.00`).
    public var isNegative: Bool
    /// All the digits, without the decimal point.
    public var significand: UInt64
    /// How many of the significand's digits stand after the decimal point.
    public var fractionDigits: Int

    /// Creates a number.
    public init(isNegative: Bool, significand: UInt64, fractionDigits: Int) {
        self.isNegative = isNegative
        self.significand = significand
        self.fractionDigits = fractionDigits
    }
}

extension DecimalNumber {
    /// What went wrong while reading a number.
    public enum ParseFailure: Error, Sendable {
        case notANumber
        case overflow
    }

    /// Reads a decimal number from bytes, consuming all of them.
    ///
    /// Accepts surrounding spaces, one leading `+` or `-`, digits, at most one decimal separator
    /// and, when `groupingSeparator` is given, that separator between groups of three digits in
    /// the integer part (`1,234,567.89`). At least one digit is required; `.5` and `12.` are read.
    /// Trailing zeros after the point are dropped: `12.500` reads as 12.5 (significand 125, one fraction
    /// digit), and `1.00000000000000000000` as 1, however many zeros follow.
    ///
    /// - Throws: ``ParseFailure``.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        decimalSeparator: UInt8 = UInt8(ascii: "."),
        groupingSeparator: UInt8? = nil
    ) throws(ParseFailure) -> DecimalNumber {
        if let groupingSeparator {
            let separators = CollectionOfOne(groupingSeparator)
            return try parse(bytes, decimalSeparator: decimalSeparator, groupingSeparators: separators)
        }
        return try parse(bytes, decimalSeparator: decimalSeparator, groupingSeparators: EmptyCollection())
    }

    /// Reads a decimal number in which any of `groupingSeparators` may separate thousands
    /// (`1.234'567,89`); otherwise as ``parse(_:decimalSeparator:groupingSeparator:)``.
    ///
    /// - Throws: ``ParseFailure``.
    @inlinable
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, decimalSeparator: UInt8, groupingSeparators: some Collection<UInt8>
    ) throws(ParseFailure) -> DecimalNumber {
        if let plain = plain(bytes, decimalSeparator: decimalSeparator) { return plain }
        return try parseAnyShape(bytes, decimalSeparator: decimalSeparator, groupingSeparators: groupingSeparators)
    }

    /// The reading of every shape ``parse(_:decimalSeparator:groupingSeparators:)`` accepts, one
    /// byte at a time; ``plain(_:decimalSeparator:)`` reads the common shape first.
    @inlinable
    static func parseAnyShape(
        _ bytes: UnsafeBufferPointer<UInt8>, decimalSeparator: UInt8, groupingSeparators: some Collection<UInt8>
    ) throws(ParseFailure) -> DecimalNumber {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard start < end else { throw .notANumber }

        var isNegative = false
        if bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "+") {
            isNegative = bytes[start] == UInt8(ascii: "-")
            start += 1
        }

        var significand: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        // Zeros after the point not yet added: trailing ones add no precision and are dropped, so
        // `1.00000000000000000000` is 1 (not an overflow) and `12.500` is 12.5.
        var pendingZeros = 0
        var inFraction = false
        var groupLength = 0  // digits since the last grouping separator
        var sawGrouping = false
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                digitCount += 1
                groupLength += 1
                if inFraction, byte == 0x30 {
                    pendingZeros += 1
                    index += 1
                    continue
                }
                while pendingZeros > 0 {
                    let (times10, overflow) = significand.multipliedReportingOverflow(by: 10)
                    if overflow { throw .overflow }
                    significand = times10
                    fractionDigits += 1
                    pendingZeros -= 1
                }
                let (times10, o1) = significand.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.addingReportingOverflow(UInt64(byte &- 0x30))
                if o1 || o2 { throw .overflow }
                significand = next
                if inFraction { fractionDigits += 1 }
            } else if byte == decimalSeparator, !inFraction {
                if sawGrouping && groupLength != 3 { throw .notANumber }
                inFraction = true
            } else if !inFraction, groupingSeparators.contains(byte) {
                // A group separator needs 1-3 digits before the first one and exactly 3 after each.
                if digitCount == 0 || groupLength > 3 || (sawGrouping && groupLength != 3) {
                    throw .notANumber
                }
                sawGrouping = true
                groupLength = 0
            } else {
                throw .notANumber
            }
            index += 1
        }
        guard digitCount > 0 else { throw .notANumber }
        if sawGrouping && !inFraction && groupLength != 3 { throw .notANumber }
        return DecimalNumber(isNegative: isNegative, significand: significand, fractionDigits: fractionDigits)
    }

    /// The common shape read in one pass: an optional sign, then at most 18 digits with at most
    /// one decimal separator among them and a digit on each side, nothing else (no spaces, no
    /// grouping). `nil` for any other text, which the full reading then takes; for text of this
    /// shape both give the same number, trailing fraction zeros dropped.
    ///
    /// Public for readers that try the common shape before a reading that takes more (the CSV
    /// reader's thread calls it without going through an amount syntax's separators).
    @inlinable
    public static func plain(_ bytes: UnsafeBufferPointer<UInt8>, decimalSeparator: UInt8) -> DecimalNumber? {
        let count = bytes.count
        guard count > 0, count <= 19, let base = bytes.baseAddress else { return nil }
        var index = 0
        let first = base[0]
        let isNegative = first == UInt8(ascii: "-")
        if isNegative || first == UInt8(ascii: "+") { index = 1 }
        var significand: UInt64 = 0
        var point = -1
        let digitsStart = index
        while index < count {
            let digit = base[index] &- 0x30
            if digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
            } else if base[index] == decimalSeparator, point < 0, index > digitsStart {
                point = index
            } else {
                return nil
            }
            index += 1
        }
        // At least one digit, and a separator (if any) followed by a digit: `12.` and `.5` go
        // the long way, as does a lone sign.
        guard count > digitsStart, point != count - 1 else { return nil }
        var fractionDigits = point < 0 ? 0 : count - point - 1
        while fractionDigits > 0, significand % 10 == 0 {
            significand /= 10
            fractionDigits -= 1
        }
        return DecimalNumber(isNegative: isNegative, significand: significand, fractionDigits: fractionDigits)
    }
}
