import LedgerCore

/// How a balance chart maps days and amounts to whole pixels, and where its axes' ticks fall.
///
/// Amounts stay integers of minor units all the way: a position is worked out with full-width
/// integer arithmetic, and a tick is a whole multiple of a round step (1, 2 or 5 times a power
/// of ten minor units), labelled exactly.
struct ChartScale: Sendable, Hashable {
    /// The first and last day drawn.
    var days: ClosedRange<Int>
    /// The lowest and highest amount on the axis, in minor units (ticks fall on whole steps).
    var amounts: ClosedRange<Int64>
    /// The amount axis's step, in minor units.
    var amountStep: Int64
    /// The plot's left, right, top and bottom edges, in pixels.
    var left: Int
    var right: Int
    var top: Int
    var bottom: Int

    /// A scale for days and amounts: the amount range widened to whole steps, about five of them.
    init(days: ClosedRange<Int>, amounts: ClosedRange<Int64>, minorDigits: Int, plot: (Int, Int, Int, Int)) {
        self.days = days
        (left, right, top, bottom) = plot
        var low = amounts.lowerBound
        var high = amounts.upperBound
        if low == high {
            // One value: a whole unit either side of it.
            let unit = ChartScale.power(of: minorDigits)
            low = low.subtractingReportingOverflow(unit).overflow ? low : low - unit
            high = high.addingReportingOverflow(unit).overflow ? high : high + unit
        }
        let range = UInt64(bitPattern: high) &- UInt64(bitPattern: low)
        let step = ChartScale.roundStep(atLeast: range / 5)
        amountStep = step
        let (floorLow, _) = ChartScale.multiple(of: step, near: low, up: false)
        let (ceilHigh, _) = ChartScale.multiple(of: step, near: high, up: true)
        self.amounts = floorLow...ceilHigh
    }

    /// The x of a day's start.
    func x(_ day: Int) -> Int {
        let span = max(1, days.upperBound - days.lowerBound)
        return left + (day - days.lowerBound) * (right - left) / span
    }

    /// The y of an amount, rounded to the nearest pixel (amounts outside the axis are clamped).
    func y(_ amount: Int64) -> Int {
        let value = min(max(amount, amounts.lowerBound), amounts.upperBound)
        let range = UInt64(bitPattern: amounts.upperBound) &- UInt64(bitPattern: amounts.lowerBound)
        guard range > 0 else { return bottom }
        let offset = UInt64(bitPattern: amounts.upperBound) &- UInt64(bitPattern: value)
        let height = UInt64(bottom - top)
        let (quotient, remainder) = range.dividingFullWidth(offset.multipliedFullWidth(by: height))
        let rounded = quotient + (remainder >= range - remainder ? 1 : 0)
        return top + Int(rounded)
    }

    /// The amount ticks, lowest first.
    var amountTicks: [Int64] {
        var ticks: [Int64] = []
        var value = amounts.lowerBound
        while value <= amounts.upperBound, ticks.count < 20 {
            ticks.append(value)
            let (next, overflow) = value.addingReportingOverflow(amountStep)
            if overflow { break }
            value = next
        }
        return ticks
    }

    /// The day ticks and their labels: days, weeks, months or years apart, so that at most about
    /// `maximum` fit; a month tick is its first day (`2024-03`), a year tick its first of January.
    func dayTicks(maximum: Int = 10) -> [(day: Int, label: String)] {
        let span = days.upperBound - days.lowerBound
        for step in [1, 2, 7, 14] where span / step < maximum {
            return stride(from: days.lowerBound, through: days.upperBound, by: step).compactMap { number in
                Day(daysSinceEpoch: number).map { (number, $0.description) }
            }
        }
        guard let first = Day(daysSinceEpoch: days.lowerBound), let last = Day(daysSinceEpoch: days.upperBound) else {
            return []
        }
        let months = (last.year - first.year) * 12 + last.month - first.month
        for step in [1, 2, 3, 6] where months / step < maximum {
            return monthTicks(from: first, to: last, every: step)
        }
        let years = last.year - first.year
        let step = [1, 2, 5, 10, 20, 50, 100].first { years / $0 < maximum } ?? 100
        return monthTicks(from: first, to: last, every: 12 * step)
    }

    // MARK: - Private

    private func monthTicks(from first: Day, to last: Day, every months: Int) -> [(day: Int, label: String)] {
        var ticks: [(day: Int, label: String)] = []
        var year = first.year
        var month = first.month
        while (year, month) <= (last.year, last.month) {
            let index = year * 12 + month - 1
            if index % months == 0, let day = Day(year: year, month: month, day: 1), day >= first {
                let label = months >= 12 ? String(year) : String(day.description.prefix(7))
                ticks.append((day.daysSinceEpoch, label))
            }
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        return ticks
    }

    /// 10 to the power `exponent`, in 64 bits (at most 10^18).
    private static func power(of exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<min(exponent, 18) { result *= 10 }
        return result
    }

    /// The smallest of 1, 2, 5 times a power of ten that is at least `minimum` (and at least 1).
    private static func roundStep(atLeast minimum: UInt64) -> Int64 {
        var magnitude: Int64 = 1
        while true {
            for factor: Int64 in [1, 2, 5] {
                let (step, overflow) = magnitude.multipliedReportingOverflow(by: factor)
                if overflow { return Int64.max }
                if UInt64(step) >= minimum { return step }
            }
            let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return Int64.max }
            magnitude = next
        }
    }

    /// The multiple of `step` at or below (`up: false`) or at or above `value`; `value` itself
    /// when that multiple leaves 64 bits.
    private static func multiple(of step: Int64, near value: Int64, up: Bool) -> (Int64, Bool) {
        var quotient = value / step
        let remainder = value % step
        if remainder != 0 {
            if up && remainder > 0 { quotient += 1 }
            if !up && remainder < 0 { quotient -= 1 }
        }
        let (result, overflow) = quotient.multipliedReportingOverflow(by: step)
        return overflow ? (value, false) : (result, true)
    }
}
