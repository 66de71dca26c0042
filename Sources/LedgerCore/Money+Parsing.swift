extension Money {
    /// Reads an amount from text, consuming the whole field.
    ///
    /// A leading `-` makes the amount a debit; no sign or `+` makes it a credit. The text may have
    /// fewer fraction digits than the currency (`12` is `12.00` EUR) and extra trailing zeros
    /// (`12.500` is `12.50` EUR), but never a significant digit more than the currency allows.
    ///
    /// - Parameters:
    ///   - text: the field, surrounding spaces allowed.
    ///   - currency: the amount's currency; its minor digits decide the precision allowed.
    ///   - decimalSeparator: `.` or `,`.
    ///   - groupingSeparator: a thousands separator to accept between groups of three, if any.
    ///   - location: where the field starts, for the error.
    /// - Returns: the positive amount and the direction its sign gave.
    /// - Throws: ``CoreError`` with reason `.notAnAmount`, `.tooPrecise` or `.overflow`.
    public static func parse(
        _ text: some StringProtocol,
        currency: Currency,
        decimalSeparator: Character = ".",
        groupingSeparator: Character? = nil,
        at location: SourceLocation
    ) throws(CoreError) -> (Money, Direction) {
        var utf8 = String(text)
        let decimalByte = decimalSeparator.asciiValue ?? UInt8(ascii: ".")
        let groupingByte = groupingSeparator?.asciiValue
        let result: Result<(Money, Direction), CoreError> = utf8.withUTF8 { buffer in
            do throws(CoreError) {
                return .success(
                    try parse(
                        bytes: buffer, currency: currency, decimalSeparator: decimalByte,
                        groupingSeparator: groupingByte, at: location))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads an amount from UTF-8 bytes; the fast path behind ``parse(_:currency:decimalSeparator:groupingSeparator:at:)``.
    ///
    /// - Throws: ``CoreError`` with reason `.notAnAmount`, `.tooPrecise` or `.overflow`.
    public static func parse(
        bytes: UnsafeBufferPointer<UInt8>,
        currency: Currency,
        decimalSeparator: UInt8 = UInt8(ascii: "."),
        groupingSeparator: UInt8? = nil,
        at location: SourceLocation
    ) throws(CoreError) -> (Money, Direction) {
        let number: DecimalNumber
        do {
            number = try DecimalNumber.parse(
                bytes, decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator)
        } catch .overflow {
            throw CoreError(.overflow(found: String(decoding: bytes, as: UTF8.self)), at: location)
        } catch {
            let expected = expectation(decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator)
            throw CoreError(
                .notAnAmount(found: String(decoding: bytes, as: UTF8.self), expected: expected), at: location)
        }
        do {
            return try Money.exactly(number, currency: currency)
        } catch {
            throw CoreError(error.reason(for: String(decoding: bytes, as: UTF8.self), currency: currency), at: location)
        }
    }

    /// Converts an exact decimal number to an amount without rounding.
    ///
    /// - Throws: ``ConversionFailure`` when a significant digit lies beyond the currency's minor
    ///   unit or the result does not fit in 64 bits.
    @inlinable
    public static func exactly(_ number: DecimalNumber, currency: Currency) throws(ConversionFailure)
        -> (Money, Direction)
    {
        var significand = number.significand
        var fractionDigits = number.fractionDigits
        while fractionDigits > currency.minorDigits {
            guard significand % 10 == 0 else { throw .tooPrecise }
            significand /= 10
            fractionDigits -= 1
        }
        while fractionDigits < currency.minorDigits {
            let (next, overflow) = significand.multipliedReportingOverflow(by: 10)
            if overflow { throw .overflow }
            significand = next
            fractionDigits += 1
        }
        guard let units = Int64(exactly: significand) else { throw .overflow }
        let direction: Direction = number.isNegative && units != 0 ? .debit : .credit
        return (Money(minorUnits: units, currency: currency), direction)
    }

    /// Why an exact number could not become an amount.
    public enum ConversionFailure: Error, Sendable {
        case tooPrecise
        case overflow

        func reason(for text: String, currency: Currency) -> CoreError.Reason {
            switch self {
            case .tooPrecise: return .tooPrecise(found: text, currency: currency.code, digits: currency.minorDigits)
            case .overflow: return .overflow(found: text)
            }
        }
    }

    private static func expectation(decimalSeparator: UInt8, groupingSeparator: UInt8?) -> String {
        let point = String(UnicodeScalar(decimalSeparator))
        guard let grouping = groupingSeparator else { return "digits with one '\(point)'" }
        return "digits with one '\(point)' and '\(String(UnicodeScalar(grouping)))' between groups of three"
    }
}
