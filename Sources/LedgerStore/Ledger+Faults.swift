#if DEBUG
    /// Fault injection at the SQLite call layer, for tests: compiled in debug and test builds only,
    /// reached with `@testable import LedgerStore`. A release build has none of it.
    extension Ledger {
        /// Makes the next write transaction fail as it begins, as a full disk (`.full`) or an I/O
        /// error would.
        func injectFailureOnNextWrite(code: ResultCode) { database.faults.nextTransaction = code }

        /// Makes the `count`-th `sqlite3_step` from now fail (1 is the next one), whatever it runs:
        /// a batch's 50th insert, a daily total's upsert.
        func injectFailure(onStep count: Int, code: ResultCode) {
            precondition(count > 0, "steps are counted from 1")
            database.faults.step = (count, code)
        }

        /// Makes the next `COMMIT` fail; the transaction is then rolled back.
        func injectFailureOnNextCommit(code: ResultCode) { database.faults.commit = code }

        /// Makes the next `ROLLBACK` fail (after another failure asked for it).
        func injectFailureOnNextRollback(code: ResultCode) { database.faults.rollback = code }
    }
#endif
