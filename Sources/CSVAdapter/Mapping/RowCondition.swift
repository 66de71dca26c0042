import Foundation

/// One test a row must pass for a ``RowRule`` to apply.
///
/// Field tests read the cell as written in the file (trimmed), before any ``CellExtraction``.
///
/// `@unchecked`: an `NSRegularExpression` is immutable once compiled, so sharing one is safe.
struct RowCondition: @unchecked Sendable {
    enum Test {
        /// The pattern is found in the cell (case-insensitive unless the mapping says otherwise).
        case matches(NSRegularExpression)
        /// The trimmed cell is exactly this text, case included.
        case equals(String)
        /// The row has (`true`) or lacks (`false`) the column.
        case exists(Bool)
        /// The row's number of fields is within the bounds (both included).
        case width(min: Int?, max: Int?)
    }

    /// The column tested; `nil` tests every field of the row (any one may pass).
    var column: ColumnReference?
    var test: Test
}
