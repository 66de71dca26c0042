import LedgerCore

/// Reads camt's typed values: amounts with their currency, codes, indicators and dates.
enum CamtValue {
    /// An amount element as a positive ``Money`` in its `Ccy`.
    ///
    /// - Throws: ``CamtError`` for a missing or unknown currency, text that is no amount, a sign,
    ///   more decimals than the currency has, or an amount past 64 bits of minor units.
    static func money(_ amount: CamtAmountText, file: String) throws(CamtError) -> Money {
        let location = SourceLocation(file: file, line: amount.line, column: amount.column)
        guard let code = amount.currency else {
            throw CamtError(.missingElement(element: "Ccy attribute", in: amount.element), at: location)
        }
        guard let currency = amount.knownCurrency ?? Currency(code: code) else {
            throw CamtError(
                .badValue(element: amount.element, found: "Ccy=\"\(code)\"", expected: "an ISO 4217 code such as EUR"),
                at: location)
        }
        if amount.value.hasPrefix("-") || amount.value.hasPrefix("+") {
            throw CamtError(
                .badValue(
                    element: amount.element, found: amount.value,
                    expected: "an amount without a sign (CdtDbtInd gives the direction)"), at: location)
        }
        do {
            return try Money.parse(amount.value, currency: currency, at: location).0
        } catch {
            throw CamtError(.badAmount(element: amount.element, detail: error.message), at: location)
        }
    }

    /// `CRDT` is money in, `DBIT` money out.
    static func direction(_ text: CamtText?, in parent: String, at location: SourceLocation) throws(CamtError)
        -> Direction
    {
        guard let text else { throw CamtError(.missingElement(element: "CdtDbtInd", in: parent), at: location) }
        switch text.value {
        case "CRDT": return .credit
        case "DBIT": return .debit
        default:
            throw CamtError(
                .badValue(element: "CdtDbtInd", found: text.value, expected: "CRDT or DBIT"),
                at: SourceLocation(file: location.file, line: text.line, column: text.column))
        }
    }

    /// `RvslInd`: `true`/`1` or `false`/`0` (XML Schema booleans); absent is `false`.
    static func isReversal(_ text: CamtText?, file: String) throws(CamtError) -> Bool {
        guard let text else { return false }
        switch text.value {
        case "true", "1": return true
        case "false", "0": return false
        default:
            throw CamtError(
                .badValue(element: "RvslInd", found: text.value, expected: "true or false"),
                at: SourceLocation(file: file, line: text.line, column: text.column))
        }
    }

    /// The calendar day of an ISO date (`2024-03-01`) or date-time (`2024-03-01T23:30:00+01:00`):
    /// the date as written, in the zone the bank wrote it in, never converted.
    ///
    /// - Throws: ``CamtError`` for text that is neither, or names a day or time that doesn't exist.
    static func day(_ text: CamtText, element: String, file: String) throws(CamtError) -> Day {
        let value = text.value
        if value.utf8.count == 10, let day = isoDay(value) { return day }
        let bytes = Array(value.utf8)
        let fail = CamtError(
            .badValue(
                element: element, found: value,
                expected: "a date YYYY-MM-DD or a date-time YYYY-MM-DDThh:mm:ss with an optional offset"),
            at: SourceLocation(file: file, line: text.line, column: text.column))
        guard bytes.count >= 10, let day = Day(iso: value.prefix(10)) else { throw fail }
        let rest = bytes[10...]
        if rest.isEmpty { return day }
        if !isTime(rest) { throw fail }
        return day
    }

    // MARK: - Private helpers

    /// `YYYY-MM-DD`, read from the string's own bytes: ``Day/init(iso:)`` with no array copied
    /// (two per entry, the booking and the value day).
    private static func isoDay(_ value: String) -> Day? {
        var value = value
        return value.withUTF8 { bytes -> Day? in
            guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var number = 0
                for index in range {
                    let byte = bytes[index]
                    guard byte >= 0x30, byte <= 0x39 else { return nil }
                    number = number * 10 + Int(byte - 0x30)
                }
                return number
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return Day(year: year, month: month, day: day)
        }
    }

    /// `Thh:mm:ss`, optional `.fraction`, optional `Z` or `±hh:mm`; also a date's own offset
    /// (`2024-03-01+01:00`, allowed by XML Schema's `date`).
    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        func digits(_ count: Int, max: Int) -> Bool {
            guard index + count <= bytes.endIndex else { return false }
            var number = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return false }
                number = number * 10 + Int(byte - 0x30)
            }
            index += count
            return number <= max
        }
        func take(_ character: Character) -> Bool {
            guard index < bytes.endIndex, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        if take("T") {
            guard digits(2, max: 23), take(":"), digits(2, max: 59), take(":"), digits(2, max: 60) else { return false }
            if take(".") {
                let start = index
                while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                if index == start { return false }
            }
        }
        if index == bytes.endIndex { return true }
        if take("Z") { return index == bytes.endIndex }
        guard take("+") || take("-") else { return false }
        guard digits(2, max: 14), take(":"), digits(2, max: 59) else { return false }
        return index == bytes.endIndex
    }
}
