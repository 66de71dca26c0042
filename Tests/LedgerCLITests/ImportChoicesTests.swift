import Foundation
import LedgerTestSupport
import Testing

private let rows = "Date,Description,Amount\n2024-03-02,Coffee,-3.80\n"

/// What `import` asks of the user instead of guessing: the account of a file that doesn't name
/// one, the currency of a file that states none.
@Suite("import asks for what the file doesn't say")
struct ImportChoicesTests {
    @Test("a generic CSV without --account is refused with exit 2, naming the existing accounts; no account is made")
    func accountRequired() throws {
        let cli = try CLIHarness()
        let march = try cli.write("march.csv", rows)
        let april = try cli.write("april.csv", "Date,Description,Amount\n2024-04-02,Tea,-2.10\n")
        #expect(cli.run("import", march, "--currency", "USD") == 2)
        #expect(
            cli.errors
                == "ledgerport: \(march) doesn't say which account it belongs to; name one with --account NAME\n")
        #expect(cli.run("import", march, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("import", april, "--currency", "USD", "--json") == 2)
        #expect(
            cli.errors
                == "ledgerport: \(april) doesn't say which account it belongs to; name one with --account NAME "
                + "(existing accounts: Checking)\n")
        let failure = try #require((try cli.json() as? [String: Any])?["failure"] as? [String: Any])
        #expect(failure["needs"] as? String == "--account")
        #expect(cli.run("accounts", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Checking"])
    }

    @Test("files that name their account need no --account", arguments: ["ofx/checking-v102.ofx", "feed.jsonl"])
    func selfNamingFormats(sample: String) throws {
        let cli = try CLIHarness()
        let path = Fixture.repositoryRoot.appendingPathComponent("samples/" + sample).path
        #expect(cli.run("import", path) == 0, "\(cli.errors)")
    }

    @Test("a mapping that names its account needs no --account")
    func mappingNamesAccount() throws {
        let cli = try CLIHarness()
        let path = Fixture.repositoryRoot.appendingPathComponent("samples/csv/paypal-activity.csv").path
        #expect(cli.run("import", path) == 0, "\(cli.errors)")
    }

    @Test("a file that states no currency needs --currency (exit 2); the generic mapping assumes none")
    func currencyRequired() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", rows)
        #expect(cli.run("import", file, "--account", "Checking") == 2)
        #expect(
            cli.errors
                == "ledgerport: \(file) doesn't say which currency its amounts are in; "
                + "name one with --currency CODE (an ISO 4217 code such as EUR or USD)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "eur") == 0)
        #expect(cli.run("accounts", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.first?["currency"] as? String == "EUR")
    }

    @Test("an existing account's currency is used for a file that states none")
    func accountCurrency() throws {
        let cli = try CLIHarness()
        let march = try cli.write("march.csv", rows)
        let april = try cli.write("april.csv", "Date,Description,Amount\n2024-04-02,Tea,-2.10\n")
        #expect(cli.run("import", march, "--account", "Giro", "--currency", "EUR") == 0)
        #expect(cli.run("import", april, "--account", "Giro", "--json") == 0, "\(cli.errors)")
        #expect(cli.run("transactions", "--json") == 0)
        let currencies = (try cli.json() as? [[String: Any]])?.compactMap { $0["currency"] as? String }
        #expect(currencies == ["EUR", "EUR"])
    }

    @Test("a currency column in the file wins; --currency doesn't convert it", arguments: ["USD", "EUR"])
    func currencyColumn(given: String) throws {
        let cli = try CLIHarness()
        let file = try cli.write("fx.csv", "Date,Description,Amount,Currency\n2024-03-02,Coffee,-3.80,GBP\n")
        #expect(cli.run("import", file, "--account", "Card", "--currency", given) == 0, "\(cli.errors)")
        #expect(cli.run("accounts", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.first?["currency"] as? String == "GBP")
    }

    @Test(
        "--currency must be an ISO 4217 code: anything else is bad usage, exit 2",
        arguments: ["dollars", "US", "XYZ", ""])
    func badCurrency(code: String) throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", rows)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", code) == 2)
        #expect(cli.errors.contains("is not a currency; expected an ISO 4217 code such as EUR or USD"))
        #expect(cli.output.isEmpty)
    }
}
