/// A pattern for rows that are not transactions (authorisation holds, memo lines).
struct SkipRule: Sendable {
    /// The column tested; `nil` tests every field.
    var column: ColumnReference?
    var equals: [String] = []
    var startsWith: [String] = []
    var contains: [String] = []
    /// Whether an empty cell matches.
    var isEmpty = false
}
