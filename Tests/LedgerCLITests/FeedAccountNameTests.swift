import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// The feed's accounts have one name and are one account whichever way the feed arrived: an
/// import of its JSON Lines form or a sync of its folder, in either order.
@Suite("feed account names, import and sync alike")
struct FeedAccountNameTests {
    private let folder = Fixture.repositoryRoot.appendingPathComponent("samples/feed").path
    private let lines = Fixture.repositoryRoot.appendingPathComponent("samples/feed.jsonl").path
    private let expected = ["Card ••••3002", "Everyday ••••0AE7", "Rainy-day savings ••••47DA"]

    @Test(
        "import then sync, sync then import, or either alone: the same accounts with the same names",
        arguments: [["import"], ["sync"], ["import", "sync"], ["sync", "import"]])
    func sameNames(order: [String]) throws {
        let cli = try CLIHarness()
        for command in order {
            #expect(cli.run(command, command == "import" ? lines : folder) == 0, "\(command): \(cli.errors)")
        }
        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(accounts.map { $0["name"] as? String } == expected, "\(order)")
        let savings = accounts.first { $0["name"] as? String == "Rainy-day savings ••••47DA" }
        #expect(savings?["transactions"] as? Int == 2)
        #expect(savings?["balance"] as? String == "5504.12")
    }

    @Test("a name the person chose stays when the feed is synced or imported again")
    func chosenName() throws {
        let cli = try CLIHarness()
        #expect(cli.run("sync", folder) == 0)
        #expect(cli.run("accounts", "rename", "rainy", "Holiday fund") == 0)
        #expect(cli.run("import", lines) == 0)
        #expect(cli.run("accounts", "--json") == 0)
        let names = (try cli.json() as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Card ••••3002", "Everyday ••••0AE7", "Holiday fund"])
    }
}
