import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The environment variable that makes a copy of the test binary a worker that imports until it is
/// killed: `TARGET|LEDGER|ACCOUNT|PROGRESS-FILE`.
private let killedWorkerVariable = "LEDGERPORT_PG_KILLED_WORKER"

/// Faults in the middle of an import into a PostgreSQL ledger (issue 21): a worker killed with
/// SIGKILL in the middle of a batch, a connection the server drops in the middle of one, and the
/// server restarted (on a server of the test's own) in the middle of one. Each
/// leaves whole batches only, with every total right, and a rerun stores exactly the rest.
///
/// A batch is caught in the middle by a lock: the test holds the account's row `FOR NO KEY UPDATE`,
/// so that the importer's next batch inserts its rows (their foreign key only shares the row) and
/// then waits to add them to the account's volume, inside its open transaction.
@Suite("PostgresLedger faults")
struct PostgresFaultTests {
    /// 1,000 rows in batches of 100.
    static let rowCount = 1_000

    static func batches(_ rows: [PendingRow]) -> [[PendingRow]] {
        stride(from: 0, to: rows.count, by: 100).map { Array(rows[$0..<min($0 + 100, rows.count)]) }
    }

    /// Takes the account's row lock in an open transaction on `connection`.
    static func lockAccount(_ connection: PostgresConnection, ledger: String, account: Int64) throws {
        try connection.execute("BEGIN")
        _ = try connection.query("SELECT id FROM \(ledger).accounts WHERE id = $1 FOR NO KEY UPDATE", [String(account)])
    }

    /// Waits (up to 30 s) until `check` holds.
    static func waitUntil(_ what: String, _ check: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while try !check() {
            guard Date() < deadline else { throw Failure("waited 30 s for \(what)") }
            usleep(20_000)
        }
    }

    /// Whether the server process `pid` waits for a lock, with a transaction of its own open.
    /// `connection` must be outside a transaction: inside one, `pg_stat_activity` answers the same
    /// snapshot each time.
    static func waitsForLock(_ connection: PostgresConnection, pid: Int64) throws -> Bool {
        try integer(
            connection,
            "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock' AND xact_start IS NOT NULL",
            [String(pid)]) == 1
    }

    /// Whether the server process `pid` is gone.
    static func isGone(_ connection: PostgresConnection, pid: Int64) throws -> Bool {
        try integer(connection, "SELECT count(*) FROM pg_stat_activity WHERE pid = $1", [String(pid)]) == 0
    }

