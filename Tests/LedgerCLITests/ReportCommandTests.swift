import Foundation
import LedgerTestSupport
import Testing

/// `ledgerport report`: the table and `--json` shapes, windows through the last day given, net
/// worth over time, and usage errors (a word after `report` is kept for subcommands).
@Suite("report command")
struct ReportCommandTests {
    let cli: CLIHarness

    /// A checking account in dollars over March and 1 April, categorised by a small rules file.
    init() throws {
        cli = try CLIHarness()
        let csv = try cli.write(
            "checking.csv",
            """
            Date,Description,Amount
            2024-03-02,Coffee Corner,-3.80
            2024-03-04,Grocery Market,-64.12
            2024-03-05,Payroll ACME,2150.00
            2024-03-18,Refund Grocery Market,10.00
            2024-04-01,Grocery Market,-20.00

            """)
        let rules = try cli.write(
            "rules.json",
            """
            {"rules": [
              {"id": "groceries", "when": {"description": "grocery"}, "set": {"category": "Food:Groceries"}},
              {"id": "salary", "when": {"description": "payroll"}, "set": {"category": "Income:Salary"}}
            ]}
            """)
        let code = cli.run("import", csv, "--account", "Checking", "--currency", "USD", "--rules", rules)
        #expect(code == 0, "\(cli.errors)")
    }

    @Test("--json by category through 31 March: income and spending as exact decimals, rows with no category first")
    func jsonByCategory() throws {
        #expect(cli.run("report", "--by", "category", "--from", "2024-03-01", "--to", "2024-03-31", "--json") == 0)
        let report = try #require(try cli.json() as? [String: Any])
        #expect(report["from"] as? String == "2024-03-01")
        #expect(report["to"] as? String == "2024-03-31")
        #expect(report["by"] as? String == "category")
        let lines = try #require(report["lines"] as? [[String: Any]])
        #expect(lines.map { $0["category"] as? String } == [nil, "Food:Groceries", "Income:Salary"])
        #expect(lines.map { $0["income"] as? String } == ["0.00", "10.00", "2150.00"])
        #expect(lines.map { $0["spending"] as? String } == ["3.80", "64.12", "0.00"])
        #expect(lines.map { $0["net"] as? String } == ["-3.80", "-54.12", "2150.00"])
        #expect(lines.map { $0["rows"] as? Int } == [1, 2, 1])
        #expect(lines.allSatisfy { $0["currency"] as? String == "USD" && $0["month"] == nil })
    }

    @Test("the table by month: one line per month and currency, 1 April in April")
    func tableByMonth() throws {
        #expect(cli.run("report", "--by", "month") == 0, "\(cli.errors)")
        #expect(
            cli.output == """
                MONTH    CURRENCY   INCOME  SPENDING      NET  ROWS
                2024-03  USD       2160.00     67.92  2092.08     4
                2024-04  USD          0.00     20.00   -20.00     1

                """)
    }

    @Test("--monthly by category gives each category a line per month")
    func monthlyByCategory() throws {
        #expect(cli.run("report", "--by", "category", "--monthly", "--json") == 0, "\(cli.errors)")
        let lines = try #require((try cli.json() as? [String: Any])?["lines"] as? [[String: Any]])
        #expect(
            lines.map { "\($0["month"] as? String ?? "") \($0["category"] as? String ?? "-")" } == [
                "2024-03 -", "2024-03 Food:Groceries", "2024-03 Income:Salary", "2024-04 Food:Groceries",
            ])
    }

    @Test("--net-worth --monthly: each month's end, the last month at the last day with a row")
    func netWorth() throws {
        #expect(cli.run("report", "--net-worth", "--monthly", "--json") == 0, "\(cli.errors)")
        let points = try #require((try cli.json() as? [String: Any])?["netWorth"] as? [[String: Any]])
        #expect(points.map { $0["day"] as? String } == ["2024-03-31", "2024-04-01"])
        #expect(points.map { $0["amount"] as? String } == ["2092.08", "2072.08"])
        #expect(cli.run("report", "--net-worth", "--to", "2024-03-04") == 0)
        #expect(cli.output == "DAY         CURRENCY  NET WORTH\n2024-03-04  USD          -67.92\n", "\(cli.output)")
    }

    @Test(
        "bad usage exits 2 and says what was expected",
        arguments: [
            (["report", "category"], "unknown subcommand 'category' of `report`"),
            (["report", "--by", "category", "extra"], "report takes no arguments, found 'extra'"),
            (
                ["report", "--by", "week"],
                "--by week is not a grouping; expected one of category, payee, month, account"
            ),
            (["report", "--net-worth", "--by", "category"], "--net-worth sums balances and takes no --by category"),
            (["report", "--from", "2024-04-01", "--to", "2024-03-31"], "--to 2024-03-31 is before --from 2024-04-01"),
        ])
    func usage(arguments: [String], message: String) {
        #expect(cli.run(arguments) == 2)
        #expect(cli.errors.contains(message), "\(cli.errors)")
    }
}
