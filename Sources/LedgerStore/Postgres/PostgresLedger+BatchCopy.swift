import LedgerCore

/// A run of new rows stored with `COPY` (issue 21's speed): the server parses COPY's text rows for
/// about half of what an `INSERT … SELECT … FROM unnest(…)` of the same rows costs it, and the
/// client writes one buffer instead of 25 arrays.
///
/// `COPY` has no `ON CONFLICT`: a row whose identity or source id is stored (a duplicate, a
/// pending row to book in place, another worker's row) fails the copy at that row. So one
/// statement first asks whether any row of the run is stored, and a run that meets one goes to
/// the statements (`PostgresLedger+BatchStatements.swift`), which decide each row exactly as
/// before. Another worker can store a row between that look and the copy: the copy runs after a
/// savepoint, and any failure at all rolls back to it and leaves the run to the statements too.
/// The server's unique indexes still decide identity, and the copy stores a run only when every
/// row of it is new. After a run meets a stored row, the next runs go straight to the statements
/// until one of them stores every row it was sent (``copiesRuns``), so a file imported twice
/// costs no look per batch.
extension PostgresLedger {
    /// Stores `rows` (a run without withdrawals, no two sharing an identity or a source id) with
    /// one `COPY`, when every one is new; answers whether it did. Rows with split lines (their
    /// lines need the rows' ids) or holding a NUL (text can't; the statements refuse it at its
    /// record) are left to the statements, as are all rows after a copy met a stored row.
    ///
    /// - Throws: when the look for stored rows or the rollback to the savepoint fails (the server
    ///   or the connection failed); a failed copy itself throws nothing.
    func copiedWhole(_ rows: [PendingRow], importID: Int64?) throws(StoreError) -> Bool {
        guard copiesRuns, rows.count >= rowsToCopy, !writesRowByRow,
            let data = Self.copyText(of: rows, importID: importID)
        else { return false }
        // A run that meets a stored row goes to the statements without a copy: a failed copy
        // would also have used up ids (a sequence never gives one back), leaving a gap before
        // the run's new rows that SQLite's ledger doesn't have.
        guard try !meetsStoredRow(rows) else {
            copiesRuns = false
            return false
        }
        do {
            try connection.copyIn(Self.copySQL, data)
            copiedRuns += 1
            return true
        } catch {
            copiesRuns = false
            try connection.execute("ROLLBACK TO SAVEPOINT copy_run")
            return false
        }
    }

    /// Whether a row of the run has its identity or its source id stored, in one statement that
    /// stops at the first it finds.
    private func meetsStoredRow(_ rows: [PendingRow]) throws(StoreError) -> Bool {
        var columns: [[String?]] = Array(repeating: [], count: 5)
        for column in columns.indices { columns[column].reserveCapacity(rows.count) }
        for row in rows {
            columns[0].append(String(row.accountID))
            columns[1].append(row.draft.bookingDay.description)
            columns[2].append(String(row.fingerprint))
            columns[3].append(String(row.discriminator))
            columns[4].append(row.draft.externalID)
        }
        let found = try connection.queryPrepared(
            """
            SELECT EXISTS (
                SELECT 1 FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[])
                    AS r(account_id, day, fingerprint, discriminator, external_id)
                WHERE EXISTS (
                        SELECT 1 FROM transactions t WHERE t.account_id = r.account_id AND t.day = r.day
                            AND t.fingerprint = r.fingerprint AND t.discriminator = r.discriminator)
                    OR (r.external_id IS NOT NULL AND EXISTS (
                        SELECT 1 FROM transactions t
                        WHERE t.account_id = r.account_id AND t.external_id = r.external_id)))
            """,
            columns.map(PostgresArray.text))
        return try found.rows.first?.text(0) == "t"
    }

    /// The rows in COPY's text format, the columns of ``insertColumns`` in order: tab-separated,
    /// `\N` for NULL, a backslash, tab, newline or carriage return escaped with a backslash. `nil`
    /// when a row has split lines or a value holds a NUL.
    static func copyText(of rows: [PendingRow], importID: Int64?) -> [UInt8]? {
        var data: [UInt8] = []
        data.reserveCapacity(rows.count * 192)
        for row in rows {
            guard row.draft.splits.isEmpty else { return nil }
            for (column, value) in parameters(of: row, importID: importID).enumerated() {
                if column > 0 { data.append(UInt8(ascii: "\t")) }
                guard let value else {
                    data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                    continue
                }
                for byte in value.utf8 {
                    switch byte {
                    case 0: return nil
                    case UInt8(ascii: "\\"): data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                    case UInt8(ascii: "\t"): data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                    case UInt8(ascii: "\n"): data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                    case UInt8(ascii: "\r"): data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                    default: data.append(byte)
                    }
                }
            }
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    /// The savepoint and the copy, sent in one round trip.
    private static let copySQL =
        "SAVEPOINT copy_run; COPY transactions (\(insertColumns.map(\.name).joined(separator: ", "))) FROM STDIN"
}
