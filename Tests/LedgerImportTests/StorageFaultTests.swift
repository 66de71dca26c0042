import Foundation
import LedgerCore
import LedgerImport
import Testing

@testable import LedgerStore

/// What an import does when the database fails under it: the failing batch is rolled back whole,
/// the batches before it stay, and a rerun after the fault adds exactly the rest.
@Suite("BatchImporter under storage faults")
struct StorageFaultTests {
    @Test(
        "a write failing at the third batch stops the import with a message naming the ledger and the fault, keeps two whole batches, and a rerun completes",
        arguments: [
            (ResultCode.full, "the disk holding the ledger"),
            (.ioError, "could not read or write the ledger"),
            (.readOnly, "can't be written"),
            (.busy, "is locked by another process"),
        ])
    func failingBatch(code: ResultCode, message: String) throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("five-hundred.csv", genericCSV(rows: 500, withBalance: true))
        let ledger = try Ledger(path: scratch.databasePath)
        let importer = BatchImporter(batchSize: 100) { progress in
            if progress.batches == 2 { ledger.injectFailureOnNextWrite(code: code) }
        }
        let report = importer.importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.inserted == 200)
        #expect(report.batches == 2)
        let failure = try #require(report.failure)
        #expect(failure.record == 201)
        #expect(failure.location.line == 202)
        #expect(!failure.reason.contains("sqlite3_"))
        #expect(failure.reason.contains(message))
        #expect(try ledger.transactions().count == 200)
        let account = try #require(try ledger.account(named: "Checking"))
        #expect(try ledger.checkpoints(of: account).isEmpty)
        #expect(try ledger.imports().first?.status == .stopped)

        let rerun = BatchImporter(batchSize: 100).importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(rerun.status == .complete)
        #expect(rerun.inserted == 300)
        #expect(rerun.duplicates == 200)
        #expect(rerun.checkpoints.first?.status == .reconciled)
        #expect(try ledger.transactions().count == 500)
    }

    @Test("a failure opening the imports log stops the import before any record, writing nothing")
    func failingBegin() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("ten.csv", genericCSV(rows: 10))
        let ledger = try Ledger(path: scratch.databasePath)
        ledger.injectFailureOnNextWrite(code: .full)
        let report = BatchImporter().importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.failure?.reason.contains("disk holding the ledger") == true)
        #expect(report.importID == nil)
        #expect(try ledger.transactions().isEmpty)
        #expect(try ledger.imports().isEmpty)
    }

    @Test("a failure writing the checkpoint stops the import after every batch was saved; a rerun checkpoints")
    func failingCheckpoint() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("two-hundred.csv", genericCSV(rows: 200, withBalance: true))
        let ledger = try Ledger(path: scratch.databasePath)
        let importer = BatchImporter(batchSize: 100) { progress in
            if progress.batches == 2 { ledger.injectFailureOnNextWrite(code: .full) }
        }
        let report = importer.importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.inserted == 200)
        #expect(report.failure?.reason.contains("full") == true)
        let rerun = BatchImporter().importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(rerun.status == .complete)
        #expect(rerun.inserted == 0)
        #expect(rerun.checkpoints.first?.status == .reconciled)
    }

    @Test("a step failing halfway through the third batch rolls it back whole: no rows, no daily totals, the log right")
    func failingHalfway() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("five-hundred.csv", genericCSV(rows: 500))
        let ledger = try Ledger(path: scratch.databasePath)
        let importer = BatchImporter(batchSize: 100) { progress in
            // A batch's first step reads the identities of deleted rows; the 51st inserts its 50th row.
            if progress.batches == 2 { ledger.injectFailure(onStep: 51, code: .ioError) }
        }
        let report = importer.importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.inserted == 200)
        #expect(report.failure?.record == 250)
        #expect(report.failure?.location.line == 251)
        #expect(try ledger.transactions().count == 200)
        let account = try #require(try ledger.account(named: "Checking"))
        #expect(try ledger.balance(of: account) == -(1...200).reduce(0) { $0 + Int64($1 * 100) })
        #expect(ledger.check().isSound)
        let logged = try #require(try ledger.imports().first)
        #expect(logged.status == .stopped)
        #expect((logged.read, logged.inserted, logged.batches) == (300, 200, 2))
    }

    @Test("a failing COMMIT rolls the batch back whole")
    func failingCommit() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("three-hundred.csv", genericCSV(rows: 300))
        let ledger = try Ledger(path: scratch.databasePath)
        let importer = BatchImporter(batchSize: 100) { progress in
            if progress.batches == 1 { ledger.injectFailureOnNextCommit(code: .ioError) }
        }
        let report = importer.importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.inserted == 100)
        #expect(try ledger.transactions().count == 100)
        #expect(ledger.check().isSound)
        #expect(try ledger.imports().first?.inserted == 100)
    }

    @Test("an import stopped by the lock logs the rows it kept, though it can't write its final status")
    func lockedLogKeepsCounts() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("five-hundred.csv", genericCSV(rows: 500))
        let holder = try Ledger(path: scratch.databasePath)
        let ledger = try Ledger(path: scratch.databasePath, busyTimeoutMilliseconds: 100)
        let importer = BatchImporter(batchSize: 100) { progress in
            if progress.batches == 2 { try? holder.database.execute("BEGIN EXCLUSIVE") }
        }
        let report = importer.importFile(at: path, format: nil, options: options(), into: ledger)
        try holder.database.execute("ROLLBACK")
        #expect(report.status == .stopped)
        #expect(report.inserted == 200)
        let logged = try #require(try ledger.imports().first)
        #expect((logged.read, logged.inserted, logged.duplicates, logged.batches) == (200, 200, 0, 2))
    }

    @Test("a lock outside any batch is said to be the ledger's failure, not a record's")
    func lockedBeforeAnyBatch() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("ten.csv", genericCSV(rows: 10))
        let holder = try Ledger(path: scratch.databasePath)
        let ledger = try Ledger(path: scratch.databasePath, busyTimeoutMilliseconds: 1)
        _ = try ledger.imports()
        try holder.database.execute("BEGIN EXCLUSIVE")
        defer { try? holder.database.execute("ROLLBACK") }
        let report = BatchImporter().importFile(at: path, format: nil, options: options(), into: ledger)
        let failure = try #require(report.failure)
        #expect(failure.location == .file(scratch.databasePath))
        #expect(failure.reason.contains("the ledger failed, not a record (0 rows kept)"))
        #expect(failure.reason.contains("is locked by another process"))
    }
}
