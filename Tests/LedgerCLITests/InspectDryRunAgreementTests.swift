import Foundation
import LedgerTestSupport
import Testing

/// `inspect` stops at the first problem `import --dry-run` stops at, at the same place, for the
/// rows it reads.
@Suite("inspect and import --dry-run agree")
struct InspectDryRunAgreementTests {
    /// The first `FILE:LINE:COLUMN: error: …` line of a text.
    static func firstError(in text: String) -> String? {
        text.split(separator: "\n").lazy.compactMap { line -> String? in
            guard let range = line.range(of: ": error: ") else { return nil }
            // From the path on: the dry run's line starts with `ledgerport: `, inspect's with `problem:`.
            guard let start = line.range(of: "shapes/")?.lowerBound, start < range.lowerBound else { return nil }
            return String(line[start...])
        }.first
    }

    @Test("a footer balance the rows' number format can't read: both stop at line 5 with the same message")
    func unreadableFooterBalance() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("CSV/shapes/saldo-footer.csv").path
        let mapping = Fixture.url("CSV/shapes/saldo-footer-rows-format.json").path
        #expect(cli.run("import", file, "--mapping", mapping, "--dry-run") == 1)
        let dryRun = try #require(Self.firstError(in: cli.errors + cli.output))
        #expect(dryRun.hasPrefix("shapes/saldo-footer.csv:5:1: error: "))
        #expect(cli.run("inspect", file, "--mapping", mapping, "--rows", "10000") == 1)
        let inspect = try #require(Self.firstError(in: cli.output + cli.errors))
        #expect(inspect == dryRun)
    }

    @Test("with its own format for the footer, both read the file without a problem")
    func readableFooterBalance() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("CSV/shapes/saldo-footer.csv").path
        let mapping = Fixture.url("CSV/shapes/saldo-footer.json").path
        #expect(cli.run("import", file, "--mapping", mapping, "--dry-run") == 0)
        #expect(cli.run("inspect", file, "--mapping", mapping, "--rows", "10000") == 0)
        #expect(!cli.output.contains("problem:"))
    }

    @Test("a net amount that doesn't add up: both stop at the same cell")
    func feeMismatch() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("CSV/shapes/processor-fees-bad-net.csv").path
        let mapping = Fixture.url("CSV/shapes/processor-fees.json").path
        #expect(cli.run("import", file, "--mapping", mapping, "--dry-run") == 1)
        let dryRun = try #require(Self.firstError(in: cli.errors + cli.output))
        #expect(dryRun.hasPrefix("shapes/processor-fees-bad-net.csv:5:50: error: "))
        #expect(cli.run("inspect", file, "--mapping", mapping, "--rows", "10000") == 1)
        #expect(Self.firstError(in: cli.output + cli.errors) == dryRun)
    }
}
