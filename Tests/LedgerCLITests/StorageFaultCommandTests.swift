import Foundation
import LedgerCLI
import Testing

@testable import LedgerStore

/// What the commands say and return when the database can't be reached or written: a clear
/// message on stderr and exit code 1, never a crash and never a partial batch.
@Suite("ledgerport under storage faults")
struct StorageFaultCommandTests {
    @Test("an import waits LEDGERPORT_BUSY_TIMEOUT_MS for another process's lock, then stops with exit 1")
    func lockedPastTimeout() throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        try FileManager.default.createDirectory(
            at: cli.folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        let holder = try Ledger(path: cli.databasePath)
        try holder.database.execute("BEGIN EXCLUSIVE")
        cli.environment["LEDGERPORT_BUSY_TIMEOUT_MS"] = "200"
        let started = ContinuousClock.now
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 1)
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(150) && waited < .seconds(4))
        #expect(
            cli.errors.contains(
                "the ledger \(cli.databasePath) is locked by another process (an import or sync?): waited 200 ms; "
                    + "try again when it is done"))
        #expect(!cli.errors.contains("sqlite3_"))
        try holder.database.execute("ROLLBACK")
        #expect(cli.run("transactions", "--json") == 0)
        #expect((try cli.json() as? [Any])?.isEmpty == true)
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0)
    }

    @Test(
        "LEDGERPORT_BUSY_TIMEOUT_MS must be whole milliseconds",
        arguments: ["soon", "-1", "1.5", "3600001", "99999999999999999999"])
    func badBusyTimeout(value: String) throws {
        let cli = try CLIHarness()
        cli.environment["LEDGERPORT_BUSY_TIMEOUT_MS"] = value
        #expect(cli.run("accounts") == 2)
        #expect(cli.errors.contains("LEDGERPORT_BUSY_TIMEOUT_MS=\(value) is not a wait; expected whole milliseconds"))
    }

    @Test("a database whose folder can't be created (its parent is a regular file) is exit 1 naming the folder")
    func folderUnderAFile() throws {
        let cli = try CLIHarness()
        let file = try cli.write("plain-file", "not a folder")
        let csv = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(
            cli.run("--db", file + "/sub/ledger.sqlite", "import", csv, "--currency", "USD", "--account", "Checking")
                == 1)
        #expect(
            cli.errors.contains("can't create the folder \(file)/sub for the database: \(file) is a file, not a folder")
        )
        #expect(cli.run("--db", file + "/ledger.sqlite", "accounts") == 1)
        #expect(cli.errors.contains("no ledger at \(file)/ledger.sqlite"))
    }

    @Test(
        "a lock held past the busy timeout names the ledger and the lock, not SQLite, for every command that writes",
        arguments: [
            ["reconcile", "Checking", "--balance", "10.00", "--as-of", "2024-01-31"],
            ["accounts", "rename", "Checking", "Daily"],
        ])
    func lockedForWriters(command: [String]) throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0)
        let holder = try Ledger(path: cli.databasePath)
        try holder.database.execute("BEGIN EXCLUSIVE")
        defer { try? holder.database.execute("ROLLBACK") }
        cli.environment["LEDGERPORT_BUSY_TIMEOUT_MS"] = "1"
        #expect(cli.run(command) == 1)
        #expect(cli.errors.contains("the ledger \(cli.databasePath) is locked by another process"))
        #expect(!cli.errors.contains("sqlite3_"))
    }

    @Test("a --db that names a folder, a loop of symbolic links or a missing folder says so, with exit 1")
    func unopenableLedger() throws {
        let cli = try CLIHarness()
        let csv = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        let folder = cli.folder.appendingPathComponent("a-folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let loop = cli.folder.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        let cases = [
            (folder, "can't open the ledger \(folder): it is a folder"),
            (loop, "can't open the ledger \(loop): its path is a loop of symbolic links"),
        ]
        for (path, message) in cases {
            #expect(cli.run("--db", path, "import", csv, "--currency", "USD", "--account", "Checking") == 1)
            #expect(cli.errors.contains(message), "\(cli.errors)")
            #expect(!cli.errors.contains("sqlite3_"))
        }
    }

    @Test("a ledger that can't be opened because its folder is missing says which folder")
    func missingFolder() throws {
        let cli = try CLIHarness()
        let folder = cli.folder.appendingPathComponent("missing").path
        #expect(StoreError.openFailure(at: folder + "/ledger.sqlite") == "its folder \(folder) does not exist")
        let link = cli.folder.appendingPathComponent("dangling").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/ledger.sqlite")
        let csv = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("--db", link, "import", csv, "--currency", "USD", "--account", "Checking") == 1)
        #expect(
            cli.errors.contains(
                "can't open the ledger \(link): it is a symbolic link to \(folder)/ledger.sqlite, "
                    + "a file whose folder does not exist"))
        #expect(!cli.errors.contains("sqlite3_"))
    }
}
