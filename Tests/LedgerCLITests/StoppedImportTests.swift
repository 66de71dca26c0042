import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// What a stopped import says: one line on stderr, where it stopped on stdout, `record` only for
/// a record reached, and no ledger left behind by an import that could not start (issue 12).
@Suite("a stopped import")
struct StoppedImportTests {
    /// A ledger holding two rows whose identity index page is made a table page.
    func damagedLedger() throws -> CLIHarness {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n2024-01-03,Tea,-2.10\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        try cli.damageIdentityIndex()
        return cli
    }

    @Test("a damaged ledger: one error line, `not imported: the ledger …`, record and sha256 null")
    func damagedLedgerReport() throws {
        let cli = try damagedLedger()
        let file = try cli.write("feb.csv", "Date,Description,Amount\n2024-02-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 1)
        #expect(cli.errors.filter { $0 == "\n" }.count == 1)
        #expect(cli.errors.contains("the ledger \(cli.databasePath) is damaged"))
        #expect(!cli.errors.contains("see above"))
        #expect(cli.output == "\(file) (csv)\n  not imported: the ledger failed before the first record\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--json") == 1)
        let report = try #require(try cli.json() as? [String: Any])
        let failure = try #require(report["failure"] as? [String: Any])
        #expect(failure["record"] is NSNull)
        #expect(report["sha256"] is NSNull)
    }

    @Test("integrity_check's many lines become the first finding and a count")
    func firstFinding() {
        let findings = [
            "*** in database main ***\nTree 5 page 5: btreeInitPage() returns error code 11\nTree 5 page 6: bad",
            "row 1 missing from index transactions_identity",
        ]
        #expect(
            Ledger.firstFinding(of: findings) == [
                "Tree 5 page 5: btreeInitPage() returns error code 11 … and 2 more findings; run ledgerport check"
            ])
        #expect(Ledger.firstFinding(of: ["row 1 missing"]) == ["row 1 missing"])
    }

    @Test("a bad first record is record 1, not `before the first record`; a bad header is before it")
    func firstRecord() throws {
        let cli = try CLIHarness()
        let file = try cli.write("bad.csv", "Date,Description,Amount\n2024-01-02,Coffee,lots\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 1)
        #expect(cli.output.hasPrefix("\(file) (csv, mapping generic)\n  stopped at record 1 (\(file):2:"))
        #expect(cli.output.hasSuffix("): nothing imported\n"))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--json") == 1)
        let failure = try #require((try cli.json() as? [String: Any])?["failure"] as? [String: Any])
        #expect(failure["record"] as? Int == 1)
        let empty = try cli.write("empty.csv", "")
        #expect(cli.run("import", empty, "--account", "Checking", "--currency", "USD") == 1)
        #expect(cli.output == "\(empty) (csv)\n  stopped at \(empty):1:1, before the first record: nothing imported\n")
    }

    @Test("an import that can't start leaves no ledger at a fresh --db path")
    func noLedgerLeftBehind() throws {
        let cli = try CLIHarness()
        let generic = try cli.write("generic.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        let unknown = try cli.write("notes.txt", "just some notes\nnot a bank export\n")
        let mapping = try cli.write("broken.json", "{ not json")
        #expect(cli.run("import", generic) == 2)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("import", generic, "--account", "Checking") == 2)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("import", unknown) == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("import", generic, "--mapping", mapping, "--account", "Checking", "--currency", "USD") == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("sync", generic) == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("sync", cli.folder.path) == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }
}
