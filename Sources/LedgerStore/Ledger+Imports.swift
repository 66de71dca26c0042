import LedgerCore

extension Ledger {
    /// Opens a row in the imports log, with status `running`.
    ///
    /// - Parameters:
    ///   - sourcePath: the file read.
    ///   - adapter: the adapter's id.
    ///   - mapping: the mapping named, if any (the one chosen is set when the import finishes).
    ///   - adapterVersion: the adapter's version (a built-in adapter has ledgerport's).
    ///   - adapterSHA256: an external adapter's executable's SHA-256, in hex; `nil` for a built-in one.
    ///   - process: the process running the import.
    /// - Returns: the import's id, to pass to ``save(_:importID:)`` and ``finishImport(_:_:)``.
    public func beginImport(
        sourcePath: String, adapter: String, mapping: String?, adapterVersion: String? = nil,
        adapterSHA256: String? = nil, process: ImportProcess? = nil
    ) throws(StoreError) -> Int64 {
        try write {
            let insert = try database.prepare(
                """
                INSERT INTO imports (
                    started_at, source_path, adapter, mapping, status, process_id, host, adapter_version, adapter_sha256)
                VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?)
                """)
            try insert.run([
                .text(Ledger.now()), .text(sourcePath), .text(adapter), .optional(mapping),
                process.map { .int(Int64($0.id)) } ?? .null, .optional(process?.host), .optional(adapterVersion),
                .optional(adapterSHA256),
            ])
            return database.lastInsertRowID
        }
    }

    /// What an import run reports when it ends.
    public struct ImportOutcome: Sendable {
        public var sha256: String?
        public var mapping: String?
        public var read: Int
        public var inserted: Int
        public var duplicates: Int
        public var batches: Int
        public var status: ImportRecord.Status
        public var failure: String?

        public init(
            sha256: String?, mapping: String?, read: Int, inserted: Int, duplicates: Int, batches: Int,
            status: ImportRecord.Status, failure: String?
        ) {
            self.sha256 = sha256
            self.mapping = mapping
            self.read = read
            self.inserted = inserted
            self.duplicates = duplicates
            self.batches = batches
            self.status = status
            self.failure = failure
        }
    }

    /// Adds one saved batch's counts to an import's row; called by ``save(_:importID:)`` inside the
    /// batch's transaction.
    func logBatch(_ id: Int64, read: Int, inserted: Int, duplicates: Int) throws(StoreError) {
        let update = try prepared(
            """
            UPDATE imports SET read = read + ?, inserted = inserted + ?, duplicates = duplicates + ?,
                batches = batches + 1
            WHERE id = ?
            """)
        try update.run([.int(Int64(read)), .int(Int64(inserted)), .int(Int64(duplicates)), .int(id)])
    }

    /// Closes an import's row with its counts and how it ended.
    public func finishImport(_ id: Int64, _ outcome: ImportOutcome) throws(StoreError) {
        try write {
            let update = try database.prepare(
                """
                UPDATE imports SET finished_at = ?, sha256 = ?, mapping = coalesce(?, mapping), read = ?,
                    inserted = ?, duplicates = ?, batches = ?, status = ?, failure = ?
                WHERE id = ?
                """)
            try update.run([
                .text(Ledger.now()), .optional(outcome.sha256), .optional(outcome.mapping), .int(Int64(outcome.read)),
                .int(Int64(outcome.inserted)), .int(Int64(outcome.duplicates)), .int(Int64(outcome.batches)),
                .text(outcome.status.rawValue), .optional(outcome.failure), .int(id),
            ])
        }
    }

    /// The imports log, newest first.
    public func imports() throws(StoreError) -> [ImportRecord] {
        let query = try database.prepare(
            """
            SELECT id, started_at, finished_at, source_path, sha256, adapter, mapping, read, inserted,
                duplicates, batches, status, failure, process_id, host, undone_at, adapter_version, adapter_sha256
            FROM imports ORDER BY id DESC
            """)
        return try query.rows { row throws(StoreError) in
            let statusText = row.text(11)
            guard let status = ImportRecord.Status(rawValue: statusText) else {
                throw StoreError(.corruptValue(column: "imports.status", found: statusText), at: .file(path))
            }
            var process: ImportProcess?
            if let id = row.optionalInt(13).flatMap(Int32.init(exactly:)), let host = row.optionalText(14) {
                process = ImportProcess(id: id, host: host)
            }
            return ImportRecord(
                id: row.int(0), startedAt: row.text(1), finishedAt: row.optionalText(2), sourcePath: row.text(3),
                sha256: row.optionalText(4), adapter: row.text(5), mapping: row.optionalText(6),
                read: Int(row.int(7)), inserted: Int(row.int(8)), duplicates: Int(row.int(9)),
                batches: Int(row.int(10)), status: status, failure: row.optionalText(12), process: process,
                undoneAt: row.optionalText(15), adapterVersion: row.optionalText(16),
                adapterSHA256: row.optionalText(17))
        }
    }
}
