import LedgerCore

/// The imports log on PostgreSQL (issue 21), as `Ledger+Imports.swift` keeps it on SQLite: a row
/// opened `running` before the first batch, counted up by each batch (``save(_:importID:)``),
/// closed with the outcome.
extension PostgresLedger {
    /// Opens a row in the imports log, with status `running`.
    ///
    /// - Parameters:
    ///   - sourcePath: the file read.
    ///   - adapter: the adapter's id.
    ///   - mapping: the mapping named, if any.
    ///   - adapterVersion: the adapter's version.
    ///   - adapterSHA256: an external adapter's executable's SHA-256, in hex; `nil` for a built-in one.
    ///   - process: the process running the import.
    /// - Returns: the import's id, for ``save(_:importID:)`` and ``finishImport(_:_:)``.
    /// - Throws: ``StoreError`` on a server failure.
    public func beginImport(
        sourcePath: String, adapter: String, mapping: String?, adapterVersion: String? = nil,
        adapterSHA256: String? = nil, process: ImportProcess? = nil
    ) throws(StoreError) -> Int64 {
        let result = try connection.query(
            """
            INSERT INTO imports (
                started_at, source_path, adapter, mapping, status, process_id, host, adapter_version, adapter_sha256)
            VALUES ($1, $2, $3, $4, 'running', $5, $6, $7, $8)
            RETURNING id
            """,
            [
                Ledger.now(), sourcePath, adapter, mapping, process.map { String($0.id) }, process?.host,
                adapterVersion, adapterSHA256,
            ])
        guard let row = result.rows.first else {
            throw StoreError(.corruptValue(column: "imports.id", found: "none"), at: .file(location))
        }
        return try row.int(0)
    }

    /// Closes an import's row with its counts and how it ended.
    ///
    /// - Throws: ``StoreError`` on a server failure.
    public func finishImport(_ id: Int64, _ outcome: Ledger.ImportOutcome) throws(StoreError) {
        try connection.query(
            """
            UPDATE imports SET finished_at = $1, sha256 = $2, mapping = coalesce($3, mapping), read = $4,
                inserted = $5, duplicates = $6, batches = $7, status = $8, failure = $9
            WHERE id = $10
            """,
            [
                Ledger.now(), outcome.sha256, outcome.mapping, String(outcome.read), String(outcome.inserted),
                String(outcome.duplicates), String(outcome.batches), outcome.status.rawValue, outcome.failure,
                String(id),
            ])
    }
}
