/// A date column and how its days are written.
struct DateField: Sendable {
    enum Format: Sendable {
        case fixed(DateFormat)
        /// Inferred from the column's values.
        case auto
    }

    var column: ColumnReference
    var format: Format
}
