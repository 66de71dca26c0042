/// Which of a QIF date's first two numbers is the day: QIF defines no date format, so one order
/// holds for a whole file, settled by its dates (a number above 12) or by the option `date-order`.
public enum QIFDateOrder: String, Sendable, Hashable, CaseIterable {
    /// Day, month, year: `31/01/2024` (Quicken and Money outside the US).
    case dmy
    /// Month, day, year: `1/31/2024`, `1/31'24` (US Quicken and Money).
    case mdy

    /// How messages name the order.
    var name: String {
        switch self {
        case .dmy: return "day-first (D/M/Y)"
        case .mdy: return "month-first (M/D/Y)"
        }
    }
}
