import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerCLI
@testable import LedgerStore

/// `commodities` and `commodities add` on a PostgreSQL ledger: the same declarations, refusals
/// and listings as on a SQLite ledger, and an import in a declared commodity.
@Suite("commodities on PostgreSQL do what they do on SQLite")
struct PostgresCommodityTests {
    @Test("declaring, declaring again, other digits, an ISO code and the listing are the same on both stores")
    func sameDeclarations() throws {
        let held = ["commodities", "add", "BTC", "--digits", "2"]
        try PostgresReadSupport.expectSameOnBoth(
            [
                ["commodities"], ["commodities", "add", "BTC", "--digits", "8"],
                ["commodities", "add", "btc", "--digits", "8"],
                ["commodities", "add", "FUND1", "--digits", "4", "--json"],
                ["commodities", "add", "FUND1", "--digits", "3"],
                ["commodities", "add", "EUR", "--digits", "2"], ["commodities", "--json"],
                [
                    "import", PostgresReadSupport.sample("csv/us-checking.csv"), "--account", "Wallet", "--currency",
                    "BTC",
                ],
                // BTC is held now: other digits are refused, whoever asks.
                held, ["commodities", "--json"], ["accounts"], ["report", "--json"],
            ], failing: [held, ["commodities"]])
    }

    @Test("a commodity declared on PostgreSQL is there for the next process, and its digits stay")
    func declaredStays() throws {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        // `commodities add` creates the ledger, as on SQLite.
        #expect(cli.run(options + ["commodities", "add", "ETH", "--digits", "9"]) == 0, "\(cli.errors)")
        let ledger = try PostgresLedger(
            connection: try PostgresConnection(try postgresServer().connectionString), name: name)
        let stored = try ledger.storedCommodities()
        #expect(stored.map(\.commodity.code) == ["ETH"])
        #expect(stored.first?.commodity.minorDigits == 9)
        #expect(stored.first?.isDeclaredByUser == true)
        #expect(ledger.commodities.currency(code: "ETH")?.minorDigits == 9)
    }

    @Test("two connections declaring one unheld code with other digits in turn: the later digits stand, once")
    func declarationsInTurn() throws {
        let name = freshLedgerName()
        let server = try postgresServer().connectionString
        let first = try PostgresLedger(connection: try PostgresConnection(server), name: name)
        let second = try PostgresLedger(connection: try PostgresConnection(server), name: name)
        let results = try [4, 6].map { digits in
            try (digits == 4 ? first : second).declareCommodity(
                try Currency.declared(code: "PTS", minorDigits: digits, at: .file("test")))
        }
        #expect(results == [true, true])
        // No account holds PTS: the later declaration's digits stand, once.
        #expect(try first.storedCommodities().map(\.commodity.minorDigits) == [6])
    }
}
