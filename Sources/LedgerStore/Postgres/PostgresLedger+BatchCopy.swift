import LedgerCore

/// A batch of new rows stored with `COPY` in three round trips (issue 21's speed): the server
/// parses COPY's text rows for about half of what an `INSERT … SELECT … FROM unnest(…)` of the
/// same rows costs it, and the client writes text instead of 25 arrays.
///
/// 1. `BEGIN`, the tombstones, the batch's accounts locked and read (`FOR NO KEY UPDATE`, as the
///    account limit's check locks them) and the start of the `COPY`, as one script.
/// 2. The rows, sent in pieces as they are written (the server stores one while the client
///    writes the next), and the copy's end.
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
        var accounts = Set<Int64>()
        for item in items {
            guard case .insert(let row) = item, row.draft.splits.isEmpty else { return nil }
            accounts.insert(row.accountID)
        }
        do {
            switch try copyWhole(items, accounts: accounts.sorted(), importID: importID) {
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
        /// Not copied: a row was deleted before (a tombstone), an account is gone, two rows meet
        /// each other or a text holds a NUL.
        case leftToStatements
    }

    /// How many bytes of rows the client writes before it sends them: the server reads and stores
    /// a piece while the client writes the next, instead of waiting for the whole batch's text.
    static let copyPieceBytes = 1 << 16

    /// The three round trips (see above). Throws on anything else the statements must decide.
    /// Unless it answers `.copied`, the transaction is left open or failed, for the caller to
    /// roll back.
    ///
    /// The rows' text is sent in pieces as it is written (``copyPieceBytes``). A row that meets
    /// an earlier one of the batch, or holds a NUL, ends the copy unfinished: the server then
    /// stores nothing, and the statements decide the batch.
    private func copyWhole(_ items: [BatchItem], accounts: [Int64], importID: Int64?) throws(StoreError)
        -> CopyOutcome
    {
        let opening = Self.copyOpening(accounts: accounts)
        let answers = try connection.startCopy(opening)
        guard answers.count == 3 else {
            connection.abandonCopy()
            return .leftToStatements
        }
        let deleted = try tombstones(in: answers[1])
        var locked: [Int64: LockedAccount] = [:]
        for row in answers[2].rows { locked[try row.int(0)] = try LockedAccount(row, from: 1) }
        guard locked.count == accounts.count else {
            connection.abandonCopy()
            return .leftToStatements
        }
        var text = CopyText(capacity: Self.copyPieceBytes + 4_096)
        var seen = CopiedRows(capacity: items.count)
        var totals = DailyTotals()
        var relatives = SplitRelatives()
        for case .insert(let row) in items {
            guard deleted.isEmpty || !deleted.contains(row), seen.insert(row) else {
                connection.abandonCopy()
                return .leftToStatements
            }
            Self.writeColumns(of: row, importID: importID, into: &text)
            guard !text.heldNUL else {
                connection.abandonCopy()
                return .leftToStatements
            }
            text.endRow()
            totals.add(row, isNew: true, category: row.assignment?.category ?? row.draft.category)
            relatives.add(row)
            if text.bytes.count >= Self.copyPieceBytes {
                try connection.sendCopyData(text.bytes, sql: opening)
                text.removeAll()
            }
        }
        try connection.sendCopyData(text.bytes, sql: opening)
        try connection.endCopy(sql: opening)
        try checkNoStoredRelatives(relatives)
        let imported = importID.map {
            ImportCounts(importID: $0, read: items.count, inserted: items.count, duplicates: 0)
        }
        if let parameters = try totalsParameters(totals, adding: imported, locked: locked) {
            try connection.queryPreparedThenCommit(Self.totalsSQL, parameters)
        } else {
            try connection.execute("COMMIT")
        }
        return .copied(BatchCounts(inserted: items.count))
    }

    /// The rows in COPY's text format, the columns of ``insertColumns`` in order: tab-separated,
    /// `\N` for NULL, a backslash, tab, newline or carriage return escaped with a backslash. `nil`
    /// when a row has split lines or a value holds a NUL. (The copy writes the same text in
    /// pieces, ``copyWhole(_:accounts:importID:)``.)
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
        guard let value else { return null() }
        text(DraftText(value))
    }

    /// A draft's text, from its bytes where they are; escaped as ``text(_:)-(String?)`` says.
    mutating func text(_ value: DraftText) {
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

    /// Forgets the rows written (they were sent), keeping the buffer.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
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

/// The identities and source ids of the rows a copy has written so far, to find a row that meets
/// an earlier one of its batch (the copy would fail at it on a unique index; the statements decide
/// such a batch row by row). The same test as ``PostgresLedger/isDistinct(_:)``, with the day
/// kept as a `Day`.
struct CopiedRows {
    private struct Identity: Hashable {
        let account: Int64
        let day: Day
        let fingerprint: Int64
        let discriminator: Int64
    }

    private var identities: Set<Identity>
    private var externalIDs: Set<Tombstones.ExternalID> = []

    init(capacity: Int) { identities = Set(minimumCapacity: capacity) }

    /// Notes `row`; false when an earlier row has its identity or its source id in its account.
    mutating func insert(_ row: PendingRow) -> Bool {
        let identity = Identity(
            account: row.accountID, day: row.draft.bookingDay, fingerprint: row.fingerprint,
            discriminator: row.discriminator)
        guard identities.insert(identity).inserted else { return false }
        guard let externalID = row.draft.externalID else { return true }
        return externalIDs.insert(Tombstones.ExternalID(account: row.accountID, id: externalID)).inserted
    }
}
