/// The planner's statistics kept close to the ledger's size while an import grows it.
///
/// A batch looks rows up by identity (`PostgresLedger+BatchCopy.swift`, the duplicates' claims and
/// bookings in `PostgresLedger+BatchStatements.swift`). Two indexes start with (account, day): the
/// identity's, which finds the one row, and the listing's, which finds every row of that day. The
/// planner can only tell them apart from the table's statistics; on a ledger that was empty when
/// they were last gathered it takes the listing's, and each lookup then reads the whole day. The
/// server's autovacuum gathers them again, but only after a minute or more, and a prepared
/// statement keeps its plan until they change. So the import gathers them itself whenever its
/// batches have doubled the table (10,000 rows at least): a handful of `ANALYZE`s, each a sample
/// of at most 30,000 rows, for a million-row import.
///
/// Importers working at once share the statistics: one that reaches its mark first reads them
/// again, and when another importer (or the autovacuum) gathered them since, it counts from
/// those; and its `ANALYZE` skips the table while another one runs (`SKIP_LOCKED`, PostgreSQL
/// 12 and later). Eight importers each analysing in turn spent most of their time waiting on each
/// other's `ANALYZE` (measured: 8 importers together at 0.44 of one alone).
///
/// The `ANALYZE` runs on a second connection of the ledger's (``statisticsConnection``, opened at
/// the first one), and the import goes on without waiting for it: the server gathers the
/// statistics on one core while the next batches are copied on the other (a million rows in
/// batches of 10,000 waited 0.7–1.0 s for seven of them). The copy looks nothing up, so it needs
/// no statistics; before a batch goes to the statements, which look rows up, the import waits for
/// a gathering still running (``statisticsGathered()``). When the second connection can't be
/// opened, the `ANALYZE` runs on the ledger's own connection, as before.
extension PostgresLedger {
    /// The fewest stored rows that make the import gather the statistics again.
    static let rowsBeforeAnalyze: Int64 = 10_000

    /// Counts the rows a committed batch stored, and starts `ANALYZE transactions` once they have
    /// doubled the table the statistics last counted (or reached ``rowsBeforeAnalyze``).
    ///
    /// Runs outside the batch's transaction; a failure here costs only the plan, never the batch,
    /// so it is not reported.
    func noteStored(_ rows: Int) {
        guard rows > 0 else { return }
        do throws(StoreError) {
            if analyzedRows == nil {
                let counted = try connection.query(
                    "SELECT reltuples::bigint FROM pg_class WHERE oid = 'transactions'::regclass")
                analyzedRows = max(0, try counted.rows.first?.int(0) ?? 0)
            }
            rowsSinceAnalyze += Int64(rows)
            let known = analyzedRows ?? 0
            guard rowsSinceAnalyze >= max(Self.rowsBeforeAnalyze, known) else { return }
            // The last gathering has ended by now (the table has doubled since it started); its
            // count is read below.
            statisticsGathered()
            // Another connection may have gathered them since: count from what it found.
            let counted = try connection.queryPrepared(
                "SELECT reltuples::bigint FROM pg_class WHERE oid = 'transactions'::regclass", [])
            let found = try counted.rows.first?.int(0) ?? 0
            if found > known {
                analyzedRows = found
                rowsSinceAnalyze = 0
                return
            }
            try startAnalyze()
            analyses += 1
            analyzedRows = known + rowsSinceAnalyze
            rowsSinceAnalyze = 0
        } catch {
            rowsSinceAnalyze = 0
        }
    }

    /// Waits until an `ANALYZE` ``noteStored(_:)`` started has ended (at once when none runs).
    /// Its failure costs only the plans, and is not reported.
    func statisticsGathered() {
        guard let gathering = statisticsConnection, gathering.sentSQL != nil else { return }
        do throws(StoreError) {
            try gathering.finishSent()
        } catch {
            if !gathering.isOpen { statisticsConnection = nil }
        }
    }

    /// Sends `ANALYZE` on the second connection, opening it the first time, without waiting; or
    /// runs it on the ledger's own connection when the second one can't be opened.
    private func startAnalyze() throws(StoreError) {
        let analyze = "ANALYZE (SKIP_LOCKED) transactions"
        if statisticsConnection == nil, opensStatisticsConnection {
            do throws(StoreError) {
                let opened = try connection.sibling()
                // The name is checked: lowercase letters, digits and `_` only, safe to quote.
                try opened.execute("SET search_path TO \"\(name)\"")
                statisticsConnection = opened
            } catch {
                opensStatisticsConnection = false
            }
        }
        if let gathering = statisticsConnection {
            try gathering.send(analyze)
        } else {
            try connection.execute(analyze)
        }
    }
}
