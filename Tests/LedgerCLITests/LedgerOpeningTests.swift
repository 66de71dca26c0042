import Foundation
import Testing

/// Which commands may create the ledger: only those that bring data in. A mistyped `--db` for a
/// command that reads must leave nothing behind.
@Suite("opening the ledger")
struct LedgerOpeningTests {
    @Test(
        "a command that reads says there is no ledger, exits 1 and creates neither the folder nor the file",
        arguments: [
            ["accounts"], ["accounts", "--json"], ["transactions"], ["imports"], ["reconcile", "Checking"],
            ["reconcile", "Checking", "--balance", "1.00", "--as-of", "2024-01-31"], ["commodities"],
            ["commodities", "--json"],
        ])
    func readingCommandOnMissingLedger(arguments: [String]) throws {
        let cli = try CLIHarness()
        let mistyped = cli.folder.appendingPathComponent("ledgr/typo.sqlite").path
        #expect(cli.run(["--db", mistyped] + arguments) == 1)
        #expect(cli.errors == "ledgerport: no ledger at \(mistyped); `ledgerport import FILE` creates one\n")
        #expect(cli.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: mistyped))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("ledgr").path))
    }

    @Test("import creates the ledger and its folder; then the reading commands open it")
    func importCreates() throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        let path = cli.folder.appendingPathComponent("new/folder/ledger.sqlite").path
        #expect(cli.run("--db", path, "import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(FileManager.default.fileExists(atPath: path))
        for command in [["accounts"], ["transactions"], ["imports"], ["reconcile", "Checking"]] {
            #expect(cli.run(["--db", path] + command) == 0, "\(command): \(cli.errors)")
        }
    }

    @Test("a dry run, or an import of a file that isn't there, creates no ledger")
    func dryRunAndMissingFileCreateNothing() throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--dry-run") == 0)
        #expect(cli.run("import", cli.folder.appendingPathComponent("absent.csv").path) == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("data").path))
    }

    @Test("sync of a feed that isn't there creates no ledger")
    func syncOfMissingFeed() throws {
        let cli = try CLIHarness()
        #expect(cli.run("sync", cli.folder.appendingPathComponent("no-feed").path) == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }
}
