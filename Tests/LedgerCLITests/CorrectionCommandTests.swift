import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// `reconcile` against a source's checkpoint, `imports undo` and `checkpoints delete`: what they
/// print, their dry runs, their refusals and exit codes.
@Suite("ledgerport corrections")
struct CorrectionCommandTests {
    private let card = Fixture.repositoryRoot.appendingPathComponent("samples/ofx/card-v103.ofx").path
    private let march = "Date,Description,Amount\n2024-03-01,Coffee,-3.80\n2024-03-02,Rent,-900.00\n"
    private let april = "Date,Description,Amount\n2024-03-02,Rent,-900.00\n2024-04-01,Salary,2500.00\n"

    // MARK: - reconcile over a source's checkpoint

    @Test("reconcile on a day an import's checkpoint holds exits 1, names it and --replace, and changes nothing")
    func reconcileRefusesOverSource() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", card) == 0)
        let before = ledgerBytes(cli)
        #expect(cli.run("reconcile", "9876", "--balance", "545.18", "--as-of", "2024-02-29") == 1)
        #expect(cli.errors.contains("already has a checkpoint on 2024-02-29 from a source"))
        #expect(cli.errors.contains("source import, import id 1, statement balance -545.18"))
        #expect(cli.errors.contains("--replace"))
        #expect(cli.output.isEmpty)
        #expect(ledgerBytes(cli) == before)
    }

    @Test("reconcile --replace replaces a source's checkpoint and says which it replaced")
    func reconcileReplaces() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", card) == 0)
        #expect(cli.run("reconcile", "9876", "--balance", "545.18", "--as-of", "2024-02-29", "--replace") == 0)
        #expect(
            cli.output.hasPrefix(
                "replaced the import checkpoint (import 1) of 2024-02-29, statement balance -545.18\n"))
        #expect(cli.run("reconcile", "9876", "--balance", "-545.18", "--as-of", "2024-02-29", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        let replaced = try #require(result["replaced"] as? [String: Any])
        #expect(replaced["source"] as? String == "manual" && replaced["actual"] as? String == "545.18")
    }

    @Test("--replace without --balance is bad usage")
    func replaceAlone() throws {
        let cli = try CLIHarness()
        #expect(cli.run("reconcile", "Checking", "--replace") == 2)
    }

    // MARK: - imports undo

    @Test("imports undo deletes the rows only that import brought, keeps the shared one, and logs the undo")
    func undo() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", try cli.write("march.csv", march), "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("import", try cli.write("april.csv", april), "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("imports", "undo", "1") == 0)
        #expect(
            cli.output
                == "undid import 1: deleted 1 transaction\nkept 1 transaction import 2 also brought, now counted as import 2's\n"
        )
        #expect(cli.run("transactions", "--json") == 0)
        let descriptions = (try cli.json() as? [[String: Any]])?.compactMap { $0["description"] as? String }
        #expect(descriptions?.sorted() == ["Rent", "Salary"])
        #expect(cli.run("imports", "--json") == 0)
        let log = try #require(try cli.json() as? [[String: Any]])
        #expect(log.map { $0["status"] as? String } == ["complete", "undone"])
        #expect(cli.run("imports", "undo", "2") == 0)
        #expect(cli.output == "undid import 2: deleted 2 transactions\n")
    }

    @Test("a second undo changes nothing, says so, and exits 0")
    func secondUndo() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", try cli.write("march.csv", march), "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("imports", "undo", "1") == 0)
        let before = ledgerBytes(cli)
        #expect(cli.run("imports", "undo", "1", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["alreadyUndone"] as? Bool == true)
        #expect(cli.run("imports", "undo", "1") == 0)
        #expect(cli.output.contains("was undone already"))
        #expect(ledgerBytes(cli) == before)
    }

    @Test("a dry-run undo reports in the conditional and leaves the ledger unchanged")
    func undoDryRun() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", card) == 0)
        let before = ledgerBytes(cli)
        #expect(cli.run("imports", "undo", "1", "--dry-run") == 0)
        #expect(cli.output.hasPrefix("dry run, nothing written: would undo import 1: would delete 6 transactions\n"))
        #expect(cli.output.contains("would remove the checkpoint"))
        #expect(cli.run("imports", "undo", "1", "--dry-run", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["dryRun"] as? Bool == true && result["deletedTransactions"] as? Int == 6)
        #expect((result["removedCheckpoints"] as? [Any])?.count == 1)
        #expect(ledgerBytes(cli) == before)
    }

    @Test("an unknown import id exits 1; a malformed one exits 2")
    func undoRefusals() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", try cli.write("march.csv", march), "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("imports", "undo", "7") == 1)
        #expect(cli.errors.contains("no import has id 7"))
        #expect(cli.run("imports", "undo", "seven") == 2)
        #expect(cli.run("imports", "undo") == 2)
    }

    // MARK: - checkpoints delete

    @Test("checkpoints delete removes the checkpoint; a dry run and --json write nothing; no checkpoint exits 1")
    func checkpointsDelete() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", try cli.write("march.csv", march), "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("reconcile", "Checking", "--opening", "1000.00", "--as-of", "2024-02-29") == 0)
        #expect(cli.run("reconcile", "Checking", "--balance", "90.00", "--as-of", "2024-03-15") == 0)
        #expect(cli.run("reconcile", "Checking", "--balance", "96.20", "--as-of", "2024-03-31") == 0)
        let before = ledgerBytes(cli)
        #expect(cli.run("checkpoints", "delete", "Checking", "2024-03-15", "--dry-run", "--json") == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect((result["deleted"] as? [String: Any])?["actual"] as? String == "90.00")
        let updated = try #require(result["updatedCheckpoints"] as? [[String: Any]])
        #expect(updated.map { $0["status"] as? String } == ["reconciled"])
        #expect(ledgerBytes(cli) == before)
        #expect(cli.run("checkpoints", "delete", "Checking", "2024-03-15") == 0)
        #expect(cli.output.hasPrefix("deleted the checkpoint Checking on 2024-03-15"))
        #expect(cli.output.contains("updated the later checkpoint Checking on 2024-03-31"))
        #expect(cli.run("checkpoints", "delete", "Checking", "2024-03-15") == 1)
        #expect(cli.errors.contains("has no checkpoint on 2024-03-15"))
        #expect(cli.run("checkpoints", "delete", "Checking", "15/03/2024") == 2)
        #expect(cli.run("checkpoints") == 2)
    }

}
