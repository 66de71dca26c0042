import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("migrate")
struct MigrateCommandTests {
    @Test("on a server, migrate creates the ledger's schema, then finds nothing to do")
    func createsThenNothing() throws {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        #expect(cli.run(options + ["migrate"]) == 0)
        #expect(cli.output.hasSuffix("ledger=\(name): created at schema version \(Ledger.schemaVersion)\n"))
        #expect(cli.output.contains("dbname=postgres"))
        #expect(cli.run(options + ["migrate"]) == 0)
        #expect(cli.output.hasSuffix(": already at schema version \(Ledger.schemaVersion), nothing to do\n"))
        let connection = try PostgresConnection(try postgresServer().connectionString)
        #expect(try PostgresLedger.storedVersion(of: name, on: connection) == Ledger.schemaVersion)
    }

    @Test("on a server, migrate brings an older ledger up to date and says from which version")
    func upgrades() throws {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        _ = try PostgresLedger(
            connection: try PostgresConnection(try postgresServer().connectionString), name: name, upTo: 7)
        #expect(cli.run(try CLIHarness.postgresOptions(ledger: name) + ["migrate"]) == 0)
        #expect(cli.output.hasSuffix("ledger=\(name): upgraded from schema version 7 to \(Ledger.schemaVersion)\n"))
    }

    @Test("migrate --json names the backend, the target, the ledger and both versions")
    func json() throws {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        #expect(cli.run(try CLIHarness.postgresOptions(ledger: name) + ["migrate", "--json"]) == 0)
        let object = try #require(try cli.json() as? [String: Any])
        #expect(object["backend"] as? String == "postgresql")
        #expect(object["ledger"] as? String == name)
        #expect(object["action"] as? String == "created")
        #expect(object["fromVersion"] is NSNull)
        #expect(object["version"] as? Int == Ledger.schemaVersion)
        #expect((object["target"] as? String)?.hasSuffix("ledger=\(name)") == true)
    }

    @Test("on SQLite, migrate upgrades an existing file and refuses a missing one")
    func sqlite() throws {
        let cli = try CLIHarness()
        #expect(cli.run("migrate") == 1)
        #expect(cli.errors.contains("no ledger at \(cli.databasePath)"))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        try FileManager.default.createDirectory(
            atPath: (cli.databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = try Ledger(path: cli.databasePath)
        #expect(cli.run("migrate", "--json") == 0)
        let object = try #require(try cli.json() as? [String: Any])
        #expect(object["backend"] as? String == "sqlite")
        #expect(object["action"] as? String == "unchanged")
        #expect(object["fromVersion"] as? Int == Ledger.schemaVersion)
        #expect(object["ledger"] is NSNull)
    }

    @Test("a ledger of a newer version is refused with a message", arguments: ["sqlite", "postgresql"])
    func refusesNewer(backend: String) throws {
        let cli = try CLIHarness()
        var options: [String] = []
        if backend == "postgresql" {
            let name = freshLedgerName()
            options = try CLIHarness.postgresOptions(ledger: name)
            let connection = try PostgresConnection(try postgresServer().connectionString)
            _ = try PostgresLedger(connection: connection, name: name)
            try connection.query("UPDATE ledgerport_schema SET version = $1", [String(Ledger.schemaVersion + 1)])
        } else {
            try FileManager.default.createDirectory(
                atPath: (cli.databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            do { _ = try Ledger(path: cli.databasePath) }
            try setUserVersion(Ledger.schemaVersion + 1, of: cli.databasePath)
        }
        #expect(cli.run(options + ["migrate"]) == 1)
        #expect(cli.errors.contains("upgrade ledgerport"))
        #expect(cli.output.isEmpty)
    }

    /// Writes a SQLite file's `user_version` (4 bytes, big-endian, at offset 60 of its header).
    private func setUserVersion(_ version: Int, of path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: 60)
        let value = UInt32(version)
        try handle.write(
            contentsOf: Data([
                UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
            ]))
    }
}
