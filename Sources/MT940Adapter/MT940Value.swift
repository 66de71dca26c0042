import LedgerCore

/// The value types MT940 fields are built from: YYMMDD dates, ISO currency codes and amounts with
/// a decimal comma, each read exactly or refused with its location.
enum MT940Value {
    /// A YYMMDD date. Two-digit years 00–79 are 2000–2079, 80–99 are 1980–1999.
    static func day(
        _ bytes: some BidirectionalCollection<UInt8>, tag: String, at location: @autoclosure () -> SourceLocation
    ) throws(MT940Error) -> Day {
        guard bytes.count == 6, let year = number(bytes.prefix(2)), let month = number(bytes.dropFirst(2).prefix(2)),
            let dayOfMonth = number(bytes.suffix(2)),
            let day = Day(year: year < 80 ? 2000 + year : 1900 + year, month: month, day: dayOfMonth)
        else {
            throw MT940Error(.notADate(tag: tag, found: MT940Text.decode(bytes)), at: location())
        }
        return day
    }

    /// The entry (booking) date of a `:61:` line, MMDD without a year: the year of the three
    /// around the value date's (before, same, after) that puts the entry date nearest the value
    /// date, so a December value date with a January entry date books in the next year and a
    /// January value date with a December entry date in the one before.
    static func entryDay(
        _ bytes: some BidirectionalCollection<UInt8>, near value: Day, tag: String,
        at location: @autoclosure () -> SourceLocation
    ) throws(MT940Error) -> Day {
        guard bytes.count == 4, let month = number(bytes.prefix(2)), let dayOfMonth = number(bytes.suffix(2)) else {
            throw MT940Error(.notADate(tag: tag, found: MT940Text.decode(bytes)), at: location())
        }
        // Within half a year of the value date the nearest year is the value date's own.
        if abs(month - value.month) < 6, let day = Day(year: value.year, month: month, day: dayOfMonth) {
            return day
        }
        var best: Day?
        for year in [value.year, value.year - 1, value.year + 1] {
            guard let candidate = Day(year: year, month: month, day: dayOfMonth) else { continue }
            let distance = abs(candidate.daysSinceEpoch - value.daysSinceEpoch)
            if best.map({ distance < abs($0.daysSinceEpoch - value.daysSinceEpoch) }) ?? true { best = candidate }
        }
        guard let best else {
            throw MT940Error(.notADate(tag: tag, found: MT940Text.decode(bytes)), at: location())
        }
        return best
    }

    /// A three-letter ISO 4217 code.
    static func currency(_ bytes: ArraySlice<UInt8>, tag: String, at location: SourceLocation) throws(MT940Error)
        -> Currency
    {
        guard bytes.count == 3, let currency = Currency(code: String(decoding: bytes, as: UTF8.self)) else {
            throw MT940Error(.unknownCurrency(tag: tag, found: MT940Text.decode(bytes)), at: location)
        }
        return currency
    }

    /// An amount as SWIFT writes it: digits and exactly one decimal comma (`1234,56`, `100,`),
    /// no sign, no grouping; exact in the currency's minor units.
    static func amount(
        _ bytes: ArraySlice<UInt8>, currency: Currency, tag: String, at location: SourceLocation
    ) throws(MT940Error) -> Money {
        try bytes.withUnsafeBufferPointer { (buffer) throws(MT940Error) -> Money in
            try amount(buffer, currency: currency, tag: tag, at: location)
        }
    }

    /// ``amount(_:currency:tag:at:)`` over a buffer (a statement line's bytes).
    static func amount(
        _ bytes: UnsafeBufferPointer<UInt8>, currency: Currency, tag: String,
        at location: @autoclosure () -> SourceLocation
    ) throws(MT940Error) -> Money {
        var commas = 0
        for byte in bytes {
            if byte == UInt8(ascii: ",") {
                commas += 1
            } else if byte < 0x30 || byte > 0x39 {
                commas = 2
                break
            }
        }
        guard commas == 1, let first = bytes.first, first != UInt8(ascii: ",") else {
            throw MT940Error(.notAnAmount(tag: tag, found: MT940Text.decode(bytes)), at: location())
        }
        let number: DecimalNumber
        do throws(DecimalNumber.ParseFailure) {
            number = try DecimalNumber.parse(bytes, decimalSeparator: UInt8(ascii: ","))
        } catch {
            throw MT940Error(.amountOverflow(tag: tag, found: String(decoding: bytes, as: UTF8.self)), at: location())
        }
        do {
            return try Money.exactly(number, currency: currency).0
        } catch .tooPrecise {
            throw MT940Error(
                .tooPrecise(
                    tag: tag, found: String(decoding: bytes, as: UTF8.self), currency: currency.code,
                    digits: currency.minorDigits),
                at: location())
        } catch {
            throw MT940Error(.amountOverflow(tag: tag, found: String(decoding: bytes, as: UTF8.self)), at: location())
        }
    }

    /// A decimal number of up to four digits, or `nil`.
    static func number(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
