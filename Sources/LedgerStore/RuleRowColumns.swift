import LedgerCore

/// One stored row's columns as ``RuleRowPass`` reads them (``RuleRowPass/columns``, in order),
/// whichever store the row comes from: a SQLite ``Statement`` on its current row, or a row of a
/// PostgreSQL result (``PostgresRuleRow``).
///
/// A SQLite statement reads its columns without failing (NULL reads as 0 or ""); a PostgreSQL
/// row throws ``StoreError`` where a value is not what the schema promises.
protocol RuleRowColumns {
    /// Whether the column is NULL.
    func isNull(_ column: Int32) throws(StoreError) -> Bool
    /// An integer column (0 for NULL).
    func int(_ column: Int32) throws(StoreError) -> Int64
    /// An integer column, `nil` for NULL.
    func optionalInt(_ column: Int32) throws(StoreError) -> Int64?
    /// A text column ("" for NULL).
    func text(_ column: Int32) throws(StoreError) -> String
    /// A text column, `nil` for NULL.
    func optionalText(_ column: Int32) throws(StoreError) -> String?
    /// A text column, or `known` when the column holds the same text (without a new string).
    func text(_ column: Int32, reusing known: String) throws(StoreError) -> String
    /// Whether a text column holds exactly `text` (NULL holds none).
    func holds(_ column: Int32, _ text: String) throws(StoreError) -> Bool
    /// A `YYYY-MM-DD` text column as a day; `nil` when NULL or not a day.
    func day(_ column: Int32) throws(StoreError) -> Day?
}

extension Statement: RuleRowColumns {}
