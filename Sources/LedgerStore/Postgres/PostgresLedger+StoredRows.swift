import LedgerCore

/// What a batch does with rows whose identity the ledger already knows: stored (a pending row to
/// book, a reused id, a part of an entry stored whole, a duplicate an import claims) or deleted
/// before (tombstones). Each runs inside the batch's transaction, as SQLite's `Ledger+Batches.swift`.
extension PostgresLedger {
    /// The query for the identities of the rows `transactions delete` removed, read once per
    /// batch, with its `BEGIN`.
    static let tombstonesSQL =
        "SELECT account_id, day, fingerprint, discriminator, external_id FROM transaction_tombstones"

    /// The identities ``tombstonesSQL`` read.
    func tombstones(in result: PostgresResult) throws(StoreError) -> Tombstones {
        var tombstones = Tombstones()
        for row in result.rows {
            let account = try row.int(0)
            tombstones.identities.insert(
                Tombstones.Identity(
                    account: account, day: try row.text(1), fingerprint: try row.int(2), discriminator: try row.int(3)))
            if let external = try row.optionalText(4) {
                tombstones.externalIDs.insert(Tombstones.ExternalID(account: account, id: external))
            }
        }
        return tombstones
    }

    /// Forgets a deleted row's identity as the row is restored (`import --restore-deleted`).
    func forget(_ row: PendingRow) throws(StoreError) {
        try connection.query(
            """
            DELETE FROM transaction_tombstones WHERE account_id = $1 AND ((day = $2 AND fingerprint = $3
                AND discriminator = $4) OR external_id = $5)
            """,
            [
                String(row.accountID), row.draft.bookingDay.description, String(row.fingerprint),
                String(row.discriminator), row.draft.externalID,
            ])
    }

    /// An inserted row whose id is a part (`<id>/<n>`) of an entry the account holds whole, or the
    /// whole of an entry whose parts it holds (`<id>/1`), is an error naming both, as on SQLite.
    func checkSplitFamily(of row: PendingRow, id: String) throws(StoreError) {
        let relative = Self.splitRelative(of: id)
        let found = try connection.query(
            """
            SELECT t.day, t.amount, t.direction, t.source_line, t.source_column, i.id, i.source_path
            FROM transactions t LEFT JOIN imports i ON i.id = t.import_id
            WHERE t.account_id = $1 AND t.external_id = $2
            """,
            [String(row.accountID), relative])
        guard let stored = found.rows.first else { return }
        let draft = row.draft
        let currency = draft.amount.currency
        let amount = try stored.int(1)
        let signed = try stored.text(2) == "credit" ? amount : -amount
        var storedText = "\(try stored.text(0)) \(Money.format(signed, currency: currency)) \(currency.code), "
        storedText += try stored.optionalInt(5).map { "import \($0)" } ?? "entered without an import"
        if let path = try stored.optionalText(6) {
            let line = Int(try stored.optionalInt(3) ?? 0)
            let column = Int(try stored.optionalInt(4) ?? 0)
            storedText += ", " + SourceLocation(file: path, line: line, column: column).description
        }
        throw StoreError(
            .splitFamily(
                id: id, storedID: relative, stored: storedText,
                found:
                    "\(draft.bookingDay) \(Money.format(draft.signedMinorUnits, currency: currency)) \(currency.code)"),
            at: draft.location)
    }

    /// The id whose presence makes `id` a split-family error: for a part (`<id>/<n>`, `n` from
    /// 1 without leading zeros) its whole `<id>`; for anything else its first part `<id>/1`.
    static func splitRelative(of id: String) -> String {
        if let slash = id.lastIndex(of: "/"), slash != id.startIndex {
            let index = id[id.index(after: slash)...]
            if let first = index.first, first != "0", index.allSatisfy({ $0.isASCII && $0.isNumber }) {
                return String(id[..<slash])
            }
        }
        return id + "/1"
    }

    /// What a row the server did not insert did to the stored row with its identity.
    enum StoredRowOutcome: Equatable {
        /// Nothing: the row is a duplicate.
        case duplicate
        /// It booked a stored pending row in place; `movedFrom` is that row's identity before,
        /// when the booking changed it (a booked row found by its source id, on another day or
        /// with another fingerprint).
        case booked(movedFrom: Tombstones.Identity?)
    }

