import Foundation
import LedgerCore

/// `rules apply`'s reading (``RuleRowPass``: select, assign, compare) on a second, read-only
/// connection and a thread of its own, handing the changed rows over in chunks, so that the rules
/// run on one core while the writer updates rows on the other.
///
/// Started inside the write transaction, the reader sees the rows as the transaction found them:
/// another writer can't commit while the writer holds the write lock, and the writer's own updates
/// are invisible to another connection until they commit, which happens only after the reader has
/// finished. So it reads every row in one query, with no chunks by id to step around the updates,
/// as the writer's own connection must.
///
/// At most a few chunks wait at a time (a ``HandOff``). The last item is always `.finished`, with
/// the pass's counts and category moves or the error that stopped it; by then the reader's query
/// is done, so it holds no snapshot that would keep the writer's checkpoint from the WAL's end.
final class RuleReadAhead: Sendable {
    enum Item: Sendable {
        case rows(RuleRowPass.Chunk)
        case finished(Result<Totals, StoreError>)
    }

    /// What the whole pass came to.
    struct Totals: Sendable {
        var application: RuleApplication
        var moves: ReportTotalMoves
    }

    /// How many rows the reader reads before it hands over what changed among them.
    static let rowsPerChunk = 10_000

    private let queue: HandOff<Item>

    /// Opens the second connection and starts reading on a new thread, or answers `nil` when the
    /// connection can't be opened (an in-memory ledger, which no second connection can see; a file
    /// that can't be opened again): the writer then reads on its own.
    ///
    /// `assign` is called on the reader's thread only, until `.finished` arrives: the caller must
    /// pop until then before it uses what `assign` uses.
    init?(
        path: String, busyTimeoutMilliseconds: Int, account: StoredAccount?, window: DayWindow,
        commodities: CommodityTable, rowsPerChunk: Int = RuleReadAhead.rowsPerChunk, reportsChanges: Bool,
        assign: @escaping (RuleInput) -> RuleAssignment
    ) {
        guard path != ":memory:", !path.isEmpty else { return nil }
        let database: Database
        do {
            database = try Database(path: path, readOnly: true, create: false)
            try database.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
        } catch {
            return nil
        }
        let queue = HandOff<Item>(capacity: 4)
        self.queue = queue
        let work = Transfer(database: database, assign: assign)
        let thread = Thread {
            let result = Self.read(
                work: work, path: path, account: account, window: window, commodities: commodities,
                rowsPerChunk: rowsPerChunk, reportsChanges: reportsChanges, queue: queue)
            queue.finish(.finished(result))
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next item, waiting for the reader if needed.
    func next() -> Item { queue.pop() }

    /// Asks the reader to stop; keep calling ``next()`` until `.finished` arrives.
    func cancel() { queue.cancel() }

    // MARK: - Private

    /// The pass, on the reader's thread: every row of the account and window in id order.
    private static func read(
        work: Transfer, path: String, account: StoredAccount?, window: DayWindow, commodities: CommodityTable,
        rowsPerChunk: Int, reportsChanges: Bool, queue: HandOff<Item>
    ) -> Result<Totals, StoreError> {
        let database = work.database
        let assign = work.assign
        do throws(StoreError) {
            var pass = RuleRowPass(
                sources: try RuleRowSources(database: database, path: path), commodities: commodities, path: path,
                reportsChanges: reportsChanges)
            let select = try database.prepare(
                """
                SELECT \(RuleRowPass.columns)
                FROM transactions t
                WHERE (?1 IS NULL OR t.account_id = ?1)
                    AND t.day >= coalesce(?2, '') AND t.day < coalesce(?3, '9999-99-99')
                ORDER BY t.id
                """)
            var sinceHandOver = 0
            var cancelled = false
            try select.forEachRow([
                .optional(account?.id), .optional(window.start?.description), .optional(window.end?.description),
            ]) { row throws(StoreError) in
                try pass.read(row, assign: assign)
                sinceHandOver += 1
                guard sinceHandOver == rowsPerChunk else { return true }
                sinceHandOver = 0
                cancelled = !queue.push(.rows(pass.take()))
                return !cancelled
            }
            select.reset()
            if !cancelled { _ = queue.push(.rows(pass.take())) }
            return .success(Totals(application: pass.application, moves: pass.moves))
        } catch {
            return .failure(error)
        }
    }

    /// Moves the connection and the rules' closure to the reader's thread, which alone uses them;
    /// both go when the thread ends.
    private final class Transfer: @unchecked Sendable {
        let database: Database
        let assign: (RuleInput) -> RuleAssignment

        init(database: Database, assign: @escaping (RuleInput) -> RuleAssignment) {
            self.database = database
            self.assign = assign
        }
    }
}
