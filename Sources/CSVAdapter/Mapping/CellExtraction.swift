import Foundation

/// A column whose value is pulled out of a decorated cell before it is read: `د.ا.‏4.750`
/// gives `4.750`, `EUR 1.234,56 (pending)` gives `1.234,56`.
///
/// The value is the pattern's group named `value`, else its first group, else the whole match.
/// An empty cell stays empty; a non-empty cell the pattern doesn't match is an error.
struct CellExtraction: @unchecked Sendable {
    var column: ColumnReference
    /// Compiled once; `NSRegularExpression` is immutable, so sharing it across threads is safe.
    var pattern: NSRegularExpression
    /// The pattern as written, for messages.
    var source: String
    /// Whether the value is the group named `value` (else the first group, else the match).
    var hasValueGroup: Bool

    init(column: ColumnReference, pattern: NSRegularExpression, source: String) {
        self.column = column
        self.pattern = pattern
        self.source = source
        hasValueGroup = source.contains("(?<value>")
    }

    /// The value in a cell's text, or `nil` when the pattern doesn't match it.
    func value(in text: String) -> String? {
        let whole = NSRange(text.startIndex..., in: text)
        guard let match = pattern.firstMatch(in: text, range: whole) else { return nil }
        let range: NSRange
        if hasValueGroup {
            range = match.range(withName: "value")
        } else {
            range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        }
        guard range.location != NSNotFound, let found = Range(range, in: text) else { return "" }
        return String(text[found])
    }
}
