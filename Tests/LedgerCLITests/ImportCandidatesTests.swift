import Foundation
import Testing

private let january = "Date,Description,Amount,Balance\n2024-01-03,Coffee,-3.80,996.20\n2024-01-31,Rent,-900.00,96.20\n"
private let taxi = "Date,Description,Amount\n2024-01-20,Taxi,-18.00\n"

/// The likely causes of a discrepancy are shown where the import reports it, not only by
/// `reconcile`.
@Suite("import shows a discrepancy's candidates")
struct ImportCandidatesTests {
    @Test("a later checkpoint this import puts out of balance lists its candidates, in text and in JSON")
    func updatedCheckpoint() throws {
        let cli = try CLIHarness()
        let statement = try cli.write("jan.csv", january)
        let extra = try cli.write("extra.csv", taxi)
        #expect(cli.run("import", statement, "--account", "Checking", "--currency", "USD") == 0)
        // The statement's rows gave this day an opening checkpoint: a figure by hand replaces it only when asked.
        #expect(cli.run("reconcile", "Checking", "--opening", "1000.00", "--as-of", "2024-01-02") == 1)
        #expect(cli.run("reconcile", "Checking", "--opening", "1000.00", "--as-of", "2024-01-02", "--replace") == 0)
        #expect(cli.run("import", extra, "--account", "Checking", "--json") == 0, "\(cli.errors)")
        let report = try #require(try cli.json() as? [String: Any])
        let updated = try #require((report["updatedCheckpoints"] as? [[String: Any]])?.first)
        #expect(updated["status"] as? String == "discrepancy")
        #expect(updated["discrepancy"] as? String == "18.00")
        let candidates = try #require(updated["candidates"] as? [[String: Any]])
        #expect(!candidates.isEmpty)
        #expect(candidates.contains { $0["kind"] as? String == "amountMatch" })

        let other = try cli.write("other.csv", "Date,Description,Amount\n2024-01-21,Bus,-2.00\n")
        #expect(cli.run("import", other, "--account", "Checking") == 0)
        #expect(cli.output.contains("  updated the later checkpoint Checking on 2024-01-31"))
        #expect(cli.output.contains("candidates for the cause (suggestions, nothing was changed):"))
        #expect(cli.output.contains("#"))
    }

    @Test("the import's own checkpoint lists its candidates in text, as reconcile does")
    func ownCheckpoint() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", try cli.write("extra.csv", taxi), "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("import", try cli.write("jan.csv", january), "--account", "Checking") == 0)
        #expect(cli.output.contains("— discrepancy +18.00 (statement minus ledger)"))
        #expect(cli.output.contains("candidates for the cause (suggestions, nothing was changed):"))
        #expect(cli.output.contains("Taxi"))
    }
}
