import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// `transactions delete` and `transactions edit`, and how a re-import treats what they changed.
@Suite("ledgerport transactions delete and edit")
struct TransactionsCorrectionCommandTests {
    private let march = "Date,Description,Amount\n2024-03-01,Coffee,-3.80\n2024-03-02,Rent,-900.00\n"

    private func imported() throws -> (CLIHarness, file: String, ids: [String: Int]) {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", march)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        var ids: [String: Int] = [:]
        for row in rows {
            if let description = row["description"] as? String, let id = row["id"] as? Int { ids[description] = id }
        }
        return (cli, file, ids)
    }

    @Test("a deleted row stays deleted on re-import, counted as deleted before; --restore-deleted brings it back")
    func deleteThenReimport() throws {
        let (cli, file, ids) = try imported()
        let coffee = try #require(ids["Coffee"])
        #expect(cli.run("transactions", "delete", String(coffee)) == 0)
        #expect(cli.output.hasPrefix("deleted \(coffee): 2024-03-01 Checking -3.80 Coffee"))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--json") == 0)
        let report = try #require(try cli.json() as? [String: Any])
        #expect(report["inserted"] as? Int == 0 && report["duplicates"] as? Int == 1)
        #expect(report["deletedBefore"] as? Int == 1)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.output.contains("0 inserted, 1 duplicate, 1 deleted before"))
        #expect(cli.output.contains("--restore-deleted brings them back"))
        #expect(
            cli.run("import", file, "--account", "Checking", "--currency", "USD", "--restore-deleted", "--json") == 0)
        #expect((try cli.json() as? [String: Any])?["inserted"] as? Int == 1)
        #expect(cli.run("transactions", "--json") == 0)
        #expect((try cli.json() as? [Any])?.count == 2)
    }

    @Test("delete: a dry run and --json write nothing; an unknown id exits 1, a malformed one 2")
    func deleteDryRunAndRefusals() throws {
        let (cli, _, ids) = try imported()
        let rent = try #require(ids["Rent"])
        let before = ledgerBytes(cli)
        #expect(cli.run("transactions", "delete", String(rent), "--dry-run", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["dryRun"] as? Bool == true && (result["deleted"] as? [Any])?.count == 1)
        #expect(ledgerBytes(cli) == before)
        #expect(cli.run("transactions", "delete", String(rent), "4242") == 1)
        #expect(cli.errors.contains("no transaction has id 4242"))
        #expect(ledgerBytes(cli) == before)
        #expect(cli.run("transactions", "delete", "rent") == 2)
        #expect(cli.run("transactions", "delete") == 2)
    }

    @Test("edit changes the description and memo, a re-import still finds a duplicate and keeps the edit")
    func edit() throws {
        let (cli, file, ids) = try imported()
        let coffee = try #require(ids["Coffee"])
        #expect(cli.run("transactions", "edit", String(coffee), "--description", "Café", "--memo", "team") == 0)
        #expect(cli.output.contains("changed \(coffee)'s description from \"Coffee\" to \"Café\""))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--json") == 0)
        let report = try #require(try cli.json() as? [String: Any])
        #expect(report["inserted"] as? Int == 0 && report["duplicates"] as? Int == 2)
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.compactMap { $0["description"] as? String }.sorted() == ["Café", "Rent"])
    }

    @Test("edit --status pending takes the row out of the balance; a dry run writes nothing; bad usage exits 2")
    func editStatus() throws {
        let (cli, _, ids) = try imported()
        let rent = try #require(ids["Rent"])
        let before = ledgerBytes(cli)
        #expect(cli.run("transactions", "edit", String(rent), "--status", "pending", "--dry-run", "--json") == 0)
        #expect((try cli.json() as? [String: Any])?["dryRun"] as? Bool == true)
        #expect(ledgerBytes(cli) == before)
        #expect(cli.run("transactions", "edit", String(rent), "--status", "pending") == 0)
        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(accounts.first?["balance"] as? String == "-3.80")
        #expect(cli.run("transactions", "edit", String(rent), "--status", "cleared") == 2)
        #expect(cli.run("transactions", "edit", String(rent)) == 2)
        #expect(cli.run("transactions", "edit", "4242", "--memo", "x") == 1)
    }

}
