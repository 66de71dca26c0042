/// When a recurring charge falls due: every `interval` days, weeks, months or years from a first
/// day, up to an optional last day (docs/recurring.md).
///
/// Due days are counted from the first day in one step, never from the previous charge, so a
/// rule on the 31st falls on January 31, February 29 (28), March 31: the day of the month is
/// clamped to the month's length for that month only. Days, not instants.
public struct Recurrence: Sendable, Hashable {
    /// The unit of the rhythm.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case day, week, month, year
    }

    public let unit: Unit
    /// How many units between two due days (1 or more).
    public let interval: Int
    /// The first due day, the anchor every due day is counted from.
    public let first: Day
    /// The last day a charge may fall on (included); `nil` for no end.
    public let until: Day?

    /// Creates a rhythm; `nil` when `interval` is below 1 or `until` is before `first`.
    public init?(unit: Unit, interval: Int = 1, first: Day, until: Day? = nil) {
        guard interval >= 1, interval <= 1000, until.map({ $0 >= first }) ?? true else { return nil }
        self.unit = unit
        self.interval = interval
        self.first = first
        self.until = until
    }

    /// The `index`-th due day (0 is `first`), or `nil` past the calendar's range or after `until`.
    public func dueDay(_ index: Int) -> Day? {
        guard index >= 0 else { return nil }
        let steps = index.multipliedReportingOverflow(by: interval)
        guard !steps.overflow else { return nil }
        let found: Day?
        switch unit {
        case .day: found = first.adding(days: steps.partialValue)
        case .week:
            let days = steps.partialValue.multipliedReportingOverflow(by: 7)
            found = days.overflow ? nil : first.adding(days: days.partialValue)
        case .month: found = Self.clamped(first, months: steps.partialValue)
        case .year:
            let months = steps.partialValue.multipliedReportingOverflow(by: 12)
            found = months.overflow ? nil : Self.clamped(first, months: months.partialValue)
        }
        guard let found, until.map({ found <= $0 }) ?? true else { return nil }
        return found
    }

    /// The due days after `after` (excluded; `nil`: from the first) through `through` (included),
    /// in order.
    public func dueDays(after: Day?, through: Day) -> [Day] {
        var days: [Day] = []
        var index = startIndex(after: after)
        while let day = dueDay(index), day <= through {
            if after.map({ day > $0 }) ?? true { days.append(day) }
            index += 1
        }
        return days
    }

    // MARK: - Private

    /// An index at or before the first due day after `after`, so a rule running for years is not
    /// walked from its first day.
    private func startIndex(after: Day?) -> Int {
        guard let after, after > first else { return 0 }
        let elapsed = after.daysSinceEpoch - first.daysSinceEpoch
        let perStep: Int
        switch unit {
        case .day: perStep = interval
        case .week: perStep = 7 * interval
        case .month: perStep = 31 * interval
        case .year: perStep = 366 * interval
        }
        return max(0, elapsed / perStep - 1)
    }

    /// `day` moved by whole months, its day of the month clamped to the month's length.
    private static func clamped(_ day: Day, months: Int) -> Day? {
        let total = (day.year * 12 + day.month - 1).addingReportingOverflow(months)
        guard !total.overflow else { return nil }
        let year = total.partialValue / 12
        let month = total.partialValue % 12 + 1
        guard (1...9999).contains(year) else { return nil }
        return Day(year: year, month: month, day: min(day.day, Day.daysIn(month: month, year: year)))
    }
}
