import Foundation
import LedgerTestSupport
import Testing

/// `ledgerport transactions --category` and the CATEGORY column: the categories a QIF register
/// files its rows under are usable, not only stored. Also the QIF `P` line as the row's payee.
@Suite("transactions by category")
struct TransactionsCategoryTests {
    let cli: CLIHarness

    init() throws {
        cli = try CLIHarness()
        let register = try cli.write(
            "checking.qif",
            """
            !Type:Bank
            D3/13/2024
            T-42.17
            PShell Oil 5521
            LAuto:Fuel
            ^
            D3/14/2024
            T-310.00
            PCity Garage
            LAuto/Business
            ^
            D3/15/2024
            T-12.00
            PAutomobile Club
            LAutomobile Club
            ^
            D3/18/2024
            T-150.00
            PMegaMart
            LGroceries
            SGroceries
            $-95.50
            SAUTO:Wash
            $-54.50
            ^
            D3/19/2024
            T200.00
            MTransfer in
            L[Savings]
            ^

            """)
        #expect(cli.run("import", register, "--currency", "USD", "--account", "Checking") == 0, "\(cli.errors)")
    }

    private func payees(_ arguments: String...) throws -> [String] {
        #expect(cli.run(["transactions"] + arguments + ["--json"]) == 0, "\(cli.errors)")
        let rows = try #require(try cli.json() as? [[String: Any]])
        return rows.map { $0["payee"] as? String ?? "-" }
    }

    @Test("--category takes the category, its subcategories and classes, and split lines, ignoring case")
    func categoryFilter() throws {
        #expect(try payees("--category", "auto") == ["Shell Oil 5521", "City Garage", "MegaMart"])
        #expect(try payees("--category", "Auto:Fuel") == ["Shell Oil 5521"])
        #expect(try payees("--category", "Automobile Club") == ["Automobile Club"])
        #expect(try payees("--category", "[Savings]") == ["-"])
        #expect(try payees("--category", "Rent").isEmpty)
    }

    @Test("--category combines with --limit and the other filters")
    func categoryWithLimit() throws {
        #expect(try payees("--category", "Auto", "--limit", "1") == ["Shell Oil 5521"])
        #expect(try payees("--category", "Auto", "--search", "garage") == ["City Garage"])
    }

    @Test("the table has a CATEGORY column before DESCRIPTION")
    func categoryColumn() throws {
        #expect(cli.run("transactions", "--category", "Auto:Fuel") == 0, "\(cli.errors)")
        let lines = cli.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0].contains("STATUS  CATEGORY   DESCRIPTION"))
        #expect(lines[1].contains("booked  Auto:Fuel  Shell Oil 5521"))
    }

    @Test("an empty --category is bad usage (exit 2)")
    func emptyCategory() {
        #expect(cli.run("transactions", "--category", "") == 2)
        #expect(cli.errors.contains("--category '' is empty"))
    }

    @Test("the QIF P line is the row's payee as well as its description")
    func payeeFromP() throws {
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.first?["payee"] as? String == "Shell Oil 5521")
        #expect(rows.first?["description"] as? String == "Shell Oil 5521")
        #expect(rows.last?["payee"] is NSNull, "no P: no payee")
    }
}