    /// A row the server did not insert because its identity is stored, as SQLite's
    /// `bookStoredRow`: a booked row books the account's stored pending row with its source id
    /// (or, without one, its pending twin) in place and answers `true`; a booked row meeting a
    /// booked row of another day or amount under its id is an error naming both; anything else is
    /// a duplicate. The stored row is locked while it is read.
    func bookStoredRow(as row: PendingRow) throws(StoreError) -> StoredRowOutcome {
        guard row.draft.status == .booked else { return .duplicate }
        let draft = row.draft
        do throws(StoreError) {
            guard let externalID = draft.externalID else {
                let twin = try connection.query(
                    """
                    UPDATE transactions SET status = 'booked', description = $5, memo = $6, statement_balance = $7,
                        source_line = $8, source_column = $9, payee = coalesce($10, payee),
                        category = coalesce($11, category), transaction_day = coalesce($12, transaction_day)
                    WHERE account_id = $1 AND day = $2 AND fingerprint = $3 AND discriminator = $4
                        AND status = 'pending'
                    """,
                    [
                        String(row.accountID), draft.bookingDay.description, String(row.fingerprint),
                        String(row.discriminator), draft.description, draft.memo,
                        draft.runningBalance.map { String($0) },
                        String(draft.location.line), String(draft.location.column), draft.payee, draft.category,
                        draft.transactionDay?.description,
                    ])
                return twin.affectedRows > 0 ? .booked(movedFrom: nil) : .duplicate
            }
            let found = try connection.query(
                """
                SELECT t.id, t.day, t.amount, t.direction, t.status, t.source_line, t.source_column, i.id, i.source_path,
                    t.fingerprint, t.discriminator
                FROM transactions t LEFT JOIN imports i ON i.id = t.import_id
                WHERE t.account_id = $1 AND t.external_id = $2
                FOR UPDATE OF t
                """,
                [String(row.accountID), externalID])
            guard let stored = found.rows.first else { return .duplicate }
            if try stored.text(4) == "pending" {
                let before = Tombstones.Identity(
                    account: row.accountID, day: try stored.text(1), fingerprint: try stored.int(9),
                    discriminator: try stored.int(10))
                try connection.query(
                    """
                    UPDATE transactions SET day = $2, transaction_day = $3, amount = $4, direction = $5,
                        description = $6, memo = $7, status = 'booked', fingerprint = $8, discriminator = $9,
                        statement_balance = $10, source_line = $11, source_column = $12,
                        payee = coalesce($13, payee), category = coalesce($14, category)
                    WHERE id = $1
                    """,
                    [
                        try stored.text(0), draft.bookingDay.description, draft.transactionDay?.description,
                        String(draft.amount.minorUnits), draft.direction == .credit ? "credit" : "debit",
                        draft.description, draft.memo, String(row.fingerprint), String(row.discriminator),
                        draft.runningBalance.map { String($0) }, String(draft.location.line),
                        String(draft.location.column), draft.payee, draft.category,
                    ])
                let after = Tombstones.Identity(
                    account: row.accountID, day: draft.bookingDay.description, fingerprint: row.fingerprint,
                    discriminator: row.discriminator)
                return .booked(movedFrom: before == after ? nil : before)
            }
            let day = try stored.text(1)
            let amount = try stored.int(2)
            let storedSigned = try stored.text(3) == "credit" ? amount : -amount
            guard day != draft.bookingDay.description || storedSigned != draft.signedMinorUnits else {
                return .duplicate
            }
            func money(_ signed: Int64) -> String {
                Money.format(signed, currency: draft.amount.currency) + " " + draft.amount.currency.code
            }
            var origin = try stored.optionalInt(7).map { "import \($0)" } ?? "entered without an import"
            if let path = try stored.optionalText(8) {
                let line = Int(try stored.optionalInt(5) ?? 0)
                let column = Int(try stored.optionalInt(6) ?? 0)
                origin += ", " + SourceLocation(file: path, line: line, column: column).description
            }
            throw StoreError(
                .idReused(
                    id: externalID, stored: "\(day) \(money(storedSigned)), \(origin)",
                    found: "\(draft.bookingDay) \(money(draft.signedMinorUnits))"),
                at: draft.location)
        } catch {
            throw StoreError(error.reason, at: draft.location)
        }
    }

    /// Notes that an import met a row already stored (see SQLite's `claim`): by identity, else by
    /// the row's source id.
    func claim(_ row: PendingRow, for importID: Int64) throws(StoreError) {
        do throws(StoreError) {
            let byIdentity = try connection.query(
                """
                INSERT INTO import_claims (transaction_id, import_id)
                SELECT id, $1 FROM transactions
                WHERE account_id = $2 AND day = $3 AND fingerprint = $4 AND discriminator = $5
                ON CONFLICT DO NOTHING
                """,
                [
                    String(importID), String(row.accountID), row.draft.bookingDay.description,
                    String(row.fingerprint), String(row.discriminator),
                ])
            guard byIdentity.affectedRows == 0, let externalID = row.draft.externalID else { return }
            try connection.query(
                """
                INSERT INTO import_claims (transaction_id, import_id)
                SELECT id, $1 FROM transactions WHERE account_id = $2 AND external_id = $3
                ON CONFLICT DO NOTHING
                """,
                [String(importID), String(row.accountID), externalID])
        } catch {
            throw StoreError(error.reason, at: row.draft.location)
        }
    }
}
