import Foundation
import Testing

private let march = """
    Date,Description,Amount,Balance
    2024-03-01,Coffee,-3.80,996.20
    2024-03-01,Coffee,-3.80,992.40
    2024-03-04,Salary,2500.00,3492.40
    2024-03-05,Rent,-900.00,2592.40

    """

/// `import --dry-run`: reads and checks, counts what is new against the ledger, writes nothing.
@Suite("import --dry-run")
struct ImportDryRunTests {
    @Test("with a ledger, a dry run counts new records and duplicates by the store's identity, writing nothing")
    func countsAgainstLedger() throws {
        let cli = try CLIHarness()
        let first = try cli.write(
            "first.csv", "Date,Description,Amount\n2024-03-01,Coffee,-3.80\n2024-03-04,Salary,2500.00\n")
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", first, "--account", "Checking", "--currency", "USD") == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        #expect(cli.run("import", file, "--account", "Checking", "--dry-run") == 0, "\(cli.errors)")
        #expect(
            cli.output == """
                \(file) (csv, mapping generic)
                  dry run, nothing written: 4 records read and checked; 2 new, 2 already in the ledger

                """)
        #expect(cli.run("import", file, "--account", "Checking", "--dry-run", "--json") == 0)
        let report = try #require(try cli.json() as? [String: Any])
        #expect(report["status"] as? String == "dry-run")
        #expect(report["new"] as? Int == 2)
        #expect(report["duplicates"] as? Int == 2)
        #expect(report["inserted"] as? Int == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        #expect(cli.run("transactions", "--json") == 0)
        #expect((try cli.json() as? [Any])?.count == 2)
        // The import then does what the dry run said.
        #expect(cli.run("import", file, "--account", "Checking", "--json") == 0)
        let real = try #require(try cli.json() as? [String: Any])
        #expect(real["inserted"] as? Int == 2)
        #expect(real["duplicates"] as? Int == 2)
    }

    @Test("a dry run into an account the ledger doesn't hold yet counts every record as new")
    func newAccount() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("import", file, "--account", "Savings", "--currency", "USD", "--dry-run") == 0)
        #expect(cli.output.contains("4 records read and checked; all 4 new"))
        #expect(cli.run("accounts", "--json") == 0)
        #expect((try cli.json() as? [Any])?.count == 1)
    }

    @Test("without a ledger file, a dry run creates none and says all are new")
    func noLedger() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--dry-run", "--json") == 0)
        let report = try #require(try cli.json() as? [String: Any])
        #expect(report["new"] as? Int == 4)
        #expect(report["duplicates"] as? Int == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--dry-run") == 0)
        #expect(cli.output.contains("4 records read and checked; all 4 new"))
    }

    @Test("records with the source's own id twice in one file count once, as the store keeps them")
    func repeatedIDs() throws {
        let cli = try CLIHarness()
        let mapping = try cli.write(
            "ids.json",
            """
            {"columns": {"date": {"column": "Date", "format": "yyyy-MM-dd"}, "description": "Description",
             "amount": "Amount", "id": "ID"}, "currency": "USD"}
            """)
        let file = try cli.write(
            "ids.csv", "Date,Description,Amount,ID\n2024-01-02,Coffee,-3.80,A1\n2024-01-02,Coffee,-3.80,A1\n")
        let other = try cli.write("other.csv", "Date,Description,Amount\n2024-01-02,Tea,-2.00\n")
        #expect(cli.run("import", other, "--account", "Other", "--currency", "USD") == 0)
        #expect(cli.run("import", file, "--mapping", mapping, "--account", "Checking", "--dry-run", "--json") == 0)
        let dry = try #require(try cli.json() as? [String: Any])
        #expect(dry["new"] as? Int == 1)
        #expect(dry["duplicates"] as? Int == 1)
        #expect(cli.run("import", file, "--mapping", mapping, "--account", "Checking", "--json") == 0)
        let real = try #require(try cli.json() as? [String: Any])
        #expect(real["inserted"] as? Int == 1)
        #expect(cli.run("import", file, "--mapping", mapping, "--account", "Checking", "--dry-run", "--json") == 0)
        let again = try #require(try cli.json() as? [String: Any])
        #expect(again["new"] as? Int == 0)
        #expect(again["duplicates"] as? Int == 2)
    }
}
