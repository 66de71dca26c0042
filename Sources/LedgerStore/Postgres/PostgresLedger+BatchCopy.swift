import LedgerCore

/// A batch of new rows stored with `COPY` in three round trips (issue 21's speed): the server
/// parses COPY's text rows for about half of what an `INSERT … SELECT … FROM unnest(…)` of the
/// same rows costs it, and the client writes one buffer instead of 25 arrays.
///
/// 1. `BEGIN`, the tombstones, the batch's accounts locked and read (`FOR NO KEY UPDATE`, as the
///    account limit's check locks them) and the start of the `COPY`, as one script.
/// 2. The rows, and the copy's end.
/// 3. The batch's volumes, import counts and totals (``totalsSQL``), then `COMMIT`, in one
///    pipeline.
///
/// (A batch whose rows have source ids also asks whether a split-family relative of one is
/// stored, between 2 and 3.)
///
/// `COPY` has no `ON CONFLICT`: a row whose identity or source id is stored (a duplicate, a
/// pending row to book in place, another worker's row) fails the copy at that row, and the server
/// gives every row back. So does anything else that fails: a deleted row's tombstone, a missing
/// account, an account limit, a split-family relative. The transaction is then rolled back,
/// nothing of the batch is stored, and the batch goes to the statements
/// (`PostgresLedger+BatchStatements.swift`), which decide each row exactly as before and answer
/// any failure at its record. The server's unique indexes decide identity; the copy stores a
/// batch only when every row of it is new. After a copy meets a stored row, the next batches go
/// straight to the statements until one of them stores every row it was sent (``copiesRuns``),
/// so a file imported twice costs one failed copy, not one a batch.
///
/// A failed copy has used up the ids its rows were given (a sequence never gives one back), as a
/// duplicate's insert does: after a batch that met a stored row, a PostgreSQL ledger's ids run
/// ahead of a SQLite ledger's (docs/postgres.md). A look for stored rows before each copy would
/// avoid that gap; measured, it cost a quarter of the door's speed with batches of 100.
extension PostgresLedger {
    /// Stores `items` with one `COPY` when every one is a new row (see above); answers the
    /// batch's counts, or `nil` when the batch is left to the statements, nothing of it stored
    /// and no transaction open. Rows with split lines (their lines need the rows' ids), holding
    /// a NUL (text can't; the statements refuse it at its record), or meeting each other (an
    /// identity or source id twice) are left to the statements, as are batches with withdrawals.
    ///
    /// - Throws: only when the connection was lost: whether the batch was stored is then
    ///   unknown, and nothing may be tried on it again.
    func savedByCopy(_ items: [BatchItem], importID: Int64?) throws(StoreError) -> BatchCounts? {
        guard copiesRuns, !writesRowByRow, !items.isEmpty, items.count >= rowsToCopy else { return nil }
        var rows: [PendingRow] = []
        rows.reserveCapacity(items.count)
        for item in items {
            guard case .insert(let row) = item else { return nil }
            rows.append(row)
        }
        guard Self.isDistinct(items), let data = Self.copyText(of: rows, importID: importID) else { return nil }
        do {
            switch try copyWhole(rows, data: data, importID: importID) {
            case .copied(let counts):
                copiedRuns += 1
                return counts
            case .leftToStatements:
                try connection.execute("ROLLBACK")
                return nil
            }
        } catch {
            guard connection.isOpen else { throw error }
            try connection.rollBack(after: error)
            copiesRuns = false
            return nil
        }
    }

    /// What became of a batch offered to the copy.
    private enum CopyOutcome {
        /// Stored whole.
        case copied(BatchCounts)
        /// Not copied: a row was deleted before (a tombstone), or an account is gone.
        case leftToStatements
    }

