/// Rows marked pending by a status column.
struct StatusRule: Sendable {
    var column: ColumnReference
    /// Values (trimmed, case-insensitive) that mean pending.
    var pendingValues: [String]
}
