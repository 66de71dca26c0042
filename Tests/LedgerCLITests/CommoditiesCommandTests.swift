import Foundation
import LedgerTestSupport
import Testing

/// `ledgerport commodities` and `commodities add`, and files in a declared commodity going through
/// `import`, `inspect`, `extract`, `accounts`, `transactions` and `reconcile` (issue 14).
@Suite("commodities command")
struct CommoditiesCommandTests {
    static let ofx = Fixture.url("OFX/commodity-btc-cash.ofx").path
    static let declareHint =
        "is neither an ISO 4217 currency nor a declared commodity; declare it with its decimals: "
        + "`ledgerport commodities add BTC --digits N`, or a mapping's \"commodities\" key ({\"BTC\": N})"

    @Test("add declares a commodity; the list shows it for people and as JSON; adding it again changes nothing")
    func addAndList() throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("commodities") == 0)
        #expect(cli.output.hasPrefix("No commodities declared"))
        #expect(cli.run("commodities", "--json") == 0)
        #expect(cli.output == "[]\n")
        #expect(cli.run("commodities", "add", "btc", "--digits", "8") == 0, "\(cli.errors)")
        #expect(cli.output == "declared BTC with 8 decimals (smallest amount 0.00000001)\n")
        #expect(cli.run("commodities", "add", "BTC", "--digits", "8") == 0)
        #expect(cli.output == "BTC is declared with 8 decimals already\n")
        #expect(cli.run("commodities", "add", "VWRL", "--digits", "6", "--json") == 0)
        let added = try #require(try cli.json() as? [String: Any])
        #expect(added["code"] as? String == "VWRL")
        #expect(added["minorDigits"] as? Int == 6)
        #expect(added["changed"] as? Bool == true)
        #expect(cli.run("commodities") == 0)
        #expect(
            cli.output.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            }
                == [
                    "CODE DECIMALS SMALLEST ACCOUNTS DECLARED BY", "BTC 8 0.00000001 0 commodities add",
                    "VWRL 6 0.000001 0 commodities add",
                ])
        #expect(cli.run("commodities", "--json") == 0)
        let listed = try #require(try cli.json() as? [[String: Any]])
        #expect(listed.map { $0["code"] as? String } == ["BTC", "VWRL"])
        #expect(listed.map { $0["minorDigits"] as? Int } == [8, 6])
        #expect(listed.map { $0["declaredBy"] as? String } == ["user", "user"])
    }

    @Test(
        "add refuses bad usage with exit 2: a bad code, decimals out of range, an ISO code with other decimals",
        arguments: [
            (["1BTC", "--digits", "8"], "\"1BTC\" is not a commodity code"),
            (["BTC", "--digits", "13"], "BTC has 13 decimals; expected 0 to 12"),
            (["BTC", "--digits", "eight"], "--digits eight is not a number of decimals"),
            (["BTC"], "commodities add needs --digits N"),
            (["eur", "--digits", "8"], "EUR is an ISO 4217 currency with 2 decimals; it can't be declared with 8"),
        ])
    func badUsage(arguments: [String], message: String) throws {
        let cli = try CLIHarness()
        #expect(cli.run(["commodities", "add"] + arguments) == 2)
        #expect(cli.errors.contains(message), "\(cli.errors)")
        #expect(cli.output.isEmpty)
    }

    @Test("an undeclared commodity stops import, inspect and extract at its place with how to declare it, exit 1")
    func undeclaredFile() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.ofx) == 1)
        #expect(cli.errors.contains("\(Self.ofx):35:1: error: <CURDEF> \"BTC\" " + Self.declareHint), "\(cli.errors)")
        #expect(cli.run("inspect", Self.ofx) == 1)
        #expect(cli.output.contains("\"BTC\" " + Self.declareHint), "\(cli.output)")
        #expect(cli.run("extract", Self.ofx) == 1)
        #expect(cli.errors.contains("\(Self.ofx):35:1: error: <CURDEF> \"BTC\" " + Self.declareHint))
    }

    @Test("once declared, a BTC statement imports exactly; its amounts print with 8 decimals; reconcile takes 8")
    func declaredFile() throws {
        let cli = try CLIHarness()
        #expect(cli.run("commodities", "add", "BTC", "--digits", "8") == 0)
        #expect(cli.run("inspect", Self.ofx) == 0, "\(cli.output)\(cli.errors)")
        #expect(cli.run("extract", Self.ofx) == 0, "\(cli.errors)")
        #expect(cli.output.contains("\"amount\":\"0.00012345\""), "\(cli.output)")
        #expect(cli.run("import", Self.ofx) == 0, "\(cli.errors)")
        #expect(cli.run("accounts", "--json") == 0)
        let account = try #require((try cli.json() as? [[String: Any]])?.first)
        #expect(account["currency"] as? String == "BTC")
        #expect(account["balance"] as? String == "0.03987667")
        #expect(cli.run("transactions", "--json") == 0)
        let amounts = try #require(try cli.json() as? [[String: Any]]).compactMap { $0["amount"] as? String }
        #expect(amounts.sorted() == ["0.00000012", "0.00012345", "0.01000000", "0.05000000"])
        #expect(cli.run("transactions") == 0)
        #expect(cli.output.contains("0.00012345"))
        let name = try #require(account["name"] as? String)
        #expect(
            cli.run("reconcile", name, "--balance", "0.03987667", "--as-of", "2024-03-31") == 0, "\(cli.errors)")
        #expect(cli.run("reconcile", name, "--balance", "0.123456789", "--as-of", "2024-03-31") == 2)
        #expect(cli.run("import", Self.ofx) == 0)
        #expect(cli.run("commodities", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.first?["accounts"] as? Int == 1)
        #expect(cli.run("commodities", "add", "BTC", "--digits", "6") == 1)
        #expect(
            cli.errors.contains(
                "BTC is declared with 8 decimals and 1 account holds it, so it can't become 6 decimals"))
        #expect(cli.run("check") == 0, "\(cli.output)")
    }

    @Test("--currency names a declared commodity for a file that states none; an undeclared one is bad usage")
    func currencyOption() throws {
        let cli = try CLIHarness()
        let file = try cli.write("wallet.csv", "Date,Description,Amount\n2024-03-02,Network fee,-0.00012345\n")
        #expect(cli.run("import", file, "--account", "Wallet", "--currency", "BTC") == 2)
        #expect(cli.errors.contains("`ledgerport commodities add BTC --digits N`"), "\(cli.errors)")
        #expect(cli.run("commodities", "add", "BTC", "--digits", "8") == 0)
        #expect(cli.run("import", file, "--account", "Wallet", "--currency", "btc") == 0, "\(cli.errors)")
        #expect(cli.run("transactions", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.first?["amount"] as? String == "0.00012345")
    }

    @Test(
        "commodities add creates a missing ledger: a first --currency BTC import asks for it before any ledger exists")
    func addCreatesTheLedger() throws {
        let cli = try CLIHarness()
        let file = try cli.write("wallet.qif", "!Type:Cash\nD3/15/2024\nT-0.00012345\nPCoffee\n^\n")
        #expect(cli.run("import", file, "--account", "Wallet", "--currency", "BTC") == 2)
        #expect(cli.errors.contains("`ledgerport commodities add BTC --digits N`"), "\(cli.errors)")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath), "the stopped import created no ledger")
        #expect(cli.run("commodities", "add", "BTC", "--digits", "8") == 0, "\(cli.errors)")
        #expect(FileManager.default.fileExists(atPath: cli.databasePath))
        #expect(cli.run("import", file, "--account", "Wallet", "--currency", "BTC") == 0, "\(cli.errors)")
    }
}