    /// The three round trips (see above). Throws on anything else the statements must decide.
    /// Unless it answers `.copied`, the transaction is left open or failed, for the caller to
    /// roll back.
    private func copyWhole(_ rows: [PendingRow], data: [UInt8], importID: Int64?) throws(StoreError)
        -> CopyOutcome
    {
        let accountIDs = Set(rows.map(\.accountID)).sorted()
        let opening = Self.copyOpening(accounts: accountIDs)
        let answers = try connection.startCopy(opening)
        guard answers.count == 3 else {
            connection.abandonCopy()
            return .leftToStatements
        }
        let deleted = try tombstones(in: answers[1])
        var locked: [Int64: LockedAccount] = [:]
        for row in answers[2].rows { locked[try row.int(0)] = try LockedAccount(row, from: 1) }
        guard locked.count == accountIDs.count, deleted.isEmpty || !rows.contains(where: deleted.contains) else {
            connection.abandonCopy()
            return .leftToStatements
        }
        try connection.finishCopy(data, sql: opening)
        try checkNoSplitRelatives(of: rows, inserted: rows.map { _ in true })
        var totals = DailyTotals()
        for row in rows { totals.add(row, isNew: true, category: row.assignment?.category ?? row.draft.category) }
        let imported = importID.map {
            ImportCounts(importID: $0, read: rows.count, inserted: rows.count, duplicates: 0)
        }
        if let parameters = try totalsParameters(totals, adding: imported, locked: locked) {
            try connection.queryPreparedThenCommit(Self.totalsSQL, parameters)
        } else {
            try connection.execute("COMMIT")
        }
        return .copied(BatchCounts(inserted: rows.count))
    }

    /// The rows in COPY's text format, the columns of ``insertColumns`` in order: tab-separated,
    /// `\N` for NULL, a backslash, tab, newline or carriage return escaped with a backslash. `nil`
    /// when a row has split lines or a value holds a NUL.
    static func copyText(of rows: [PendingRow], importID: Int64?) -> [UInt8]? {
        var text = CopyText(capacity: rows.count * 192)
        for row in rows {
            guard row.draft.splits.isEmpty else { return nil }
            writeColumns(of: row, importID: importID, into: &text)
            guard !text.heldNUL else { return nil }
            text.endRow()
        }
        return text.bytes
    }

    /// The first round trip's script: `BEGIN`, the tombstones, the accounts (ids are numbers the
    /// ledger gave, written into the text), the copy.
    private static func copyOpening(accounts: [Int64]) -> String {
        let ids = accounts.map { String($0) }.joined(separator: ", ")
        return """
            BEGIN; \(tombstonesSQL); \
            SELECT id, name, currency, volume, largest_balance FROM accounts WHERE id IN (\(ids)) \
            ORDER BY id FOR NO KEY UPDATE; \
            COPY transactions (\(insertColumns.map(\.name).joined(separator: ", "))) FROM STDIN
            """
    }
}

/// Rows in COPY's text format, written value by value (``PostgresLedger/copyText(of:importID:)``):
/// the bytes of each value, with no string made for a number or a day.
struct CopyText: BatchColumnSink {
    private(set) var bytes: [UInt8] = []
    /// Whether a text held a NUL, which COPY's text can't carry.
    private(set) var heldNUL = false
    /// Whether the next value is the row's first (no tab before it).
    private var atRowStart = true

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func integer(_ value: Int64?) {
        guard let value else { return null() }
        separate()
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The digits, last first, from the end of a buffer on the stack (20 hold any Int64).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    mutating func day(_ value: Day?) {
        guard let value else { return null() }
        separate()
        digits(value.year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(value.month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(value.day, width: 2)
    }

    /// The text's bytes; a backslash, tab, newline or carriage return escaped with a backslash.
    mutating func text(_ value: String?) {
        guard var value else { return null() }
        separate()
        value.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case 0: heldNUL = true
                case UInt8(ascii: "\\"):
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "\t"):
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(UInt8(ascii: "t"))
                case UInt8(ascii: "\n"):
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"):
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(UInt8(ascii: "r"))
                default: bytes.append(byte)
                }
            }
        }
    }

    /// Ends the row.
    mutating func endRow() {
        bytes.append(UInt8(ascii: "\n"))
        atRowStart = true
    }

    /// `value`'s last `width` decimal digits, leading zeros kept.
    private mutating func digits(_ value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// `\N`, COPY's NULL.
    private mutating func null() {
        separate()
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "N"))
    }

    /// A tab before every value but a row's first.
    private mutating func separate() {
        if atRowStart {
            atRowStart = false
        } else {
            bytes.append(UInt8(ascii: "\t"))
        }
    }
}
