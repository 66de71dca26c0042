import LedgerCore

extension Ledger {
    /// Checks the file before this connection's first write, with `PRAGMA integrity_check`, so
    /// that a damaged ledger is never written to as if it were sound.
    ///
    /// `integrity_check` rather than the cheaper `quick_check`: only it compares each index with
    /// its table, and a damaged identity index is what lets a re-import store rows twice. In 60
    /// single-bit flips of a ledger, `quick_check` passed 8 that a re-import then wrote into; it
    /// costs about 1.3 s of CPU on a 1,000,000-row ledger against 0.5 s (docs/reliability.md).
    ///
    /// - Throws: ``StoreError/Reason/damaged(path:findings:)`` naming the file and how to recover.
    func verifySound() throws(StoreError) {
        let findings: [String]
        do {
            findings = try SoundnessCheck.findings(of: database, limit: 10)
        } catch {
            throw StoreError(.damaged(path: path, findings: [error.message]), at: .file(path))
        }
        try accept(findings)
    }

    /// Starts the check ``verifySound()`` makes, on a second connection and a thread of its
    /// own, so that it runs while the write transaction just begun does its work; the transaction
    /// commits only after ``verifiedSound()`` (or ``whenSound(_:)``) found the file sound.
    ///
    /// Called inside the write transaction, so the check reads the file as the transaction found
    /// it (see ``SoundnessCheck``). Does nothing once the file passed or while a check runs; an
    /// in-memory ledger, which no second connection can see, is checked here and now.
    ///
    /// - Throws: ``StoreError/Reason/damaged(path:findings:)`` from the in-memory check.
    func startVerifyingSound() throws(StoreError) {
        guard !isVerifiedSound, soundnessCheck == nil else { return }
        guard path != ":memory:", !path.isEmpty else { return try verifySound() }
        var startsAfterWriter = false
        #if DEBUG
            startsAfterWriter = soundnessCheckOrder == .writeFinishesFirst
        #endif
        soundnessCheck = SoundnessCheck(
            path: path, busyTimeoutMilliseconds: database.busyTimeoutMilliseconds ?? Self.busyTimeoutMilliseconds,
            startsAfterWriter: startsAfterWriter)
        #if DEBUG
            if soundnessCheckOrder == .checkFinishesFirst { try verifiedSound() }
        #endif
    }

    /// Waits for the check ``startVerifyingSound()`` started (or runs it, when none runs) and
    /// answers when the file is sound.
    ///
    /// - Throws: ``StoreError/Reason/damaged(path:findings:)`` naming the file and how to recover.
    func verifiedSound() throws(StoreError) {
        guard !isVerifiedSound else { return }
        guard let check = soundnessCheck else { return try verifySound() }
        soundnessCheck = nil
        switch check.findings() {
        case .unavailable: try verifySound()
        case .findings(let findings): try accept(findings)
        }
    }

    /// Runs a write transaction's `body` beside the file's check, and answers its result once the
    /// file is found sound. When `body` fails, the check's damage is what is reported, if it
    /// found any (the failure may be the damage itself, met by the body's reads).
    func whenSound<T>(_ body: () throws -> T) throws -> T {
        let result: T
        do {
            result = try body()
        } catch {
            try verifiedSound()
            throw error
        }
        try verifiedSound()
        return result
    }

    /// Which of the first write and its file check a fault test makes finish first.
    enum SoundnessCheckOrder {
        /// The check ends before the write's body begins.
        case checkFinishesFirst
        /// The check begins only after the write's body ended.
        case writeFinishesFirst
    }

    /// The first of `integrity_check`'s findings and how many more there are, for a one-line
    /// error: SQLite answers in many lines (a finding may hold several), `ledgerport check` lists
    /// them all.
    static func firstFinding(of findings: [String]) -> [String] {
        let lines = findings.flatMap { $0.split(separator: "\n").map(String.init) }
            .filter { !$0.hasPrefix("*** in database") }
        guard let first = lines.first else { return findings }
        let more = lines.count - 1
        return more == 0
            ? [first] : [first + " … and \(more) more \(more == 1 ? "finding" : "findings"); run ledgerport check"]
    }

    /// Checks the whole ledger: SQLite's `integrity_check`, then the ledger's own invariants.
    ///
    /// Each check runs on its own; a check that can't run (the file fails under it) is a finding
    /// of that check, and the others still run.
    ///
    /// - Returns: every check with what it found; ``LedgerCheck/isSound`` when none found anything.
    public func check() -> LedgerCheck {
        let file = LedgerCheck.item(name: "file", summary: "SQLite's PRAGMA integrity_check") {
            () throws(StoreError) -> [String] in
            try read { try SoundnessCheck.findings(of: database, limit: 100) }
        }
        let invariants = LedgerInvariant.allCases.map { invariant in
            invariant.item { () throws(StoreError) -> [String] in try read { try findings(invariant) } }
        }
        return LedgerCheck(path: path, items: [file] + invariants)
    }

