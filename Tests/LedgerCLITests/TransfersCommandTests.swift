import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// `ledgerport transfers`, `transfers match`, `transfers confirm`, `transfers split`, matching
/// after import, and transfers in exports.
@Suite("ledgerport transfers")
struct TransfersCommandTests {
    private let checking = """
        Date,Description,Amount
        2024-04-01,Transfer to savings,-500.00
        2024-04-02,Coffee Corner,-3.80
        2024-04-22,Transfer from savings,120.00

        """
    private let savings = """
        Date,Description,Amount
        2024-04-02,Transfer from checking,500.00
        2024-04-20,Transfer to checking,-120.00
        2024-04-30,Interest,1.17

        """

    /// A ledger with checking and savings imported (checking first unless `savingsFirst`).
    private func imported(savingsFirst: Bool = false) throws -> CLIHarness {
        let cli = try CLIHarness()
        let files = [
            ("checking.csv", checking, "Checking"), ("savings.csv", savings, "Savings"),
        ]
        for (name, text, account) in savingsFirst ? files.reversed() : files {
            let file = try cli.write(name, text)
            #expect(cli.run("import", file, "--account", account, "--currency", "USD") == 0, "\(cli.errors)")
        }
        return cli
    }

    /// The pairs as `out description → in description`, sorted.
    private func pairs(_ cli: CLIHarness) throws -> [String] {
        #expect(cli.run("transfers", "--json") == 0, "\(cli.errors)")
        let object = try #require(try cli.json() as? [String: Any])
        let transfers = try #require(object["transfers"] as? [[String: Any]])
        return transfers.compactMap { transfer in
            guard let out = transfer["out"] as? [String: Any], let into = transfer["in"] as? [String: Any] else {
                return nil
            }
            return "\(out["description"] ?? "") → \(into["description"] ?? "")"
        }.sorted()
    }

