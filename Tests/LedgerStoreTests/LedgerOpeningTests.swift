import CSQLite
import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

/// Opening a file that is not a ledger (issue 11, defect 6): say so, and write nothing to it.
@Suite("Ledger opening files that are not ledgers")
struct LedgerOpeningTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var path: String { folder.appendingPathComponent("ledger.sqlite").path }

    /// Runs SQL on a plain SQLite connection, as another application would.
    func foreign(_ sql: String) throws {
        var handle: OpaquePointer?
        #expect(sqlite3_open(path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        #expect(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    }

    func openingError() -> StoreError? {
        do {
            _ = try Ledger(path: path, busyTimeoutMilliseconds: 100)
            return nil
        } catch {
            return error
        }
    }

    @Test("a file with user_version -1 is not a ledger")
    func negativeVersion() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try foreign("PRAGMA user_version = -1")
        let error = try #require(openingError())
        #expect(error.message.contains("\(path) is not a ledgerport ledger (its PRAGMA user_version is -1"))
        #expect(!error.message.contains("already exists"))
    }

    @Test("another application's database (tables, user_version 0) is not a ledger, and is left as it was")
    func otherApplication() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try foreign("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); CREATE TABLE accounts (id INTEGER);")
        let error = try #require(openingError())
        #expect(error.message.contains("\(path) is not a ledgerport ledger (it holds tables (accounts, notes)"))
        var handle: OpaquePointer?
        sqlite3_open(path, &handle)
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(handle, "SELECT count(*) FROM sqlite_schema", -1, &statement, nil)
        sqlite3_step(statement)
        #expect(sqlite3_column_int(statement, 0) == 2)
        sqlite3_finalize(statement)
        // Not even switched to WAL: the header's write version (byte 18) still says rollback journal.
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        #expect(header[18] == 1)
    }

    @Test("a database with a version but without the ledger's tables is not a ledger")
    func versionWithoutTables() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try foreign("PRAGMA user_version = 3; CREATE TABLE things (id INTEGER);")
        let error = try #require(openingError())
        #expect(error.message.contains("its PRAGMA user_version is 3 but it lacks the ledger's tables"))
    }

    @Test("an existing empty file is refused, not silently made a ledger")
    func emptyFile() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(FileManager.default.createFile(atPath: path, contents: Data()))
        let error = try #require(openingError())
        #expect(error.message.contains("is not a ledgerport ledger (the file is empty"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
    }

    @Test("a file that is no database speaks of the ledger file")
    func notADatabase() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(repeating: 0x7F, count: 8192).write(to: URL(fileURLWithPath: path))
        let error = try #require(openingError())
        #expect(error.message == "\(path) is not a ledgerport ledger (file is not a database)")
    }

    @Test("a path where no file exists becomes a new ledger; :memory: still works")
    func newLedger() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Ledger(path: path)
        _ = try Ledger(path: path)
        _ = try Ledger(path: ":memory:")
    }

    @Test(
        "a new ledger appears whole: four connections creating one path at once all open it, and no scratch file stays")
    func concurrentCreation() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = path
        let opened = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    guard let ledger = try? Ledger(path: target) else { return false }
                    return
                        (try? ledger.ensureAccount(
                            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)) != nil
                }
            }
            return await group.reduce(into: 0) { count, success in count += success ? 1 : 0 }
        }
        #expect(opened == 4)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(files.isEmpty)
        #expect(try Ledger(path: target).allAccounts().count == 1)
    }

    @Test("a scratch file left by a creation killed halfway doesn't stop the next one")
    func killedCreation() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(
            FileManager.default.createFile(
                atPath: folder.appendingPathComponent(".ledger.sqlite.new-1-2").path, contents: Data()))
        _ = try Ledger(path: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 0)
    }

    @Test("a ledger written by a newer ledgerport is refused")
    func newerVersion() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Ledger(path: path)
        try foreign("PRAGMA user_version = \(Ledger.schemaVersion + 1)")
        let error = try #require(openingError())
        #expect(error.reason == .schemaTooNew(found: Ledger.schemaVersion + 1, known: Ledger.schemaVersion))
    }
}