    // MARK: - Private

    /// What the ledger's rows break of an invariant.
    private func findings(_ invariant: LedgerInvariant) throws(StoreError) -> [String] {
        switch invariant {
        case .dailyTotals: try dailyTotalFindings()
        case .reportTotals: try reportTotalFindings()
        case .checkpoints: try checkpointFindings()
        case .identity: try identityFindings()
        case .values: try valueFindings()
        case .currencies: try currencyFindings()
        case .commodities: try commodityFindings()
        case .accountLimits: try limitFindings()
        }
    }

    /// Marks the file sound when `integrity_check` found nothing.
    ///
    /// - Throws: ``StoreError/Reason/damaged(path:findings:)`` with the first finding.
    private func accept(_ findings: [String]) throws(StoreError) {
        guard findings.isEmpty else {
            throw StoreError(.damaged(path: path, findings: Self.firstFinding(of: findings)), at: .file(path))
        }
        isVerifiedSound = true
    }

    /// Days whose stored total differs from the net of the day's booked rows.
    private func dailyTotalFindings() throws(StoreError) -> [String] {
        let query = try database.prepare(
            """
            SELECT a.name, r.day, r.net, d.booked_net
            FROM (SELECT account_id, day, sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END) AS net
                  FROM transactions NOT INDEXED WHERE status = 'booked' GROUP BY account_id, day) r
            LEFT JOIN daily_totals d ON d.account_id = r.account_id AND d.day = r.day
            LEFT JOIN accounts a ON a.id = r.account_id
            WHERE d.booked_net IS NOT r.net
            UNION ALL
            SELECT a.name, d.day, 0, d.booked_net FROM daily_totals d LEFT JOIN accounts a ON a.id = d.account_id
            WHERE d.booked_net != 0 AND NOT EXISTS (
                SELECT 1 FROM transactions t
                WHERE t.account_id = d.account_id AND t.day = d.day AND t.status = 'booked')
            ORDER BY 1, 2
            """)
        return try query.rows { row throws(StoreError) in
            LedgerInvariant.dailyTotal(
                account: row.optionalText(0), day: row.text(1), net: row.int(2), stored: row.optionalInt(3))
        }
    }

    /// Report keys whose stored amount or count differs from the booked rows' (migration 17).
    private func reportTotalFindings() throws(StoreError) -> [String] {
        let query = try database.prepare(
            """
            WITH r AS (
                SELECT day, account_id, currency, direction, coalesce(category, '') AS category,
                    sum(amount) AS amount, count(*) AS rows
                FROM transactions NOT INDEXED WHERE status = 'booked'
                GROUP BY day, account_id, currency, direction, coalesce(category, ''))
            SELECT a.name, r.day, r.currency, r.direction, r.category, r.amount, r.rows, t.amount, t.rows
            FROM r LEFT JOIN report_totals t ON t.day = r.day AND t.account_id = r.account_id
                AND t.currency = r.currency AND t.direction = r.direction AND t.category = r.category
            LEFT JOIN accounts a ON a.id = r.account_id
            WHERE t.amount IS NOT r.amount OR t.rows IS NOT r.rows
            UNION ALL
            SELECT a.name, t.day, t.currency, t.direction, t.category, 0, 0, t.amount, t.rows
            FROM report_totals t LEFT JOIN accounts a ON a.id = t.account_id
            WHERE (t.amount != 0 OR t.rows != 0) AND NOT EXISTS (
                SELECT 1 FROM transactions x
                WHERE x.account_id = t.account_id AND x.day = t.day AND x.status = 'booked'
                    AND x.currency = t.currency AND x.direction = t.direction
                    AND coalesce(x.category, '') = t.category)
            ORDER BY 1, 2
            LIMIT 20
            """)
        return try query.rows { row throws(StoreError) in
            LedgerInvariant.reportTotal(
                account: row.optionalText(0), day: row.text(1), currency: row.text(2), direction: row.text(3),
                category: row.text(4), rows: (row.int(5), row.int(6)),
                stored: row.optionalInt(7).map { ($0, row.optionalInt(8) ?? 0) })
        }
    }