    /// The id of each transfer by its out row's description.
    private func transferIDs(_ cli: CLIHarness) throws -> [String: Int] {
        #expect(cli.run("transfers", "--json") == 0)
        let object = try #require(try cli.json() as? [String: Any])
        var ids: [String: Int] = [:]
        for transfer in try #require(object["transfers"] as? [[String: Any]]) {
            if let out = transfer["out"] as? [String: Any], let description = out["description"] as? String {
                ids[description] = transfer["id"] as? Int
            }
        }
        return ids
    }

    @Test("import pairs checking's and savings' transfers, the same whichever file comes first")
    func importMatches() throws {
        let expected = [
            "Transfer to checking → Transfer from savings", "Transfer to savings → Transfer from checking",
        ]
        #expect(try pairs(imported()) == expected)
        #expect(try pairs(imported(savingsFirst: true)) == expected)
    }

    @Test("the table lists each pair's two rows, money out first")
    func table() throws {
        let cli = try imported()
        #expect(cli.run("transfers") == 0)
        let lines = cli.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("TRANSFER  STATE") == true)
        #expect(lines.contains { $0.contains("matched") && $0.contains("Checking") && $0.contains("-500.00") })
        #expect(
            lines.contains { $0.contains("Savings") && $0.contains("500.00") && $0.contains("Transfer from checking") })
        #expect(cli.run("transfers", "--account", "Savings", "--from", "2024-04-15") == 0)
        #expect(cli.output.contains("-120.00") && !cli.output.contains("-500.00"))
    }

    @Test("split unpairs for good; confirm pairs again; match keeps both decisions")
    func splitAndConfirm() throws {
        let cli = try imported()
        let id = try #require(try transferIDs(cli)["Transfer to savings"])
        #expect(cli.run("transfers", "split", String(id)) == 0, "\(cli.errors)")
        #expect(cli.output.contains("won't be matched again"))
        #expect(cli.run("transfers", "match") == 0)
        #expect(try pairs(cli) == ["Transfer to checking → Transfer from savings"])
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        func rowID(_ description: String) -> String {
            String(rows.first { $0["description"] as? String == description }?["id"] as? Int ?? 0)
        }
        #expect(cli.run("transfers", "confirm", rowID("Transfer to savings"), rowID("Transfer from checking")) == 0)
        #expect(cli.run("transfers", "match") == 0)
        #expect(try pairs(cli).count == 2)
        #expect(cli.run("transfers") == 0)
        #expect(cli.output.contains("confirmed"))
    }

    @Test("confirm refuses rows of different amounts with exit 1 and says why; bad ids are usage errors")
    func confirmRefused() throws {
        let cli = try imported()
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        func rowID(_ description: String) -> String {
            String(rows.first { $0["description"] as? String == description }?["id"] as? Int ?? 0)
        }
        #expect(cli.run("transfers", "confirm", rowID("Coffee Corner"), rowID("Interest")) == 1)
        #expect(cli.errors.contains("can't be paired as a transfer"))
        #expect(cli.run("transfers", "confirm", "1") == 2)
        #expect(cli.run("transfers", "confirm", "x", "2") == 2)
        #expect(cli.run("transfers", "split", "999") == 1)
        #expect(cli.errors.contains("no transfer has id 999"))
        #expect(cli.run("transfers", "--days", "-1") == 2)
    }

    /// The text with each run of spaces made one space.
    private func squeezed(_ text: String) -> String {
        text.replacingOccurrences(of: " +", with: " ", options: .regularExpression)
    }

    @Test("exports write a matched transfer once, with both bank accounts; CSV keeps both rows with its id")
    func export() throws {
        let cli = try imported()
        #expect(cli.run("export", "--to", "hledger") == 0, "\(cli.errors)")
        let journal = squeezed(cli.output)
        #expect(journal.components(separatedBy: "Transfer to savings").count == 2)
        #expect(!journal.contains("Transfer from checking"))
        #expect(journal.contains("Assets:Bank:Checking -500.00 USD\n Assets:Bank:Savings 500.00 USD"))
        #expect(cli.run("export", "--to", "hledger", "--account", "Savings") == 0)
        #expect(cli.output.contains("Transfer from checking"))
        #expect(squeezed(cli.output).contains("Assets:Bank:Savings 500.00 USD\n Assets:Bank:Checking -500.00 USD"))
        // Savings is exported, but the checking row is before the window: the transfer's other
        // bank posting would count it twice there.
        #expect(cli.run("export", "--to", "hledger", "--from", "2024-04-02") == 0)
        #expect(squeezed(cli.output).contains("Assets:Bank:Savings 500.00 USD\n Equity:Transfers -500.00 USD"))
        #expect(cli.run("export", "--to", "csv") == 0)
        let lines = cli.output.split(separator: "\n")
        #expect(lines[0].hasSuffix(",transfer"))
        #expect(lines.filter { $0.contains("Transfer to savings") || $0.contains("Transfer from checking") }.count == 2)
    }

    @Test("undoing an import takes its rows' pairs with them")
    func undo() throws {
        let cli = try imported()
        #expect(try pairs(cli).count == 2)
        #expect(cli.run("imports", "undo", "2") == 0, "\(cli.errors)")
        #expect(try pairs(cli).isEmpty)
    }

    @Test("a pair whose one entry would break an assertion between its days is written against Equity:Transfers")
    func clearedAroundAssertion() throws {
        let cli = try imported()
        // Savings is asserted at the end of 2024-04-01, between the out row (04-01) and the in row (04-02).
        #expect(cli.run("reconcile", "Savings", "--balance", "0.00", "--as-of", "2024-04-01") == 0, "\(cli.errors)")
        #expect(cli.run("export", "--to", "hledger") == 0, "\(cli.errors)")
        let journal = squeezed(cli.output)
        #expect(journal.contains("Assets:Bank:Checking -500.00 USD\n Equity:Transfers 500.00 USD"))
        #expect(journal.contains("Assets:Bank:Savings 500.00 USD\n Equity:Transfers -500.00 USD"))
        // The pair of the 20th and the 22nd has no assertion between: one entry.
        #expect(journal.contains("Assets:Bank:Checking 120.00 USD\n Assets:Bank:Savings -120.00 USD"))
    }

    @Test("the bundled samples: checking and savings, and checking and the card, are matched once")
    func samples() throws {
        let cli = try ExportSamples.ledger()
        let found = try pairs(cli)
        #expect(found.contains("Transfer to savings → Transfer from checking"))
        #expect(found.contains("Rewards Visa payment → Payment - Thank you"))
        #expect(found.contains("Card payment → Payment, thank you"))
        #expect(cli.run("export", "--to", "hledger") == 0)
        let journal = squeezed(cli.output)
        // One entry each, with both bank accounts; the savings sides are not written again.
        let savings = "Assets:Bank:Everyday-Checking -500.00 USD\n Assets:Bank:High-Yield-Savings 500.00 USD"
        let card = "Assets:Bank:Everyday-Checking -842.16 USD\n Liabilities:Bank:Rewards-Visa 842.16 USD"
        #expect(journal.contains(savings))
        #expect(journal.contains(card))
        #expect(!journal.contains("Transfer from checking"))
        #expect(!journal.contains("Payment - Thank you"))
    }
}
