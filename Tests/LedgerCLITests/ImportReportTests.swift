import Foundation
import Testing

@testable import LedgerCLI

private let march = """
    Date,Description,Amount,Balance
    2024-03-01,Coffee,-3.80,996.20
    2024-03-04,Salary,2500.00,3496.20
    2024-03-05,Rent,-900.00,2596.20

    """

/// What `import` prints: one error line on stderr, the report on stdout, counts in good English,
/// and bad usage exiting 2 wherever it is found.
@Suite("the import report")
struct ImportReportTests {
    @Test("an unknown --mapping is bad usage, exit 2, like an unknown --format; nothing is printed on stdout")
    func unknownMappingIsUsage() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", file, "--mapping", "nope", "--account", "Checking") == 2)
        #expect(cli.errors.hasPrefix("ledgerport: no mapping named \"nope\"; expected a mapping name or a path"))
        #expect(cli.output.isEmpty)
        #expect(cli.run("import", file, "--mapping", cli.folder.appendingPathComponent("none.json").path) == 2)
        #expect(cli.run("import", file, "--format", "xls") == 2)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("a mapping file that exists but is invalid is bad data: exit 1, named with its line")
    func invalidMappingIsData() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", march)
        let mapping = try cli.write("mine.json", "{\"columns\": 3}\n")
        #expect(cli.run("import", file, "--mapping", mapping, "--account", "Checking", "--currency", "USD") == 1)
        #expect(cli.errors.hasPrefix("ledgerport: \(mapping):1:"))
    }

    @Test("a stopped import prints its error once, on stderr; stdout says where it stopped and what was kept")
    func stoppedOnce() throws {
        let cli = try CLIHarness()
        let file = try cli.write("bad.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n2024-01-03,Tea,abc\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--batch-size", "1") == 1)
        #expect(
            cli.errors
                == "ledgerport: \(file):3:16: error: column \"Amount\": \"abc\" is not an amount like -1234.56\n")
        #expect(
            cli.output == """
                \(file) (csv, mapping generic)
                  stopped at record 2 (\(file):3:16): 1 read, 1 inserted, 0 duplicates, 1 batch; kept 1 row

                """)
    }

    @Test("a missing file is no record at all: one error line, `not read` on stdout, and `record: null` in JSON")
    func missingFile() throws {
        let cli = try CLIHarness()
        let path = cli.folder.appendingPathComponent("absent.csv").path
        #expect(cli.run("import", path) == 1)
        #expect(cli.errors == "ledgerport: \(path): error: can't read \(path): no such file\n")
        #expect(cli.output == "\(path) (unknown)\n  not read: nothing imported\n")
        #expect(cli.run("import", path, "--json") == 1)
        let failure = try #require((try cli.json() as? [String: Any])?["failure"] as? [String: Any])
        #expect(failure["record"] is NSNull)
    }

    @Test("an empty file stops before its first record, said once")
    func emptyFile() throws {
        let cli = try CLIHarness()
        let path = try cli.write("empty.csv", "")
        #expect(cli.run("import", path, "--account", "Checking", "--currency", "USD") == 1)
        #expect(
            cli.errors
                == "ledgerport: \(path):1:1: error: the file is empty; expected a header line and transaction rows\n")
        #expect(cli.output == "\(path) (csv)\n  stopped at \(path):1:1, before the first record: nothing imported\n")
    }

    @Test("counts read in the singular for one: 1 batch, 1 duplicate, 1 row, skipped 1 record")
    func singular() throws {
        let cli = try CLIHarness()
        let file = try cli.write("one.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.output.contains("  imported: 1 read, 1 inserted, 0 duplicates, 1 batch\n"))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.output.contains("  imported: 1 read, 0 inserted, 1 duplicate, 1 batch\n"))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--dry-run") == 0)
        #expect(cli.output.contains("1 record read and checked; 0 new, 1 already in the ledger"))
        for count in [0, 1, 2, 12] {
            #expect(count.counting("batch") == "\(count) \(count == 1 ? "batch" : "batches")")
        }
        #expect(1.counting("entry") == "1 entry" && 2.counting("entry") == "2 entries")
        #expect(2.counting("day") == "2 days" && 2.counting("index", plural: "indices") == "2 indices")
    }

    @Test("skipped records are counted in the singular for one")
    func skippedSingular() throws {
        let cli = try CLIHarness()
        let mapping = try cli.write(
            "skip.json",
            """
            {"columns": {"date": {"column": "Date", "format": "yyyy-MM-dd"}, "description": "Description",
             "amount": "Amount"}, "currency": "USD", "skip": [{"column": "Description", "equals": ["Hold"]}]}
            """)
        let file = try cli.write(
            "held.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n2024-01-03,Hold,-1.00\n")
        #expect(cli.run("import", file, "--mapping", mapping, "--account", "Checking") == 0, "\(cli.errors)")
        #expect(cli.output.contains("  skipped 1 record: rows matching the mapping's skip rules (first at \(file):3:"))
    }
}
