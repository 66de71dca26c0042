import LedgerCore

/// The import door in a few statements a batch instead of one per row (issue 21): the batch's new
/// rows go to the server as one column array each and are inserted by one
/// `INSERT … SELECT … FROM unnest(…) ON CONFLICT DO NOTHING`, which answers which rows it stored
/// (their ids and identities; a `WITH ORDINALITY` join back to each row's place cost the server
/// about 15 % more at 10,000 rows).
///
/// It keeps every rule of the row-by-row door (``save(_:importID:)``), because it only runs where
/// doing the rows at once gives the same result as doing them in order:
///
/// - No two rows of the batch share an identity or a source id (``isDistinct(_:)``; otherwise the
///   batch goes row by row), so a row can only meet rows stored before the batch, and the server
///   decides each row as it would have alone.
/// - The rows the server did not insert are then taken in order, as the row-by-row door takes
///   them: one statement finds those that meet a pending row to book in place or a reused id,
///   which go through ``bookStoredRow(as:)`` one by one; the others are duplicates. A row's
///   booking can't change what another row of the batch meets (their identities and ids differ,
///   and a booked row is no longer pending), except when booking a pending row in place frees
///   the identity a later row of the batch met: that row would have been inserted row by row, so
///   the batch goes row by row. The import then claims all of them in one statement, each the
///   stored row with its identity, else the one with its source id, as ``claim(_:for:)`` does.
/// - An inserted row whose split-family relative (``splitRelative(of:)``) is stored, or any
///   failure at all, sends the batch row by row too, which stores it or answers the failure at
///   its record, exactly as before. Nothing of the first attempt is kept: it ran in the batch's
///   transaction, rolled back.
///
/// Withdrawals keep their place: the rows before one are written (and added to the totals) before
/// its delete, as row by row.
extension PostgresLedger {
    /// The columns of `transactions` a batch writes, with their types, in the order of
    /// ``parameters(of:importID:)``.
    static let insertColumns: [(name: String, type: String)] = [
        ("account_id", "bigint"), ("day", "text"), ("transaction_day", "text"), ("amount", "bigint"),
        ("direction", "text"), ("currency", "text"), ("description", "text"), ("memo", "text"), ("status", "text"),
        ("external_id", "text"), ("fingerprint", "bigint"), ("discriminator", "bigint"),
        ("statement_balance", "bigint"), ("import_id", "bigint"), ("source_line", "bigint"),
        ("source_column", "bigint"), ("payee", "text"), ("category", "text"), ("rule_ids", "text"), ("note", "text"),
        ("tags", "text"), ("counter_account", "text"), ("rule_set", "bigint"), ("source_category", "text"),
        ("source_payee", "text"),
    ]

    /// Whether no two rows of `items` share an identity (account, day, fingerprint,
    /// discriminator) or a source id in one account: the condition for writing them at once.
    static func isDistinct(_ items: [BatchItem]) -> Bool {
        var identities = Set<Tombstones.Identity>()
        var externalIDs = Set<Tombstones.ExternalID>()
        identities.reserveCapacity(items.count)
        for case .insert(let row) in items {
            guard identities.insert(identity(of: row)).inserted else { return false }
            if let externalID = row.draft.externalID {
                guard externalIDs.insert(Tombstones.ExternalID(account: row.accountID, id: externalID)).inserted else {
                    return false
                }
            }
        }
        return true
    }

