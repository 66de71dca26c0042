/// A calendar day: year, month and day, with no time and no time zone.
///
/// A transaction's date is a `Day` in the source's own time zone; instants (`Date`) are only for
/// moments the program itself records. Days are ordered, can be stepped one at a time, and print
/// as ISO 8601 (`2024-01-15`).
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, the month and the day in one word (`year << 9 | month << 5 | day`), so that a day
    /// takes four bytes and two days compare as two integers do.
    @usableFromInline let packed: UInt32

    /// The year, 1 to 9999.
    @inlinable public var year: Int { Int(packed >> 9) }
    /// The month, 1 to 12.
    @inlinable public var month: Int { Int(packed >> 5 & 0xF) }
    /// The day of the month, 1 to 28...31.
    @inlinable public var day: Int { Int(packed & 0x1F) }

    /// Creates a day, or `nil` when there is no such day (`2024-02-30`, month 13, year 0).
    @inlinable
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= Day.daysIn(month: month, year: year)
        else { return nil }
        packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
    }

    /// The number of days in a month of a year (Gregorian, proleptic).
    @inlinable
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether a year has February 29.
    @inlinable
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let digits: [UInt8] = [
            UInt8(48 + year / 1000 % 10), UInt8(48 + year / 100 % 10), UInt8(48 + year / 10 % 10),
            UInt8(48 + year % 10), 45, UInt8(48 + month / 10), UInt8(48 + month % 10), 45, UInt8(48 + day / 10),
            UInt8(48 + day % 10),
        ]
        return String(decoding: digits, as: UTF8.self)
    }

    @inlinable public static func < (lhs: Day, rhs: Day) -> Bool { lhs.packed < rhs.packed }
}

extension Day {
    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day a number of days after 1970-01-01, or `nil` outside years 1...9999.
    public init?(daysSinceEpoch: Int) {
        // Years 1...9999 span about 3.65 million days; far outside them the arithmetic below
        // would overflow, so any count that large is refused first.
        guard daysSinceEpoch.magnitude < 4_000_000 else { return nil }
        // Howard Hinnant's civil_from_days.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// The calendar day of an instant at a fixed offset from UTC.
    ///
    /// - Parameters:
    ///   - secondsSinceEpoch: the instant, in seconds since 1970-01-01T00:00:00Z.
    ///   - offsetSeconds: the source's offset from UTC (`-18000` for EST).
    ///
    /// - Returns: `nil` when the local time falls outside years 1...9999 (or outside 64 bits).
    public init?(secondsSinceEpoch: Int64, offsetSeconds: Int) {
        let (local, overflow) = secondsSinceEpoch.addingReportingOverflow(Int64(offsetSeconds))
        guard !overflow else { return nil }
        // Division rounding toward minus infinity: one second before the epoch is 1969-12-31.
        let days = local / 86_400 - (local % 86_400 < 0 ? 1 : 0)
        guard let days = Int(exactly: days) else { return nil }
        self.init(daysSinceEpoch: days)
    }

    /// The day `count` days later (earlier when negative), or `nil` past the calendar's range.
    public func adding(days count: Int) -> Day? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        return overflow ? nil : Day(daysSinceEpoch: sum)
    }

    /// The next day (clamped at 9999-12-31).
    public var next: Day { adding(days: 1) ?? self }

    /// The previous day (clamped at 0001-01-01).
    public var previous: Day { adding(days: -1) ?? self }

    /// The first day of this day's month.
    public var firstOfMonth: Day {
        // swift-format-ignore: NeverForceUnwrap
        // Day 1 exists in every valid month.
        Day(year: year, month: month, day: 1)!
    }

    /// The month containing this day: includes its first day, excludes the next month's first day.
    public var monthWindow: DayWindow {
        let start = firstOfMonth
        let end =
            month == 12
            ? Day(year: year + 1, month: 1, day: 1) : Day(year: year, month: month + 1, day: 1)
        return DayWindow(start: start, end: end)
    }
}
