import LedgerCore

/// A QIF `D` field as numbers, before the file's day/month order is known.
///
/// Styles read: `1/31/2024`, `31/01/2024`, `1/31'24`, `1/ 4'18` (spaces pad a number),
/// `01-31-24`, `31.01.2024` and, year first, `2024-01-31`. Two-digit years follow Quicken's
/// convention: after an apostrophe the year is in the 2000s (`1/31'24` is 2024; Quicken writes
/// `'` for 2000 and later and `/` for the 1900s); after `/`, `-` or `.` they follow the POSIX
/// `%y` rule (00–68 → 2000s, 69–99 → 1900s), so `01-31-24` is 2024 and `12/31/99` is 1999.
struct QIFDate: Sendable, Hashable {
    /// The first number (month or day; the year when ``isYearFirst``).
    var first: Int
    /// The second number (day or month; the month when ``isYearFirst``).
    var second: Int
    /// The third number (the day when ``isYearFirst``).
    var third: Int
    /// The four-digit year.
    var year: Int
    /// `2024-01-31`: no order needed.
    var isYearFirst: Bool

    /// What the date says about the file's order.
    enum Evidence: Equatable {
        /// The same day in either order (year first, or both numbers equal).
        case either(Day)
        /// Only this order names a real day.
        case only(QIFDateOrder, Day)
        /// Both orders name a real day, and different ones.
        case ambiguous
        /// Neither does.
        case neither
    }

    /// Reads a date's numbers; `nil` when the text has no date's shape.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDate? {
        var numbers = (0, 0, 0)
        var digits = (0, 0, 0)
        var count = 0
        // 0: a number is expected (spaces may pad it); 1: inside a number; 2: spaces after one.
        var state = 0
        var apostropheBeforeLast = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if state == 2 { return nil }
                if state == 0 {
                    if count == 3 { return nil }
                    count += 1
                    state = 1
                }
                let value = Int(byte &- UInt8(ascii: "0"))
                switch count {
                case 1:
                    numbers.0 = numbers.0 &* 10 &+ value
                    digits.0 += 1
                case 2:
                    numbers.1 = numbers.1 &* 10 &+ value
                    digits.1 += 1
                default:
                    numbers.2 = numbers.2 &* 10 &+ value
                    digits.2 += 1
                }
                if digits.0 > 4 || digits.1 > 4 || digits.2 > 4 { return nil }
            case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "'"):
                // A separator stands between two numbers, never at the ends or twice.
                guard state != 0, count < 3 else { return nil }
                if count == 2 { apostropheBeforeLast = byte == UInt8(ascii: "'") }
                state = 0
            case UInt8(ascii: " "), 0x09:
                // Padding: `1/ 4'18`, `1/31' 5`; a space never splits a number.
                if state == 1 { state = 2 }
            default:
                return nil
            }
        }
        guard count == 3, state != 0 else { return nil }
        if digits.0 == 4 {
            guard digits.1 <= 2, digits.2 <= 2 else { return nil }
            return QIFDate(
                first: numbers.0, second: numbers.1, third: numbers.2, year: numbers.0, isYearFirst: true)
        }
        guard digits.0 <= 2, digits.1 <= 2 else { return nil }
        let year: Int
        switch digits.2 {
        case 4: year = numbers.2
        case 1, 2:
            if apostropheBeforeLast {
                year = 2000 + numbers.2
            } else {
                year = numbers.2 < 69 ? 2000 + numbers.2 : 1900 + numbers.2
            }
        default: return nil
        }
        return QIFDate(first: numbers.0, second: numbers.1, third: numbers.2, year: year, isYearFirst: false)
    }

    /// Which orders name a real day, and which day.
    var evidence: Evidence {
        if isYearFirst {
            guard let day = Day(year: year, month: second, day: third) else { return .neither }
            return .either(day)
        }
        let monthFirst = Day(year: year, month: first, day: second)
        let dayFirst = Day(year: year, month: second, day: first)
        switch (monthFirst, dayFirst) {
        case (let m?, let d?): return m == d ? .either(m) : .ambiguous
        case (let m?, nil): return .only(.mdy, m)
        case (nil, let d?): return .only(.dmy, d)
        case (nil, nil): return .neither
        }
    }

    /// The day in a given order, `nil` when that order names no real day.
    func day(in order: QIFDateOrder) -> Day? {
        if isYearFirst { return Day(year: year, month: second, day: third) }
        switch order {
        case .mdy: return Day(year: year, month: first, day: second)
        case .dmy: return Day(year: year, month: second, day: first)
        }
    }
}