    /// Applies the items in a few statements (see above), then writes what they add up to;
    /// answers what became of them. Throws on anything the row-by-row door must decide.
    func writeInStatements(_ items: [BatchItem], importID: Int64?, tombstones: Tombstones) throws(StoreError)
        -> BatchCounts
    {
        var counts = BatchCounts()
        var totals = DailyTotals()
        var inserts = 0
        var run: [PendingRow] = []
        run.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .insert(let row):
                inserts += 1
                // Forgetting a tombstone changes only the tombstones: no row of the batch reads them.
                if try tombstones.skips(row, restoring: restoresDeletedRows, forget: forget) {
                    counts.deletedBefore += 1
                    continue
                }
                run.append(row)
            case .withdraw(let accountID, let externalID, let location):
                try insert(run, importID: importID, totals: &totals, counts: &counts)
                run.removeAll(keepingCapacity: true)
                // The rows so far must be in the totals before the delete trigger takes the
                // withdrawn row off them.
                try addTotals(totals)
                totals = DailyTotals()
                counts.withdrawn += try withdraw(accountID: accountID, externalID: externalID, at: location)
            }
        }
        try insert(run, importID: importID, totals: &totals, counts: &counts)
        try finish(&counts, totals: totals, inserts: inserts, importID: importID)
        return counts
    }

    // MARK: - Private

    /// Inserts a run of rows (no withdrawal between them) in one statement, stores the inserted
    /// rows' splits in one more, and takes the rows the server did not insert in order: one
    /// statement finds those that may book a stored row in place (or reuse an id), which go
    /// through ``bookStoredRow(as:)`` one by one, and one more claims them all for the import.
    private func insert(
        _ rows: [PendingRow], importID: Int64?, totals: inout DailyTotals, counts: inout BatchCounts
    ) throws(StoreError) {
        guard !rows.isEmpty else { return }
        let ids = try insertedIDs(of: rows, importID: importID)
        // Every row was new: the next batch may be copied again.
        if !copiesRuns, !ids.contains(nil) { copiesRuns = true }
        try checkNoSplitRelatives(of: rows, inserted: ids.map { $0 != nil })
        let mayBook = try placesMeetingStoredRows(of: rows, ids: ids)
        var freed = Set<Tombstones.Identity>()
        for (place, (row, id)) in zip(rows, ids).enumerated() {
            let category = row.assignment?.category ?? row.draft.category
            if id != nil {
                counts.inserted += 1
                totals.add(row, isNew: true, category: category)
                continue
            }
            // Row by row, this row would have found its identity free and been inserted.
            if !freed.isEmpty, freed.contains(Self.identity(of: row)) {
                throw rowByRow("a booking in place freed a row's identity")
            }
            // The others are duplicates: bookStoredRow would find nothing to book and no reused id.
            guard mayBook.contains(place) else { continue }
            if case .booked(let movedFrom) = try bookStoredRow(as: row) {
                counts.booked += 1
                totals.add(row, isNew: false, category: category)
                if let movedFrom { freed.insert(movedFrom) }
            }
        }
        if let importID { try claimDuplicates(of: rows, ids: ids, for: importID) }
        try insertSplits(of: rows, ids: ids)
    }

    /// The places of the booked rows the server did not insert that meet a stored row to book or
    /// a reused id: a stored row with their source id that is pending or of another day or
    /// amount, or, without a source id, a pending row with their identity.
    private func placesMeetingStoredRows(of rows: [PendingRow], ids: [Int64?]) throws(StoreError) -> Set<Int> {
        var places: [Int] = []
        var columns: [[String?]] = Array(repeating: [], count: 6)
        for (place, (row, id)) in zip(rows, ids).enumerated() where id == nil && row.draft.status == .booked {
            places.append(place)
            columns[0].append(String(row.accountID))
            columns[1].append(row.draft.bookingDay.description)
            columns[2].append(String(row.fingerprint))
            columns[3].append(String(row.discriminator))
            columns[4].append(row.draft.externalID)
            columns[5].append(String(row.draft.signedMinorUnits))
        }
        guard !places.isEmpty else { return [] }
        let found = try connection.queryPrepared(
            """
            SELECT r.ordinal
            FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[])
                WITH ORDINALITY AS r(account_id, day, fingerprint, discriminator, external_id, signed, ordinal)
            WHERE EXISTS (
                    SELECT 1 FROM transactions t WHERE t.account_id = r.account_id AND t.external_id = r.external_id
                        AND (t.status = 'pending' OR t.day <> r.day
                            OR CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END <> r.signed))
                OR (r.external_id IS NULL AND EXISTS (
                    SELECT 1 FROM transactions t WHERE t.account_id = r.account_id AND t.day = r.day
                        AND t.fingerprint = r.fingerprint AND t.discriminator = r.discriminator
                        AND t.status = 'pending'))
            """,
            columns.map(PostgresArray.text))
        var meeting = Set<Int>()
        for row in found.rows {
            let ordinal = Int(try row.int(0))
            guard places.indices.contains(ordinal - 1) else { throw rowByRow("the lookup answered row \(ordinal)") }
            meeting.insert(places[ordinal - 1])
        }
        return meeting
    }

    /// Notes that the import met the rows the server did not insert, in one statement, as
    /// ``claim(_:for:)`` does row by row: the stored row with the row's identity, else the one
    /// with its source id.
    private func claimDuplicates(of rows: [PendingRow], ids: [Int64?], for importID: Int64) throws(StoreError) {
        var columns: [[String?]] = Array(repeating: [], count: 5)
        for (row, id) in zip(rows, ids) where id == nil {
            columns[0].append(String(row.accountID))
            columns[1].append(row.draft.bookingDay.description)
            columns[2].append(String(row.fingerprint))
            columns[3].append(String(row.discriminator))
            columns[4].append(row.draft.externalID)
        }
        guard !columns[0].isEmpty else { return }
        try connection.queryPrepared(
            """
            INSERT INTO import_claims (transaction_id, import_id)
            SELECT found.id, $6::bigint
            FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[])
                AS r(account_id, day, fingerprint, discriminator, external_id)
            CROSS JOIN LATERAL (
                SELECT coalesce(
                    (SELECT t.id FROM transactions t WHERE t.account_id = r.account_id AND t.day = r.day
                        AND t.fingerprint = r.fingerprint AND t.discriminator = r.discriminator),
                    (SELECT t.id FROM transactions t
                        WHERE t.account_id = r.account_id AND t.external_id = r.external_id)) AS id
            ) AS found
            WHERE found.id IS NOT NULL
            ON CONFLICT DO NOTHING
            """,
            columns.map(PostgresArray.text) + [String(importID)])
    }

    /// Inserts the rows with one statement and answers, per row in order, the id the server gave
    /// it, or `nil` for a row it did not insert (its identity or source id is stored).
    private func insertedIDs(of rows: [PendingRow], importID: Int64?) throws(StoreError) -> [Int64?] {
        let values = rows.map { Self.parameters(of: $0, importID: importID) }
        let columns = Self.insertColumns.indices.map { column in PostgresArray.text(values.map { $0[column] }) }
        let result = try connection.queryPrepared(Self.insertAllSQL, columns)
        // Each inserted row's place in the run, found by its identity: no two rows of the run share one.
        var places: [Tombstones.Identity: Int] = [:]
        places.reserveCapacity(rows.count)
        for (place, row) in rows.enumerated() { places[Self.identity(of: row)] = place }
        var ids = [Int64?](repeating: nil, count: rows.count)
        for stored in result.rows {
            let identity = Tombstones.Identity(
                account: try stored.int(1), day: try stored.text(2), fingerprint: try stored.int(3),
                discriminator: try stored.int(4))
            guard let place = places[identity] else { throw rowByRow("the insert answered a row it was not sent") }
            ids[place] = try stored.int(0)
        }
        return ids
    }

    /// A row's identity: the key of the unique index on (account, day, fingerprint, discriminator).
    private static func identity(of row: PendingRow) -> Tombstones.Identity {
        Tombstones.Identity(
            account: row.accountID, day: row.draft.bookingDay.description, fingerprint: row.fingerprint,
            discriminator: row.discriminator)
    }

    /// Throws when an inserted row (`inserted`, by place) has a stored split-family relative: the
    /// row-by-row door decides whether that is an error, and at which row.
    func checkNoSplitRelatives(of rows: [PendingRow], inserted: [Bool]) throws(StoreError) {
        var relatives = SplitRelatives()
        for (row, isInserted) in zip(rows, inserted) where isInserted { relatives.add(row) }
        try checkNoStoredRelatives(relatives)
    }

    /// Throws when one of `relatives` is stored (see ``checkNoSplitRelatives(of:inserted:)``); asks
    /// nothing when none was noted.
    func checkNoStoredRelatives(_ relatives: SplitRelatives) throws(StoreError) {
        guard !relatives.ids.isEmpty else { return }
        let found = try connection.query(
            """
            SELECT 1 FROM unnest($1::bigint[], $2::text[]) AS r(account_id, external_id)
            JOIN transactions t USING (account_id, external_id)
            LIMIT 1
            """,
            [PostgresArray.text(relatives.accounts), PostgresArray.text(relatives.ids)])
        if !found.rows.isEmpty { throw rowByRow("an inserted row's split-family relative is stored") }
    }

    /// Stores the split lines of the inserted rows, in order, beside them, in one statement.
    private func insertSplits(of rows: [PendingRow], ids: [Int64?]) throws(StoreError) {
        var columns: [[String?]] = Array(repeating: [], count: 6)
        for (row, id) in zip(rows, ids) {
            guard let id, !row.draft.splits.isEmpty else { continue }
            for (index, split) in row.draft.splits.enumerated() {
                columns[0].append(String(id))
                columns[1].append(String(index + 1))
                columns[2].append(split.category)
                columns[3].append(split.memo)
                columns[4].append(String(split.amount.minorUnits))
                columns[5].append(split.direction == .credit ? "credit" : "debit")
            }
        }
        guard !columns[0].isEmpty else { return }
        try connection.query(
            """
            INSERT INTO transaction_splits (transaction_id, position, category, memo, amount, direction)
            SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[])
            """,
            columns.map(PostgresArray.text))
    }

    /// The error that sends a batch row by row; never shown (the row-by-row door answers instead).
    private func rowByRow(_ why: String) -> StoreError {
        StoreError(
            .postgres(
                function: "save", sqlState: nil, message: "the batch needs the row-by-row door: \(why)", sql: nil,
                target: connection.shownTarget),
            at: .file(location))
    }

    /// The one insert of a run: the rows in order, each row the server stored answered with its
    /// id and its identity (which ``insertedIDs(of:importID:)`` maps back to the row's place).
    private static let insertAllSQL: String = {
        let names = insertColumns.map(\.name).joined(separator: ", ")
        let arrays = insertColumns.enumerated().map { "$\($0.offset + 1)::\($0.element.type)[]" }
        return """
            INSERT INTO transactions (\(names))
            SELECT * FROM unnest(\(arrays.joined(separator: ", ")))
            ON CONFLICT DO NOTHING
            RETURNING id, account_id, day, fingerprint, discriminator
            """
    }()
}

/// The split-family relatives of rows about to be stored with source ids (an entry stored whole
/// and its parts: ``PostgresLedger/splitRelative(of:)``), by account, to look for in one statement.
struct SplitRelatives {
    private(set) var accounts: [String?] = []
    private(set) var ids: [String?] = []

    /// Notes the relative of `row`'s source id, if it has one.
    mutating func add(_ row: PendingRow) {
        guard let externalID = row.draft.externalID else { return }
        accounts.append(String(row.accountID))
        ids.append(PostgresLedger.splitRelative(of: externalID))
    }
}
