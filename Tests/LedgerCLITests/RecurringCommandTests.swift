import Foundation
import LedgerTestSupport
import Testing

/// `ledgerport recurring …` and `upcoming`: charges written exactly once, one list of recorded
/// and upcoming money (issue 19).
@Suite("recurring and upcoming commands")
struct RecurringCommandTests {
    func harness(today: String = "2024-03-20") throws -> CLIHarness {
        let cli = try CLIHarness()
        cli.environment["LEDGERPORT_TODAY"] = today
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Salary,3000.00\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0, "\(cli.errors)")
        return cli
    }

    func rows(_ cli: CLIHarness) throws -> [[String: Any]] {
        #expect(cli.run("transactions", "--json") == 0, "\(cli.errors)")
        return try #require(try cli.json() as? [[String: Any]])
    }

    @Test("add, catch-up twice, show: each due month once, the mark at today")
    func catchUpOnce() throws {
        let cli = try harness()
        #expect(
            cli.run(
                "recurring", "add", "Rent", "--account", "Checking", "--amount", "1200.00", "--direction", "debit",
                "--every", "month", "--from", "2024-01-31", "--category", "Housing") == 0, "\(cli.errors)")
        #expect(cli.run("recurring", "catch-up") == 0, "\(cli.errors)")
        #expect(
            cli.output.split(separator: "\n") == [
                "booked Rent on 2024-01-31: -1200.00 EUR (Checking)",
                "booked Rent on 2024-02-29: -1200.00 EUR (Checking)",
            ])
        #expect(cli.run("recurring", "catch-up") == 0)
        #expect(cli.output == "nothing due through 2024-03-20\n")
        #expect(try rows(cli).filter { $0["description"] as? String == "Rent" }.count == 2)
        #expect(cli.run("recurring", "show", "Rent", "--json") == 0)
        let shown = try #require(try cli.json() as? [String: Any])
        #expect((shown["rule"] as? [String: Any])?["mark"] as? String == "2024-03-20")
        #expect((shown["charges"] as? [[String: Any]])?.map { $0["state"] as? String } == ["booked", "booked"])
        // One merge: the same list from `transactions --with-upcoming` and `upcoming`, stable ids.
        #expect(
            cli.run("transactions", "--with-upcoming", "--from", "2024-02-01", "--to", "2024-04-30", "--json") == 0,
            "\(cli.errors)")
        let merged = try #require(try cli.json() as? [[String: Any]])
        #expect(merged.map { $0["id"] as? String }.first == "r:1:2024-04-30")
        #expect(merged.map { $0["kind"] as? String } == ["upcoming", "upcoming", "recorded"])
        // A charge that happened keeps the id it had while upcoming.
        #expect(merged.map { $0["id"] as? String } == ["r:1:2024-04-30", "r:1:2024-03-31", "r:1:2024-02-29"])
        #expect(cli.run("upcoming", "--from", "2024-02-01", "--to", "2024-04-30", "--json") == 0)
        #expect(try cli.json() as? [[String: Any]] == nil || cli.output.contains("r:1:2024-03-31"))
    }

    @Test("an import runs the catch-up and settles a scheduled charge with the bank's row, counted once")
    func importSettles() throws {
        let cli = try harness()
        #expect(
            cli.run(
                "recurring", "add", "Gym", "--account", "Checking", "--amount", "30", "--direction", "debit",
                "--every", "month", "--from", "2024-03-01", "--settle", "import", "--window", "3") == 0,
            "\(cli.errors)")
        #expect(cli.run("recurring", "catch-up", "--through", "2024-03-01") == 0)
        #expect(cli.output == "scheduled Gym on 2024-03-01: -30.00 EUR (Checking)\n")
        #expect(cli.run("accounts", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.first?["balance"] as? String == "3000.00")
        let file = try cli.write("mar.csv", "Date,Description,Amount\n2024-03-02,FITNESS CLUB,-30.00\n")
        #expect(cli.run("import", file, "--account", "Checking") == 0, "\(cli.errors)")
        #expect(cli.errors.contains("note: recurring catch-up settled 1 charge"))
        #expect(cli.run("accounts", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.first?["balance"] as? String == "2970.00")
        #expect(cli.run("upcoming", "--from", "2024-03-01", "--to", "2024-04-05", "--json") == 0, "\(cli.errors)")
        let entries = try #require(try cli.json() as? [[String: Any]])
        #expect(entries.map { $0["kind"] as? String } == ["upcoming", "recorded"])
        #expect(entries.map { $0["id"] as? String } == ["r:1:2024-04-01", "r:1:2024-03-01"])
        #expect(cli.run("recurring", "list", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.map { $0["name"] as? String } == ["Gym"])
    }

    @Test("refusals: a name taken, a delete that would lose charges, a signed amount")
    func refusals() throws {
        let cli = try harness()
        let add = [
            "recurring", "add", "Rent", "--account", "Checking", "--amount", "1200.00", "--direction", "debit",
            "--every", "month", "--from", "2024-03-01",
        ]
        #expect(cli.run(add) == 0)
        #expect(cli.run(add) == 1)
        #expect(cli.errors.contains("a recurring rule is named \"Rent\" already"))
        #expect(cli.run("recurring", "catch-up") == 0)
        #expect(cli.run("recurring", "delete", "Rent") == 1)
        #expect(cli.errors.contains("has 1 charge; stop it to keep them"))
        #expect(cli.run("recurring", "delete", "Rent", "--with-charges") == 0)
        #expect(try rows(cli).count == 1)
        var signed = add
        signed[6] = "-5"
        signed[3] = "Other"
        #expect(cli.run(signed) == 2)
        #expect(cli.run("recurring", "add", "X", "--account", "Checking") == 2)
    }
}
