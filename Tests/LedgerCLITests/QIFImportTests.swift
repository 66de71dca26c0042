import Foundation
import LedgerTestSupport
import Testing

/// A QIF file end to end: detected, imported with the currency and account the user names,
/// categories and split lines stored and listed.
@Suite("import of QIF files")
struct QIFImportTests {
    static func fixture(_ name: String) -> String { Fixture.url("QIF/\(name)").path }

    @Test("a QIF register needs --currency (exit 2) and --account (exit 2), then imports; again adds nothing")
    func choices() throws {
        let cli = try CLIHarness()
        let file = Self.fixture("splits.qif")
        #expect(cli.run("import", file, "--account", "Checking") == 2)
        #expect(cli.errors.contains("doesn't say which currency"))
        #expect(cli.run("import", file, "--currency", "USD") == 2)
        #expect(cli.errors.contains("doesn't say which account"))
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0, "\(cli.errors)")
        #expect(cli.run("import", file, "--account", "Checking", "--json") == 0, "\(cli.errors)")
        let report = try #require(try cli.json() as? [String: Any])
        #expect(report["inserted"] as? Int == 0)
    }

    @Test("categories, transfers and split lines are stored and listed by transactions --json")
    func categoriesListed() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.fixture("splits.qif"), "--currency", "USD", "--account", "Checking") == 0)
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.map { $0["category"] as? String } == ["Groceries", nil])
        let splits = try #require(rows.first?["splits"] as? [[String: Any]])
        #expect(splits.map { $0["category"] as? String } == ["Groceries", "Household", "[Savings]"])
        #expect(splits.map { $0["amount"] as? String } == ["95.50", "64.50", "10.00"])
        #expect(splits.map { $0["direction"] as? String } == ["debit", "debit", "credit"])
    }

    @Test("several accounts with AutoSwitch become one account each, named by their N line")
    func severalAccounts() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.fixture("accounts-autoswitch.qif"), "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(
            accounts.compactMap { $0["name"] as? String } == [
                "Everyday Checking", "High Yield Savings", "Rewards Visa",
            ])
        #expect(accounts.compactMap { $0["type"] as? String } == ["asset", "asset", "liability"])
    }

    @Test(
        "all-ambiguous dates stop the import (exit 1) until --option date-order says; an unknown order is bad usage (exit 2)"
    )
    func dateOrder() throws {
        let cli = try CLIHarness()
        let file = Self.fixture("error-ambiguous-dates.qif")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 1)
        #expect(cli.errors.contains("--option date-order=dmy"))
        #expect(
            cli.run("import", file, "--currency", "USD", "--account", "Checking", "--option", "date-order=ymd") == 2)
        #expect(cli.errors.contains("date-order \"ymd\" is not an order; expected dmy or mdy"))
        #expect(
            cli.run("import", file, "--currency", "USD", "--account", "Checking", "--option", "date-order=dmy") == 0)
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.compactMap { $0["date"] as? String } == ["2024-02-01", "2024-04-03", "2024-05-05"])
    }

    @Test("a dry run reads a QIF file with its investment records reported as skipped")
    func dryRunSkipped() throws {
        let cli = try CLIHarness()
        let code = cli.run(
            "import", Self.fixture("invst-skipped.qif"), "--currency", "USD", "--account", "Brokerage cash", "--dry-run"
        )
        #expect(code == 0, "\(cli.errors)")
        #expect(cli.output.contains("3"), "\(cli.output)")
        #expect(cli.output.contains("investment transactions (!Type:Invst)"), "\(cli.output)")
    }
}
