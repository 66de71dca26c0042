/// A run of days that includes `start` and excludes `end`.
///
/// Consecutive windows share a boundary and never overlap: January is
/// `2024-01-01 ..< 2024-02-01`. An `end` of `nil` means "no end".
public struct DayWindow: Sendable, Hashable, CustomStringConvertible {
    /// The first day in the window (included).
    public var start: Day?
    /// The first day after the window (excluded), or `nil` for an open end.
    public var end: Day?

    /// Creates a window; `nil` bounds are open.
    public init(start: Day?, end: Day?) {
        self.start = start
        self.end = end
    }

    /// The window from `first` through `last`, both included.
    public static func days(_ first: Day?, through last: Day?) -> DayWindow {
        DayWindow(start: first, end: last.map { $0.next == $0 ? $0 : $0.next })
    }

    /// Whether a day falls inside the window.
    public func contains(_ day: Day) -> Bool {
        if let start, day < start { return false }
        if let end, day >= end { return false }
        return true
    }

    public var description: String {
        "\(start.map(String.init(describing:)) ?? "…") ..< \(end.map(String.init(describing:)) ?? "…")"
    }
}
