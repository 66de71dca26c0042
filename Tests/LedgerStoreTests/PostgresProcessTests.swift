import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The environment variable that makes a copy of the test binary an import worker:
/// `TARGET|LEDGER|ACCOUNT|WORKER|RESULT-FILE`.
private let workerVariable = "LEDGERPORT_PG_IMPORT_WORKER"

@Suite("PostgresLedger processes")
struct PostgresProcessTests {
    /// Worker `w` imports rows 150·w ..< 150·w + 800 of ``PostgresBatchTests/statement(_:from:)``
    /// in batches of 100: each row is sent by up to 6 workers.
    static let workers = 8
    static let rowCount = 1_850

    static func slice(_ rows: [PendingRow], worker: Int) -> [PendingRow] {
        Array(rows[(150 * worker)..<(150 * worker + 800)])
    }

    /// Whether this process is the test binary itself (SwiftPM's `.xctest` executable on Linux),
    /// which can run copies of itself as workers; elsewhere the threads' test stands alone.
    static var canRunWorkers: Bool {
        ProcessInfo.processInfo.environment[workerVariable] == nil
            && CommandLine.arguments.first?.hasSuffix(".xctest") == true
    }

    @Test(
        "8 processes importing overlapping batches store the union exactly once",
        .enabled(if: canRunWorkers, "runs copies of the test binary (SwiftPM's .xctest executable)"))
    func concurrentProcesses() throws {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        let target = try postgresServer().connectionString
        let binary = try #require(CommandLine.arguments.first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var processes: [Process] = []
        for worker in 0..<Self.workers {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "PostgresImportWorker"]
            var environment = ProcessInfo.processInfo.environment
            let result = folder.appendingPathComponent("worker-\(worker)").path
            environment[workerVariable] = [target, ledger.name, String(account), String(worker), result]
                .joined(separator: "|")
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            processes.append(process)
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        var inserted = 0
        var duplicates = 0
        for worker in 0..<Self.workers {
            let text = try String(
                contentsOf: folder.appendingPathComponent("worker-\(worker)"), encoding: .utf8)
            let fields = text.split(separator: " ")
            guard fields.count == 2, let counted = Int(fields[0]), let duplicated = Int(fields[1]) else {
                Issue.record("worker \(worker) failed: \(text)")
                continue
            }
            inserted += counted
            duplicates += duplicated
        }
        let all = pendingRows(StoreBatchTests.statement(Self.rowCount), accountID: account)
        try expectUnionStoredOnce(
            ledger.connection, all: all, inserted: inserted, duplicates: duplicates, workers: Self.workers)
    }
}

/// One import worker, run only in a copy of the test binary that ``PostgresProcessTests`` starts:
/// it imports its slice and writes `INSERTED DUPLICATES` (or the error) to its result file.
@Suite("PostgresImportWorker")
struct PostgresImportWorker {
    @Test(
        "an import worker process imports its slice",
        .enabled(if: ProcessInfo.processInfo.environment[workerVariable] != nil))
    func importSlice() throws {
        let fields = try #require(ProcessInfo.processInfo.environment[workerVariable]).split(
            separator: "|", omittingEmptySubsequences: false
        ).map(String.init)
        try #require(fields.count == 5)
        let account = try #require(Int64(fields[2]))
        let worker = try #require(Int(fields[3]))
        let rows = PostgresProcessTests.slice(
            pendingRows(StoreBatchTests.statement(PostgresProcessTests.rowCount), accountID: account),
            worker: worker)
        var report: String
        do {
            let ledger = try PostgresLedger(connection: try PostgresConnection(fields[0]), name: fields[1])
            var counts = (inserted: 0, duplicates: 0)
            for start in stride(from: 0, to: rows.count, by: 100) {
                switch ledger.save(Array(rows[start..<min(start + 100, rows.count)]), importID: nil) {
                case .saved(let inserted, let duplicates, _, _, _):
                    counts.inserted += inserted
                    counts.duplicates += duplicates
                case .notSaved(let error):
                    throw error
                }
            }
            report = "\(counts.inserted) \(counts.duplicates)"
        } catch {
            report = "error: \(error)"
        }
        try report.write(toFile: fields[4], atomically: true, encoding: .utf8)
    }
}
