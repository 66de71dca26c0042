import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// An account named on the command line: exact, then ignoring case, then an unambiguous prefix or
/// short form; never one of several; a "did you mean" for a typo; and `import --account` never
/// splits an account in two by a typo.
@Suite("account names resolved on the command line")
struct AccountNameResolutionTests {
    private let statement = "Date,Description,Amount\n2024-03-01,Coffee,-3.80\n"

    /// A ledger with the accounts named, each holding one row: imported under unrelated names,
    /// then renamed (an import refuses a name that looks like an existing account's).
    private func ledger(_ names: [String]) throws -> CLIHarness {
        let cli = try CLIHarness()
        let file = try cli.write("one.csv", statement)
        for (name, placeholder) in zip(names, ["Alpha", "Bravo", "Charlie", "Delta"]) {
            #expect(
                cli.run("import", file, "--account", placeholder, "--currency", "USD") == 0,
                "\(placeholder): \(cli.errors)")
            #expect(cli.run("accounts", "rename", placeholder, name) == 0, "\(name): \(cli.errors)")
        }
        return cli
    }

    @Test(
        "a name in another case, a prefix or a short form finds the one account",
        arguments: [
            "example savings bank checking ••••6789", "Example Sav", "checking", "6789", "••••6789", "bank 6789",
        ]
    )
    func resolves(typed: String) throws {
        let cli = try ledger(["Example Savings Bank checking ••••6789", "Card ••••3002"])
        #expect(cli.run("transactions", "--account", typed, "--json") == 0, "\(cli.errors)")
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.map { $0["account"] as? String } == ["Example Savings Bank checking ••••6789"])
        #expect(cli.run("reconcile", typed) == 0, "\(cli.errors)")
    }

    @Test("an exact name wins over a case-insensitive or prefix match")
    func exactFirst() throws {
        let cli = try ledger(["Savings", "Savings 2"])
        #expect(cli.run("reconcile", "Savings") == 0)
        #expect(cli.output.contains("Savings has no checkpoints yet"))
        #expect(cli.run("reconcile", "savings") == 0)
        #expect(cli.output.contains("Savings has no checkpoints yet"))
    }

    @Test("a name that fits several accounts exits 1 listing them, and picks none")
    func ambiguous() throws {
        let cli = try ledger(["Savings ••••1111", "Savings ••••2222"])
        #expect(cli.run("transactions", "--account", "sav") == 1)
        #expect(
            cli.errors
                == "ledgerport: \"sav\" names more than one account: \"Savings ••••1111\", \"Savings ••••2222\"; expected one of them, spelled out\n"
        )
        #expect(cli.output.isEmpty)
        #expect(cli.run("reconcile", "Savings", "--balance", "1.00", "--as-of", "2024-03-31") == 1)
        #expect(cli.run("reconcile", "savings ••••2222", "--balance", "1.00", "--as-of", "2024-03-31") == 0)
    }

    @Test("an unknown name exits 1 suggesting the closest account")
    func didYouMean() throws {
        let cli = try ledger(["Checking", "Savings"])
        #expect(cli.run("transactions", "--account", "Chekcing") == 1)
        #expect(cli.errors.contains("no account named \"Chekcing\"; did you mean \"Checking\"?"))
        #expect(cli.run("accounts", "rename", "Savigns", "Rainy day") == 1)
        #expect(cli.errors.contains("did you mean \"Savings\"?"))
        #expect(cli.run("reconcile", "Brokerage") == 1)
        #expect(cli.errors == "ledgerport: no account named \"Brokerage\" (`ledgerport accounts` lists them)\n")
    }

    @Test(
        "import --account refuses a name that only looks like an existing account's, and writes nothing",
        arguments: ["checking", "Checkng", "Check", "CHECKING"])
    func importLookalike(typed: String) throws {
        let cli = try ledger(["Checking"])
        let file = try cli.write("two.csv", "Date,Description,Amount\n2024-03-05,Tea,-2.10\n")
        #expect(cli.run("import", file, "--account", typed, "--currency", "USD") == 1)
        #expect(cli.errors.contains("looks like \"Checking\""), "\(cli.errors)")
        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(accounts.map { $0["name"] as? String } == ["Checking"])
        #expect(accounts.first?["transactions"] as? Int == 1)
    }

    @Test("import --account with an exact name imports into it; a name unlike any creates an account")
    func importExactOrNew() throws {
        let cli = try ledger(["Checking"])
        let file = try cli.write("two.csv", "Date,Description,Amount\n2024-03-05,Tea,-2.10\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("import", file, "--account", "Brokerage", "--currency", "USD") == 0)
        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(accounts.map { $0["name"] as? String } == ["Brokerage", "Checking"])
    }
}
