import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// `accounts rename`, `accounts merge` and `accounts set`: what they print, their dry runs, and
/// their refusals.
@Suite("ledgerport accounts rename, merge and set")
struct AccountsSubcommandTests {
    private let march = "Date,Description,Amount\n2024-03-01,Coffee,-3.80\n2024-03-02,Rent,-900.00\n"
    private let april = "Date,Description,Amount\n2024-03-02,Rent,-900.00\n2024-04-01,Salary,2500.00\n"

    /// A ledger with `Checking` (March) and `Chequing` (April, overlapping on the rent).
    private func twoAccounts() throws -> CLIHarness {
        let cli = try CLIHarness()
        #expect(cli.run("import", try cli.write("march.csv", march), "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("import", try cli.write("april.csv", april), "--account", "Joint", "--currency", "USD") == 0)
        return cli
    }

    @Test("rename: the account and its rows go by the new name; the old one is gone")
    func rename() throws {
        let cli = try twoAccounts()
        #expect(cli.run("accounts", "rename", "Checking", "Everyday") == 0)
        #expect(cli.output == "renamed \"Checking\" to \"Everyday\"\n")
        #expect(cli.run("transactions", "--account", "Everyday", "--json") == 0)
        #expect((try cli.json() as? [Any])?.count == 2)
        #expect(cli.run("transactions", "--account", "Checking") == 1)
    }

    @Test("rename to an existing name, in any case, exits 1 and changes nothing")
    func renameTaken() throws {
        let cli = try twoAccounts()
        #expect(cli.run("accounts", "rename", "Checking", "JOINT") == 1)
        #expect(cli.errors.contains("differs from the existing account \"Joint\" only in case"))
        #expect(cli.run("accounts", "rename", "Checking", "checking") == 0)
        #expect(cli.run("accounts", "--json") == 0)
        let names = (try cli.json() as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Joint", "checking"])
    }

    @Test("a dry-run rename says what it would do and leaves the ledger file unchanged")
    func renameDryRun() throws {
        let cli = try twoAccounts()
        let before = ledgerBytes(cli)
        #expect(cli.run("accounts", "rename", "Checking", "Everyday", "--dry-run", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["dryRun"] as? Bool == true && result["to"] as? String == "Everyday")
        #expect(ledgerBytes(cli) == before)
    }

    @Test("merge: rows move, the shared row is kept once, and FROM is removed")
    func merge() throws {
        let cli = try twoAccounts()
        #expect(cli.run("accounts", "merge", "Joint", "Checking", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["movedTransactions"] as? Int == 1)
        #expect(result["duplicateTransactions"] as? Int == 1)
        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(accounts.count == 1)
        #expect(accounts.first?["transactions"] as? Int == 3)
        #expect(accounts.first?["balance"] as? String == "1596.20")
    }

    @Test("a dry-run merge reports the counts and writes nothing")
    func mergeDryRun() throws {
        let cli = try twoAccounts()
        let before = ledgerBytes(cli)
        #expect(cli.run("accounts", "merge", "Joint", "Checking", "--dry-run") == 0)
        #expect(cli.output.contains("dry run, nothing written: would merge \"Joint\" into \"Checking\""))
        #expect(cli.output.contains("transactions: 1 moved, 1 already there (dropped)"))
        #expect(ledgerBytes(cli) == before)
    }

    @Test("a merge of two currencies exits 1 saying which each holds; set refuses a currency the rows aren't in")
    func currencies() throws {
        let cli = try twoAccounts()
        let feed = Fixture.repositoryRoot.appendingPathComponent("samples/feed.jsonl").path
        #expect(cli.run("import", feed) == 0)
        let before = ledgerBytes(cli)
        #expect(cli.run("accounts", "merge", "card", "Checking") == 1)
        #expect(
            cli.errors.contains(
                "\"Card ••••3002\" holds EUR and \"Checking\" holds USD; expected two accounts of the same currency"))
        #expect(cli.run("accounts", "set", "Checking", "--currency", "EUR") == 1)
        #expect(cli.errors.contains("\"Checking\" holds 2 transactions in USD, so its currency can't become EUR"))
        #expect(ledgerBytes(cli) == before)
    }

    @Test("set: a currency for an account with no rows, and a type; a dry run writes nothing")
    func set() throws {
        let cli = try twoAccounts()
        #expect(cli.run("accounts", "set", "Joint", "--type", "liability", "--dry-run") == 0)
        #expect(cli.output == "dry run, nothing written: would change \"Joint\": type asset → liability\n")
        #expect(cli.run("accounts", "set", "Joint", "--type", "liability", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["type"] as? String == "liability" && result["changed"] as? Bool == true)
        #expect(cli.run("accounts", "--json") == 0)
        let joint = (try cli.json() as? [[String: Any]])?.first { $0["name"] as? String == "Joint" }
        #expect(joint?["type"] as? String == "liability")
    }

    @Test(
        "set needs --currency or --type, and known values",
        arguments: [
            ["accounts", "set", "Joint"], ["accounts", "set", "Joint", "--currency", "EURO"],
            ["accounts", "set", "Joint", "--type", "card"], ["accounts", "rename", "Joint"],
            ["accounts", "merge", "Joint"], ["accounts", "rename", "Joint", " "],
        ])
    func setUsage(arguments: [String]) throws {
        let cli = try twoAccounts()
        #expect(cli.run(arguments) == 2, "\(arguments)")
    }

}
