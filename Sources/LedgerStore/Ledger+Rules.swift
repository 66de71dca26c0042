import LedgerCore

extension Ledger {
    /// Sets what rules say on stored rows again, after the rules file changed.
    ///
    /// Rules read each row's fields as the source gave them (``RuleInput``: the source's payee,
    /// not one a rule or a person set). A field a person set by hand (`hand_set`) is never
    /// changed; a field a rule no longer sets goes back to the source's value (none for note,
    /// tags and counter account). Everything happens in one database transaction.
    ///
    /// On a ledger file the rows are read and assigned on a second connection and thread
    /// (``RuleReadAhead``) while this one writes the changed rows; an in-memory ledger reads them
    /// itself, in chunks of 10,000 by id between the writes.
    ///
    /// - Parameters:
    ///   - account: only this account's rows, or every account's when `nil`.
    ///   - window: includes `start`, excludes `end`.
    ///   - dryRun: work everything out and report it, then roll back: nothing is written.
    ///   - assign: what the rules set on a row (``RuleEvaluator/assignment(for:)``); called on
    ///     another thread, one row at a time, until this returns.
    ///   - change: called with each value that changes, in id order, on the caller's thread;
    ///     when `nil`, the changes are only counted.
    /// - Returns: the counts.
    /// - Throws: ``StoreError`` when the database can't be read or written; nothing is changed then.
    public func applyRules(
        account: StoredAccount? = nil, in window: DayWindow = DayWindow(start: nil, end: nil), dryRun: Bool = false,
        assign: @escaping (RuleInput) -> RuleAssignment, change: ((RuleChange) -> Void)? = nil
    ) throws(StoreError) -> RuleApplication {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            // The connection's triggers are off while rows are updated: each one-row UPDATE would run
            // the report totals' trigger in a frame of its own (about 40,000 instructions a changed
            // row). The rows' category moves are summed here and written once per key instead.
            // Rules change no column another trigger watches (day, amount, direction, status,
            // account), so the report totals' is the only one that would fire.
            try database.setTriggers(enabled: false)
            let outcome: Result<RuleApplication, StoreError>
            do throws(StoreError) {
                outcome = .success(
                    try applyRulesWithoutTriggers(account: account, in: window, assign: assign, change: change))
            } catch {
                outcome = .failure(error)
            }
            try database.setTriggers(enabled: true)
            return try outcome.get()
        }
    }

    /// A stored row's fields as rules read them, for `rules explain`: `nil` for an unknown id.
    public func ruleInput(ofTransaction id: Int64) throws(StoreError) -> RuleInput? {
        let select = try database.prepare("SELECT \(RuleRowPass.columns) FROM transactions t WHERE t.id = ?1")
        try loadCommodities()
        var pass = RuleRowPass(
            sources: try RuleRowSources(database: database, path: path), commodities: commodityTable, path: path)
        return try select.rows([.int(id)]) { row throws(StoreError) in try pass.input(of: row) }.first
    }

    // MARK: - Private

    /// ``applyRules(account:in:dryRun:assign:change:)``'s work inside its transaction, with the
    /// connection's triggers off: the rows' updates, and the report totals their category moves
    /// change, written once per key at the end.
    private func applyRulesWithoutTriggers(
        account: StoredAccount?, in window: DayWindow, assign: @escaping (RuleInput) -> RuleAssignment,
        change: ((RuleChange) -> Void)?
    ) throws(StoreError) -> RuleApplication {
        // Units read in this transaction: a commodity another process declared is known.
        try loadCommodities()
        let update = try database.prepare(
            """
            UPDATE transactions SET category = ?2, payee = ?3, note = ?4, tags = ?5, counter_account = ?6,
                rule_ids = ?7, rule_set = ?8, source_category = ?9, source_payee = ?10
            WHERE id = ?1
            """)
        /// Reports a chunk's changes and writes its rows, bound value by value (no array of
        /// bindings for each changed row).
        func write(_ chunk: RuleRowPass.Chunk) throws(StoreError) {
            if let change { for each in chunk.changes { change(each) } }
            for (id, next) in chunk.updates {
                update.reset()
                try update.bind(1, id)
                try update.bind(2, next.category)
                try update.bind(3, next.payee)
                try update.bind(4, next.note)
                try update.bind(5, next.tags)
                try update.bind(6, next.counterAccount)
                try update.bind(7, next.ruleIDs)
                try update.bind(8, Int64(next.ruleMask))
                try update.bind(9, next.sourceCategory)
                try update.bind(10, next.sourcePayee)
                while try update.step() {}
            }
        }
        var rowsPerChunk = RuleReadAhead.rowsPerChunk
        #if DEBUG
            rowsPerChunk = ruleRowsPerChunk ?? rowsPerChunk
        #endif
        let totals: RuleReadAhead.Totals
        if let reader = RuleReadAhead(
            path: path, busyTimeoutMilliseconds: database.busyTimeoutMilliseconds ?? Self.busyTimeoutMilliseconds,
            account: account, window: window, commodities: commodityTable, rowsPerChunk: rowsPerChunk,
            reportsChanges: change != nil, assign: assign)
        {
            #if DEBUG
                lastRulesReadAhead = true
            #endif
            totals = try readAhead(reader, write: write)
        } else {
            #if DEBUG
                lastRulesReadAhead = false
            #endif
            totals = try readHere(
                account: account, in: window, rowsPerChunk: rowsPerChunk, reportsChanges: change != nil,
                assign: assign, write: write)
        }
        let (sums, overflowed) = totals.moves.sums()
        if overflowed { throw StoreError(.overflow("a report total"), at: .file(path)) }
        try upsertReportTotals(sums)
        return totals.application
    }

    /// Writes the chunks `reader` hands over until it has finished; on a failure to write, stops
    /// it and waits for its end before throwing.
    private func readAhead(
        _ reader: RuleReadAhead, write: (RuleRowPass.Chunk) throws(StoreError) -> Void
    ) throws(StoreError) -> RuleReadAhead.Totals {
        var failure: StoreError?
        while true {
            switch reader.next() {
            case .rows(let chunk):
                guard failure == nil else { continue }
                do throws(StoreError) {
                    try write(chunk)
                } catch {
                    failure = error
                    reader.cancel()
                }
            case .finished(let result):
                if let failure { throw failure }
                return try result.get()
            }
        }
    }

    /// Reads and assigns the rows on this connection, in chunks of `rowsPerChunk` by id, each written
    /// once its SELECT is done (SQLite leaves undefined what a query still stepping sees of rows
    /// changed under it).
    private func readHere(
        account: StoredAccount?, in window: DayWindow, rowsPerChunk: Int, reportsChanges: Bool,
        assign: (RuleInput) -> RuleAssignment,
        write: (RuleRowPass.Chunk) throws(StoreError) -> Void
    ) throws(StoreError) -> RuleReadAhead.Totals {
        let select = try database.prepare(
            """
            SELECT \(RuleRowPass.columns)
            FROM transactions t
            WHERE t.id > ?1 AND (?2 IS NULL OR t.account_id = ?2)
                AND t.day >= coalesce(?3, '') AND t.day < coalesce(?4, '9999-99-99')
            ORDER BY t.id
            LIMIT \(rowsPerChunk)
            """)
        // The account's name and the import's adapter and mapping are looked up once each
        // (``RuleRowSources``), not joined on every row.
        var pass = RuleRowPass(
            sources: try RuleRowSources(database: database, path: path), commodities: commodityTable, path: path,
            reportsChanges: reportsChanges)
        while true {
            let read = try select.forEachRow([
                .int(pass.lastID), .optional(account?.id), .optional(window.start?.description),
                .optional(window.end?.description),
            ]) { row throws(StoreError) in
                try pass.read(row, assign: assign)
                return true
            }
            guard read > 0 else { break }
            try write(pass.take())
        }
        return RuleReadAhead.Totals(application: pass.application, moves: pass.moves)
    }
}
