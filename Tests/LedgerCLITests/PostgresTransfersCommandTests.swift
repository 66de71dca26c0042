import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// `transfers`, `transfers match`, `transfers confirm` and `transfers split` on a PostgreSQL
/// ledger, and the pairing `import`, `transactions delete` and `imports undo` run after their
/// writes: each series of commands prints the same on a SQLite ledger and on a PostgreSQL one.
@Suite("transfers on PostgreSQL do what they do on SQLite")
struct PostgresTransfersCommandTests {
    /// Rows 1 to 4.
    static let checking = """
        Date,Description,Amount
        2024-03-01,Coffee,-3.80
        2024-03-05,Transfer to savings,-500.00
        2024-03-10,To savings A,-100.00
        2024-03-20,Card payment,-250.00

        """
    /// Rows 5 to 8: 5 pairs with 2; 6 and 7 are equally good for 3; 8 is 8 days after 4.
    static let savings = """
        Date,Description,Amount
        2024-03-06,From checking,500.00
        2024-03-11,Deposit A,100.00
        2024-03-11,Deposit B,100.00
        2024-03-28,Late deposit,250.00

        """
    /// Files the card payment under a transfer category.
    static let rules = """
        {"rules": [{"id": "card", "when": {"description": "^card payment"}, "set": {"category": "[Card]"}}]}
        """

    /// A harness with the files written, and the two imports' steps.
    static func imported() throws -> (cli: CLIHarness, steps: [[String]]) {
        let cli = try CLIHarness()
        let rules = try cli.write("rules.json", rules)
        return (
            cli,
            [
                [
                    "import", try cli.write("checking.csv", checking), "--account", "Checking", "--currency", "USD",
                    "--rules", rules,
                ],
                [
                    "import", try cli.write("savings.csv", savings), "--account", "Savings", "--currency", "USD",
                    "--rules", rules,
                ],
            ]
        )
    }

    @Test("the listing and its candidates, match, confirm and its refusals, split, the same on both stores")
    func sameTransfers() throws {
        let (cli, imports) = try Self.imported()
        let postgres = try cli.expectSameOnBoth(
            [["transfers"], ["transfers", "match"]] + imports + [
                ["transfers"], ["transfers", "--json"], ["transfers", "--days", "10"],
                ["transfers", "--account", "Savings", "--from", "2024-03-06", "--to", "2024-03-11", "--json"],
                ["transfers", "confirm", "3", "6"],
                ["transfers", "confirm", "3", "7", "--json"],
                ["transfers", "confirm", "1", "6"],
                ["transfers", "confirm", "6", "3"],
                ["transfers", "confirm", "99", "6"],
                ["transfers", "confirm", "2", "5", "--json"],
                ["transfers", "match", "--days", "10", "--json"],
                ["transfers", "--json"],
                ["transfers", "split", "3"],
                ["transfers", "match", "--days", "10"],
                ["transfers", "split", "3", "--json"],
                ["transfers", "split", "1", "--json"],
                ["transfers", "match"],
                ["transfers"], ["transfers", "--days", "10", "--json"],
            ])
        // Not vacuous: the server's ledger holds the pair confirmed by hand (3 and 6) only, both
        // split pairs refused for good, and lists the row filed under a transfer category.
        #expect(cli.run(postgres + ["transfers", "--json"]) == 0)
        let listing = try #require(try cli.json() as? [String: Any])
        let transfers = try #require(listing["transfers"] as? [[String: Any]])
        #expect(transfers.map { $0["state"] as? String } == ["confirmed"])
        #expect((transfers.first?["out"] as? [String: Any])?["id"] as? Int == 3)
        #expect(cli.run(postgres + ["transfers", "--days", "10"]) == 0)
        #expect(cli.output.contains("category [Card]"))
    }

    @Test("import, transactions delete and imports undo pair the rows again afterwards, the same on both stores")
    func pairingAfterWrites() throws {
        let (cli, imports) = try Self.imported()
        let postgres = try cli.expectSameOnBoth(
            imports + [
                ["transfers", "--json"],
                // Deposit B gone: Deposit A is the one counterpart of row 3 now.
                ["transactions", "delete", "7", "--dry-run"],
                ["transfers"],
                ["transactions", "delete", "7"],
                ["transfers", "--json"],
                ["imports", "undo", "2", "--dry-run"],
                ["transfers"],
                ["imports", "undo", "2", "--json"],
                ["transfers", "--json"],
            ])
        #expect(cli.run(postgres + ["transfers", "--json"]) == 0)
        let listing = try #require(try cli.json() as? [String: Any])
        #expect((listing["transfers"] as? [Any])?.isEmpty == true)
    }

    @Test("a sync pairs the feed's transfers on the server as on SQLite")
    func syncPairs() throws {
        let cli = try CLIHarness()
        let postgres = try cli.expectSameOnBoth([
            ["sync", PostgresImportTests.sample("feed")], ["transfers"], ["transfers", "--json"],
        ])
        #expect(cli.run(postgres + ["transfers", "--json"]) == 0)
        let listing = try #require(try cli.json() as? [String: Any])
        // Checking to savings (500.00), and the card's payment (276.30).
        #expect((listing["transfers"] as? [Any])?.count == 2)
    }

    @Test("an import pairs on the server as on SQLite: the pair is there before any transfers match")
    func importPairs() throws {
        let (cli, imports) = try Self.imported()
        let options = try CLIHarness.postgresOptions(ledger: freshLedgerName())
        for step in imports { #expect(cli.run(options + step) == 0, "\(cli.errors)") }
        #expect(cli.run(options + ["transfers", "--json"]) == 0)
        let listing = try #require(try cli.json() as? [String: Any])
        let transfers = try #require(listing["transfers"] as? [[String: Any]])
        #expect(transfers.count == 1)
        #expect((transfers.first?["out"] as? [String: Any])?["id"] as? Int == 2)
        #expect((transfers.first?["in"] as? [String: Any])?["id"] as? Int == 5)
    }
}
