import Foundation
import LedgerTestSupport
import Testing

/// `ledgerport add "SENTENCE"`: a quick add that never guesses the amount and says "added" only
/// for a save that landed (issue 19).
@Suite("add command")
struct AddCommandTests {
    /// A ledger with a Checking account in EUR holding one row, on Saturday 2024-03-09.
    func harness() throws -> CLIHarness {
        let cli = try CLIHarness()
        cli.environment["LEDGERPORT_TODAY"] = "2024-03-09"
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-03-01,Salary,2000.00\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0, "\(cli.errors)")
        return cli
    }

    func rows(_ cli: CLIHarness) throws -> [[String: Any]] {
        #expect(cli.run("transactions", "--json") == 0, "\(cli.errors)")
        return try #require(try cli.json() as? [[String: Any]])
    }

    @Test("the issue's sentence is stored as read: the amount, yesterday, the title, a keyword's category")
    func bakery() throws {
        let cli = try harness()
        #expect(cli.run("add", "24.50 at the bakery yesterday", "--account", "Checking", "--dry-run") == 0)
        #expect(cli.output == "would add: 2024-03-08  bakery  -24.50 EUR  Groceries (keyword \"bakery\")  Checking\n")
        #expect(try rows(cli).count == 1)
        #expect(cli.run("add", "24.50 at the bakery yesterday", "--account", "Checking", "--yes") == 0, "\(cli.errors)")
        let printed = cli.output
        let added = try #require(try rows(cli).first { $0["description"] as? String == "bakery" })
        let id = try #require(added["id"] as? Int)
        #expect(printed == "added \(id): 2024-03-08  bakery  -24.50 EUR  Groceries (keyword \"bakery\")  Checking\n")
        #expect(added["amount"] as? String == "24.50")
        #expect(added["direction"] as? String == "debit")
        #expect(added["date"] as? String == "2024-03-08")
        #expect(added["category"] as? String == "Groceries")
        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(accounts.first?["balance"] as? String == "1975.50")
    }

    @Test("the id is printed once the row is stored, and the next add of the same title follows it")
    func followsLatest() throws {
        let cli = try harness()
        #expect(cli.run("add", "bakery 3.20", "--account", "Checking", "--category", "Bread", "--yes") == 0)
        let first = try #require(try rows(cli).first { $0["description"] as? String == "bakery" }?["id"] as? Int)
        #expect(cli.run("add", "bakery 4,10 today", "--yes") == 0, "\(cli.errors)")
        #expect(cli.output.hasPrefix("added "))
        #expect(cli.output.contains("Bread (like transaction \(first) on 2024-03-09)  Checking"))
        let bakery = try rows(cli).filter { $0["description"] as? String == "bakery" }
        #expect(bakery.map { $0["amount"] as? String } == ["3.20", "4.10"])
        #expect(bakery.map { $0["category"] as? String } == ["Bread", "Bread"])
    }

    @Test(
        "no amount: \"How much is it?\", exit 2, nothing written",
        arguments: [
            ["add", "coffee yesterday", "--account", "Checking", "--yes"],
            ["add", "coffee 0", "--account", "Checking", "--yes"],
            ["add", "coffee -3", "--account", "Checking", "--yes"],
            ["add", "coffee 3", "--amount", "0", "--account", "Checking", "--yes"],
        ])
    func noAmount(arguments: [String]) throws {
        let cli = try harness()
        #expect(cli.run(arguments) == 2)
        #expect(cli.errors.contains("How much is it?"))
        #expect(try rows(cli).count == 1)
    }

    @Test("refusals write nothing: two readings, too many decimals, another currency, no account, not a terminal")
    func refusals() throws {
        let cli = try harness()
        #expect(cli.run("add", "rent 1,200", "--account", "Checking", "--yes") == 2)
        #expect(cli.errors.contains("\"1,200\" could be 1200 or 1.200"))
        #expect(cli.run("add", "coffee 3.5555", "--account", "Checking", "--yes") == 2)
        #expect(cli.errors.contains("has more decimals than EUR allows"))
        #expect(cli.run("add", "coffee 99999999999999999999", "--account", "Checking", "--yes") == 2)
        #expect(cli.errors.contains("\"99999999999999999999\" is too large for an amount"))
        #expect(cli.run("add", "coffee 999999999999999999", "--account", "Checking", "--yes") == 2)
        #expect(cli.errors.contains("999999999999999999 is too large for an amount"))
        #expect(cli.run("add", "hotel 120 USD", "--account", "Checking", "--yes") == 2)
        #expect(cli.errors.contains("the sentence says USD"))
        #expect(cli.run("add", "hotel 120", "--yes") == 2)
        #expect(cli.errors.contains("Which account?"))
        #expect(cli.run("add", "hotel 120", "--account", "Checking") == 2)
        #expect(cli.errors.contains("pass --yes"))
        #expect(cli.run("add", "hotel 120", "--account", "Nowhere", "--yes") == 1)
        #expect(try rows(cli).count == 1)
    }

    @Test("on a terminal it asks: no adds nothing (exit 1), yes adds")
    func confirms() throws {
        let cli = try harness()
        cli.typed = ["n"]
        #expect(cli.run("add", "lunch 12.50", "--account", "Checking") == 1)
        #expect(
            cli.errors.contains("add 2024-03-09  lunch  -12.50 EUR  Eating out (keyword \"lunch\")  Checking? [y/N]"))
        #expect(cli.errors.contains("not added"))
        #expect(!cli.output.contains("added"))
        #expect(try rows(cli).count == 1)
        cli.typed = ["y"]
        #expect(cli.run("add", "lunch 12.50", "--account", "Checking") == 0)
        #expect(cli.output.hasPrefix("added "))
        #expect(try rows(cli).count == 2)
    }

    @Test("options win over the sentence; money-in words make a credit")
    func optionsWin() throws {
        let cli = try harness()
        #expect(
            cli.run(
                "add", "refund from the shop 12.99 yesterday", "--amount", "15", "--date", "2024-03-02",
                "--category", "Gifts", "--account", "Checking", "--yes", "--json") == 0, "\(cli.errors)")
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["added"] as? Bool == true)
        #expect(result["amount"] as? String == "15.00")
        #expect(result["date"] as? String == "2024-03-02")
        #expect(result["direction"] as? String == "credit")
        #expect(result["category"] as? String == "Gifts")
        #expect(result["description"] as? String == "refund shop")
    }

    @Test("two identical coffees on one day are two rows, each its own import that undo takes back")
    func twice() throws {
        let cli = try harness()
        #expect(cli.run("add", "coffee 3.80", "--account", "Checking", "--yes") == 0)
        #expect(cli.run("add", "coffee 3.80", "--account", "Checking", "--yes") == 0)
        #expect(try rows(cli).filter { $0["description"] as? String == "coffee" }.count == 2)
        #expect(cli.run("imports", "--json") == 0)
        let imports = try #require(try cli.json() as? [[String: Any]])
        let added = imports.filter { $0["format"] as? String == "add" }
        #expect(added.count == 2)
        let last = try #require(added.compactMap { $0["id"] as? Int }.max())
        #expect(cli.run("imports", "undo", String(last)) == 0, "\(cli.errors)")
        #expect(try rows(cli).filter { $0["description"] as? String == "coffee" }.count == 1)
    }
}
