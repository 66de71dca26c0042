import Foundation
import Synchronization

/// `PRAGMA integrity_check` of a ledger file on a second, read-only connection, on a thread of
/// its own, so that a write's work and the check that must pass before it commits run at once.
///
/// Started inside the write transaction (``Ledger/startVerifyingSound()``), the check reads the
/// file as it stood when the transaction began: another writer can't commit while this
/// connection holds the write lock, and this connection's own writes are invisible to another
/// connection until they commit, which happens only after ``findings()`` answers none.
final class SoundnessCheck: Sendable {
    /// What the check came to.
    enum Outcome: Sendable {
        /// `integrity_check`'s lines, or the error that stopped it (the file failed under it).
        case findings([String])
        /// The second connection couldn't be opened: the check must run on the writer's own.
        case unavailable
    }

    private let outcome = Mutex<Outcome?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled when the writer asks for the findings; the check waits for it only in the
    /// fault tests' order ``Ledger/SoundnessCheckOrder/writeFinishesFirst``.
    private let writerWaits = DispatchSemaphore(value: 0)
    private let startsAfterWriter: Bool

    /// Starts checking the file at `path` on a new thread.
    ///
    /// - Parameters:
    ///   - path: the ledger file (not `:memory:`: a second connection can't see that).
    ///   - busyTimeoutMilliseconds: how long the reading connection waits for a lock.
    ///   - startsAfterWriter: hold the check until ``findings()`` is called (for tests).
    init(path: String, busyTimeoutMilliseconds: Int, startsAfterWriter: Bool = false) {
        self.startsAfterWriter = startsAfterWriter
        let thread = Thread { [self] in
            if startsAfterWriter { writerWaits.wait() }
            let result = Self.run(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            outcome.withLock { $0 = result }
            finished.signal()
        }
        thread.start()
    }

    /// Waits for the check to end and answers what it found.
    func findings() -> Outcome {
        if startsAfterWriter { writerWaits.signal() }
        finished.wait()
        finished.signal()
        return outcome.withLock { $0 } ?? .unavailable
    }

    /// Runs `PRAGMA integrity_check(limit)` on `database`: its findings, none for "ok".
    static func findings(of database: Database, limit: Int) throws(StoreError) -> [String] {
        let query = try database.prepare("PRAGMA integrity_check(\(limit))")
        let lines = try query.rows { row throws(StoreError) in row.text(0) }
        return lines == ["ok"] ? [] : lines
    }

    // MARK: - Private

    /// Opens the file read-only and checks it; an error while checking is a finding.
    private static func run(path: String, busyTimeoutMilliseconds: Int) -> Outcome {
        let database: Database
        do {
            database = try Database(path: path, readOnly: true, create: false)
            try database.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
        } catch {
            return .unavailable
        }
        do {
            return .findings(try findings(of: database, limit: 10))
        } catch {
            // A lock it couldn't get says nothing of the file: the writer checks on its own.
            return error.sqliteCode?.primary == .busy ? .unavailable : .findings([error.message])
        }
    }
}
