/// What one PostgreSQL statement answered: its rows as text, and how many rows it changed.
///
/// The values are copied out of libpq's result, which is cleared before the call returns.
public struct PostgresResult: Sendable, Hashable {
    /// The columns' names, in order.
    public var columns: [String]
    /// The rows, in the order the server sent them.
    public var rows: [PostgresRow]
    /// How many rows an INSERT, UPDATE or DELETE changed (`PQcmdTuples`); 0 for other statements.
    public var affectedRows: Int
}