    /// Imports `rows` again on a new connection, and checks that the ledger then holds each row
    /// once, with every total right, counting `stored` rows as duplicates.
    static func rerunStoresTheRest(ledger name: String, rows: [PendingRow], stored: Int) throws {
        let ledger = try PostgresLedger(connection: try postgresConnection(), name: name)
        var inserted = 0
        var duplicates = 0
        for batch in batches(rows) {
            guard case .saved(let new, let old, _, _, _) = ledger.save(batch, importID: nil) else {
                Issue.record("the rerun's batch was not saved")
                return
            }
            inserted += new
            duplicates += old
        }
        #expect(inserted == rows.count - stored)
        #expect(duplicates == stored)
        let connection = ledger.connection
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == Int64(rows.count))
        #expect(
            try integer(connection, "SELECT sum(source_line * amount) FROM transactions")
                == rows.reduce(0) { $0 + Int64($1.draft.location.line) * $1.draft.amount.minorUnits })
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test(
        "a worker killed with SIGKILL in the middle of a batch leaves whole batches; a rerun stores the rest once",
        .enabled(
            if: PostgresProcessTests.canRunWorkers, "runs a copy of the test binary (SwiftPM's .xctest executable)"))
    func killedWorker() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let rows = pendingRows(StoreBatchTests.statement(Self.rowCount), accountID: account)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let progress = folder.appendingPathComponent("progress").path
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: try #require(CommandLine.arguments.first))
        worker.arguments = ["--testing-library", "swift-testing", "--filter", "PostgresKilledWorker"]
        var environment = ProcessInfo.processInfo.environment
        environment[killedWorkerVariable] = [
            try postgresServer().connectionString, ledger.name, String(account), progress,
        ].joined(separator: "|")
        worker.environment = environment
        worker.standardOutput = FileHandle.nullDevice
        worker.standardError = FileHandle.nullDevice
        try worker.run()
        defer { if worker.isRunning { kill(worker.processIdentifier, SIGKILL) } }
        func lines() -> [Substring] {
            ((try? String(contentsOfFile: progress, encoding: .utf8)) ?? "").split(separator: "\n")
        }
        // The worker's server process, then three whole batches; the worker waits for the lock
        // to be taken before its fourth.
        try Self.waitUntil("the worker's third batch") { lines().count >= 4 || !worker.isRunning }
        let pid = try #require(lines().first.flatMap { Int64($0.dropFirst("pid ".count)) })
        // The fourth batch's 50th row, inserted by another transaction and not committed: the
        // worker's copy stores the 49 rows before it, then waits at it for that transaction.
        let locker = try PostgresLedger(connection: try postgresConnection(), name: ledger.name).connection
        let watcher = try postgresConnection()
        let copy = "COPY transactions (\(PostgresLedger.insertColumns.map(\.name).joined(separator: ", "))) FROM STDIN"
        try locker.execute("BEGIN")
        _ = try locker.startCopy(copy)
        try locker.finishCopy(try #require(PostgresLedger.copyText(of: [rows[349]], importID: nil)), sql: copy)
        try #require(FileManager.default.createFile(atPath: progress + ".go", contents: nil))
        try Self.waitUntil("the worker's batch to wait for the lock") {
            try Self.waitsForLock(watcher, pid: pid)
        }
        // In the middle of a batch: its rows inserted, its transaction open.
        #expect(kill(worker.processIdentifier, SIGKILL) == 0)
        worker.waitUntilExit()
        #expect(worker.terminationReason == .uncaughtSignal)
        try locker.execute("ROLLBACK")
        try Self.waitUntil("the killed worker's server process to end") { try Self.isGone(watcher, pid: pid) }
        let committed = lines().count - 1
        #expect(committed >= 3)
        #expect(committed < 10)
        let stored = try integer(ledger.connection, "SELECT count(*) FROM transactions")
        #expect(stored == Int64(committed * 100))
        #expect(try totalsMismatches(ledger.connection) == 0)
        try Self.rerunStoresTheRest(ledger: ledger.name, rows: rows, stored: Int(stored))
    }

    @Test("a connection dropped in the middle of a batch stores none of it and says so; a rerun stores the rest")
    func droppedConnection() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let rows = pendingRows(StoreBatchTests.statement(Self.rowCount), accountID: account)
        let batches = Self.batches(rows)
        for batch in batches.prefix(3) {
            #expect(ledger.save(batch, importID: nil) == .saved(inserted: 100, duplicates: 0))
        }
        let pid = try integer(ledger.connection, "SELECT pg_backend_pid()")
        let locker = try postgresConnection()
        try Self.lockAccount(locker, ledger: ledger.name, account: account)
        let fourth = Saving(ledger: ledger, batch: batches[3])
        let watcher = try postgresConnection()
        try Self.waitUntil("the fourth batch to wait for the lock") { try Self.waitsForLock(watcher, pid: pid) }
        _ = try locker.query("SELECT pg_terminate_backend($1)", [String(pid)])
        try locker.execute("ROLLBACK")
        guard case .notSaved(let error) = fourth.outcome() else {
            Issue.record("a batch whose connection was dropped was reported saved")
            return
        }
        // The error says what happened and where, without a password.
        // The server's closing, not a retry's "no connection to the server".
        #expect(error.message.contains("connection"), "\(error.message)")
        #expect(!error.message.contains("no connection to the server"), "\(error.message)")
        #expect(error.message.contains(ledger.connection.shownTarget), "\(error.message)")
        // The connection is gone: the next batch on it fails too, and stores nothing.
        guard case .notSaved = ledger.save(batches[4], importID: nil) else {
            Issue.record("a batch on a dropped connection was reported saved")
            return
        }
        let check = try postgresConnection()
        #expect(try integer(check, "SELECT count(*) FROM \(ledger.name).transactions") == 300)
        try Self.rerunStoresTheRest(ledger: ledger.name, rows: rows, stored: 300)
    }

    @Test("the server restarted in the middle of a batch: none of it stays, the error says so, a rerun stores the rest")
    func restartedServer() throws {
        _ = try postgresServer()  // skips (or fails under CI) as the other tests do when PostgreSQL is missing
        let server = try PostgresTestServer.makePrivate()
        defer { server.stop() }
        let ledger = try PostgresLedger(connection: try PostgresConnection(server.connectionString), name: "restarted")
        let account = try ledger.ensureAccount(named: "Checking", kind: .asset, currency: .EUR)
        let rows = pendingRows(StoreBatchTests.statement(Self.rowCount), accountID: account)
        let batches = Self.batches(rows)
        for batch in batches.prefix(3) {
            #expect(ledger.save(batch, importID: nil) == .saved(inserted: 100, duplicates: 0))
        }
        let pid = try integer(ledger.connection, "SELECT pg_backend_pid()")
        let locker = try PostgresConnection(server.connectionString)
        let watcher = try PostgresConnection(server.connectionString)
        try Self.lockAccount(locker, ledger: ledger.name, account: account)
        let fourth = Saving(ledger: ledger, batch: batches[3])
        try Self.waitUntil("the fourth batch to wait for the lock") { try Self.waitsForLock(watcher, pid: pid) }
        try server.restartImmediately()
        guard case .notSaved(let error) = fourth.outcome() else {
            Issue.record("a batch the server's restart cut off was reported saved")
            return
        }
        #expect(error.message.contains("connection"), "\(error.message)")
        #expect(!error.message.contains("no connection to the server"), "\(error.message)")
        let check = try PostgresConnection(server.connectionString)
        #expect(try integer(check, "SELECT count(*) FROM restarted.transactions") == 300)
        // The rerun, on a new connection to the restarted server.
        let again = try PostgresLedger(connection: try PostgresConnection(server.connectionString), name: "restarted")
        var inserted = 0
        var duplicates = 0
        for batch in batches {
            guard case .saved(let new, let old, _, _, _) = again.save(batch, importID: nil) else {
                Issue.record("the rerun's batch was not saved")
                return
            }
            inserted += new
            duplicates += old
        }
        #expect(inserted == 700)
        #expect(duplicates == 300)
        #expect(try integer(again.connection, "SELECT count(*) FROM transactions") == Int64(Self.rowCount))
        #expect(try totalsMismatches(again.connection) == 0)
    }

    /// One batch saved on a thread of its own, its outcome read when it ends.
    final class Saving: @unchecked Sendable {
        private let ledger: PostgresLedger
        private let batch: [PendingRow]
        private var result: BatchOutcome?
        private let done = DispatchSemaphore(value: 0)

        /// Starts saving; the ledger is used by that thread alone until ``outcome()`` answers.
        init(ledger: PostgresLedger, batch: [PendingRow]) {
            self.ledger = ledger
            self.batch = batch
            let thread = Thread { [self] in
                result = self.ledger.save(self.batch, importID: nil)
                done.signal()
            }
            thread.start()
        }

        func outcome() -> BatchOutcome? {
            done.wait()
            return result
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The worker ``PostgresFaultTests/killedWorker()`` starts in a copy of the test binary: it writes
/// `pid N` (its server process), then imports every batch, writing `batch K` after each one the
/// server committed, until it is killed.
@Suite("PostgresKilledWorker")
struct PostgresKilledWorker {
    @Test(
        "an import worker process imports until it is killed",
        .enabled(if: ProcessInfo.processInfo.environment[killedWorkerVariable] != nil))
    func importUntilKilled() throws {
        let fields = try #require(ProcessInfo.processInfo.environment[killedWorkerVariable]).split(
            separator: "|", omittingEmptySubsequences: false
        ).map(String.init)
        try #require(fields.count == 4)
        let account = try #require(Int64(fields[2]))
        let ledger = try PostgresLedger(connection: try PostgresConnection(fields[0]), name: fields[1])
        try #require(FileManager.default.createFile(atPath: fields[3], contents: nil))
        let progress = try #require(FileHandle(forWritingAtPath: fields[3]))
        try progress.write(contentsOf: Data("pid \(try integer(ledger.connection, "SELECT pg_backend_pid()"))\n".utf8))
        let rows = pendingRows(StoreBatchTests.statement(PostgresFaultTests.rowCount), accountID: account)
        for (index, batch) in PostgresFaultTests.batches(rows).enumerated() {
            guard case .saved = ledger.save(batch, importID: nil) else { return }
            try progress.write(contentsOf: Data("batch \(index + 1)\n".utf8))
            if index == 2 {
                // The test takes its lock now: the next batch meets it.
                try PostgresFaultTests.waitUntil("the test's lock") {
                    FileManager.default.fileExists(atPath: fields[3] + ".go")
                }
            }
        }
    }
}