    /// Checkpoints whose expected balance or discrepancy don't follow from the rows (summed here
    /// from the rows themselves, not from the daily totals) and the checkpoint before.
    private func checkpointFindings() throws(StoreError) -> [String] {
        let query = try database.prepare(LedgerInvariant.checkpointsSQL(orderedBy: "a.name, c.as_of"))
        let net = try database.prepare(LedgerInvariant.checkpointNetSQL(placeholder: "?"))
        let rows = try query.rows { row throws(StoreError) in
            LedgerInvariant.StoredCheckpoint(
                name: row.optionalText(0), asOf: row.text(1), expected: row.optionalInt(2), actual: row.int(3),
                discrepancy: row.optionalInt(4), status: row.text(5), previous: row.optionalInt(6),
                previousDay: row.optionalText(7), account: row.int(8))
        }
        return try LedgerInvariant.checkpointFindings(rows) { checkpoint throws(StoreError) -> Int64 in
            try net.rows([.int(checkpoint.account), .optional(checkpoint.previousDay), .text(checkpoint.asOf)]) {
                row throws(StoreError) in row.int(0)
            }.first ?? 0
        }
    }

    /// Identities stored more than once, read from the table itself rather than from the indexes
    /// that should prevent them (a damaged index is what lets them in).
    private func identityFindings() throws(StoreError) -> [String] {
        let query = try database.prepare(
            """
            SELECT a.name, t.day, count(*), 'fingerprint and occurrence' FROM transactions t NOT INDEXED
            LEFT JOIN accounts a ON a.id = t.account_id
            GROUP BY t.account_id, t.day, t.fingerprint, t.discriminator HAVING count(*) > 1
            UNION ALL
            SELECT a.name, min(t.day), count(*), 'source id' FROM transactions t NOT INDEXED
            LEFT JOIN accounts a ON a.id = t.account_id
            WHERE t.external_id IS NOT NULL
            GROUP BY t.account_id, t.external_id HAVING count(*) > 1
            """)
        return try query.rows { row throws(StoreError) in
            LedgerInvariant.identity(
                account: row.optionalText(0), day: row.text(1), count: row.int(2), shared: row.text(3))
        }
    }

    /// Rows whose values break the schema's promises.
    private func valueFindings() throws(StoreError) -> [String] {
        let query = try database.prepare(
            """
            SELECT id, CASE
                WHEN typeof(amount) != 'integer' OR amount < 0 THEN 'amount ' || quote(amount)
                WHEN direction NOT IN ('credit', 'debit') THEN 'direction ' || quote(direction)
                WHEN status NOT IN ('booked', 'pending') THEN 'status ' || quote(status)
                ELSE 'day ' || quote(day) END
            FROM transactions NOT INDEXED
            WHERE typeof(amount) != 'integer' OR amount < 0 OR direction NOT IN ('credit', 'debit')
                OR status NOT IN ('booked', 'pending') OR typeof(day) != 'text' OR length(day) != 10
                OR date(day, '+0 days') IS NOT day
            LIMIT 100
            """)
        return try query.rows { row throws(StoreError) in "transaction \(row.int(0)): \(row.text(1))" }
    }

    /// Rows in another currency than their account's, or in no account.
    private func currencyFindings() throws(StoreError) -> [String] {
        let query = try database.prepare(
            """
            SELECT t.id, t.currency, a.name, a.currency FROM transactions t NOT INDEXED
            LEFT JOIN accounts a ON a.id = t.account_id
            WHERE a.id IS NULL OR t.currency IS NOT a.currency
            LIMIT 100
            """)
        return try query.rows { row throws(StoreError) in
            LedgerInvariant.currency(
                transaction: row.int(0), currency: row.text(1), account: row.optionalText(2),
                accountCurrency: row.optionalText(3))
        }
    }

    /// Accounts whose stored volume isn't their rows' amounts, or which are past the limit.
    private func limitFindings() throws(StoreError) -> [String] {
        let query = try database.prepare(
            """
            SELECT a.name, a.volume, typeof(a.volume) = 'integer', a.largest_balance,
                typeof(a.largest_balance) = 'integer',
                (SELECT coalesce(sum(amount >> 32), 0) FROM transactions WHERE account_id = a.id),
                (SELECT coalesce(sum(amount & 4294967295), 0) FROM transactions WHERE account_id = a.id)
            FROM accounts a ORDER BY a.name
            """)
        let rows = try query.rows { row throws(StoreError) in
            LedgerInvariant.StoredVolume(
                name: row.text(0), volume: row.int(2) != 0 ? row.int(1) : nil,
                largest: row.int(4) != 0 ? row.int(3) : nil, high: row.int(5), low: row.int(6))
        }
        return LedgerInvariant.limitFindings(rows)
    }
}
