import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

/// The store facing another process's lock and a database it can't write: the batch fails whole,
/// with SQLite's code, after waiting no longer than the busy timeout.
@Suite("Ledger under storage faults")
struct LedgerFaultTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var path: String { folder.appendingPathComponent("ledger.sqlite").path }

    @Test("a writer waits the busy timeout for another connection's lock, then fails the batch whole with SQLITE_BUSY")
    func lockedPastTimeout() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let holder = try Ledger(path: path)
        let writer = try Ledger(path: path, busyTimeoutMilliseconds: 300)
        let account = try writer.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        try holder.database.execute("BEGIN EXCLUSIVE")
        let started = ContinuousClock.now
        let outcome = writer.save(
            rows(
                [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Tea", -210, on: "2024-01-02")],
                account: account), importID: nil)
        let waited = ContinuousClock.now - started
        guard case .notSaved(let error) = outcome else {
            Issue.record("a locked database must refuse the batch")
            return
        }
        #expect(error.sqliteCode?.primary == .busy)
        #expect(
            error.message.contains(
                "the ledger \(path) is locked by another process (an import or sync?): waited 300 ms"))
        #expect(error.sqliteDetail?.contains("database is locked") == true)
        #expect(waited >= .milliseconds(250))
        #expect(waited < .seconds(4))
        try holder.database.execute("ROLLBACK")
        #expect(try writer.transactions().isEmpty)
        #expect(
            writer.save(rows([makeDraft("Coffee", -380, on: "2024-01-02")], account: account), importID: nil)
                == .saved(inserted: 1, duplicates: 0))
    }

    @Test("a writer that gets the lock within the busy timeout saves normally")
    func lockReleasedInTime() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try Ledger(path: path, busyTimeoutMilliseconds: 5_000)
        let account = try writer.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        let locked = path
        let holding = Thread {
            guard let holder = try? Ledger(path: locked) else { return }
            try? holder.database.execute("BEGIN EXCLUSIVE")
            Thread.sleep(forTimeInterval: 0.3)
            try? holder.database.execute("COMMIT")
        }
        holding.start()
        try await Task.sleep(for: .milliseconds(100))
        let outcome = writer.save(rows([makeDraft("Coffee", -380, on: "2024-01-02")], account: account), importID: nil)
        #expect(outcome == .saved(inserted: 1, duplicates: 0))
    }

    @Test("a database that can't be written refuses the batch whole with SQLITE_READONLY")
    func readOnly() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = try Ledger(path: path)
        let account = try ledger.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        // Root ignores permission bits, so the test makes the connection itself read-only.
        try ledger.database.execute("PRAGMA query_only = ON")
        guard
            case .notSaved(let error) = ledger.save(
                rows([makeDraft("Coffee", -380, on: "2024-01-02")], account: account), importID: nil)
        else {
            Issue.record("a read-only database must refuse the batch")
            return
        }
        #expect(error.sqliteCode?.primary == .readOnly)
        #expect(error.message.contains("can't be written"))
        #expect(try ledger.transactions().isEmpty)
    }

    @Test("a database path whose folder is a regular file is a clear error naming the file")
    func folderIsAFile() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain-file")
        try Data("not a folder".utf8).write(to: file)
        do {
            _ = try Ledger(path: file.appendingPathComponent("ledger.sqlite").path)
            Issue.record("opening a database under a regular file must fail")
        } catch {
            #expect(error.sqliteCode?.primary == .cantOpen)
            #expect(error.description.contains("plain-file/ledger.sqlite"))
            #expect(error.message.contains("can't open the ledger"))
            #expect(error.message.contains("a part of its path is a file, not a folder"))
        }
    }

    @Test("a step failing halfway through a batch rolls back the rows before it, their daily totals and volume")
    func failingStep() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = try Ledger(path: path)
        let account = try ledger.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        let drafts = (1...100).map { makeDraft("Row \($0)", -Int64($0), on: "2024-01-02", line: $0 + 1) }
        // A batch's first step reads the identities of deleted rows; the 51st inserts row 50.
        ledger.injectFailure(onStep: 51, code: .ioError)
        guard case .notSaved(let error) = ledger.save(rows(drafts, account: account), importID: nil) else {
            Issue.record("the batch must fail")
            return
        }
        #expect(error.sqliteCode == .ioError)
        #expect(error.location.line == 51)
        #expect(try ledger.transactions().isEmpty)
        #expect(try ledger.balance(of: account) == 0)
        #expect(ledger.check().isSound)
        #expect(ledger.save(rows(drafts, account: account), importID: nil) == .saved(inserted: 100, duplicates: 0))
    }

    @Test("a failed ROLLBACK is reported with the failure that asked for it")
    func failingRollback() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = try Ledger(path: path)
        let account = try ledger.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        // A batch's first step reads the identities of deleted rows; the third inserts row 2.
        ledger.injectFailure(onStep: 3, code: .full)
        ledger.injectFailureOnNextRollback(code: .ioError)
        let drafts = (1...3).map { makeDraft("Row \($0)", -Int64($0), on: "2024-01-02", line: $0 + 1) }
        guard case .notSaved(let error) = ledger.save(rows(drafts, account: account), importID: nil) else {
            Issue.record("the batch must fail")
            return
        }
        #expect(error.sqliteCode == .ioError)
        #expect(error.sqliteDetail?.contains("in `ROLLBACK`") == true)
        #expect(error.message.contains("the rollback followed this failure: the disk holding the ledger"))
        #expect(error.location.line == 3)
        // The transaction is still open on this connection: the next write can't begin inside it.
        #expect(ledger.database.isInTransaction)
        try ledger.database.execute("ROLLBACK")
        #expect(try ledger.transactions().isEmpty)
    }

    @Test("ResultCode compares primary codes with extended ones")
    func resultCodes() {
        let ioErrorWrite = ResultCode(rawValue: 778)  // SQLITE_IOERR_WRITE
        #expect(ioErrorWrite.primary == .ioError)
        #expect(ioErrorWrite != .ioError)
        switch ioErrorWrite {
        case .ioError: break
        default: Issue.record("an extended code matches its primary code")
        }
        #expect(!(ResultCode.busy ~= ioErrorWrite))
    }
}
