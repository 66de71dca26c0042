import LedgerCore

/// One row of a PostgreSQL result, its values in text form (`nil` for NULL).
///
/// The typed readers throw ``StoreError/Reason/corruptValue(column:found:)`` when a value is not
/// what the schema promises, rather than guessing.
public struct PostgresRow: Sendable, Hashable {
    /// The values, one per column, `nil` for NULL.
    public var values: [String?]
    /// The columns' names, for errors.
    public var columns: [String]

    /// The text in column `index`.
    ///
    /// - Throws: ``StoreError`` when the column is missing or NULL.
    public func text(_ index: Int) throws(StoreError) -> String {
        guard let value = try optionalText(index) else { throw corrupt(index, found: "NULL") }
        return value
    }

    /// The text in column `index`, `nil` for NULL.
    ///
    /// - Throws: ``StoreError`` when the row has no such column.
    public func optionalText(_ index: Int) throws(StoreError) -> String? {
        guard values.indices.contains(index) else { throw corrupt(index, found: "no such column") }
        return values[index]
    }

    /// The 64-bit integer in column `index`.
    ///
    /// - Throws: ``StoreError`` when the column is missing, NULL or not an integer.
    public func int(_ index: Int) throws(StoreError) -> Int64 {
        let value = try text(index)
        guard let number = Int64(value) else { throw corrupt(index, found: value) }
        return number
    }

    /// The 64-bit integer in column `index`, `nil` for NULL.
    ///
    /// - Throws: ``StoreError`` when the column is missing or holds something else than an integer.
    public func optionalInt(_ index: Int) throws(StoreError) -> Int64? {
        guard let value = try optionalText(index) else { return nil }
        guard let number = Int64(value) else { throw corrupt(index, found: value) }
        return number
    }

    private func corrupt(_ index: Int, found: String) -> StoreError {
        let name = columns.indices.contains(index) ? columns[index] : "column \(index + 1)"
        return StoreError(.corruptValue(column: name, found: found), at: .file("PostgreSQL result"))
    }
}
