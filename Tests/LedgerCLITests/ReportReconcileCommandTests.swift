import Foundation
import LedgerTestSupport
import Testing

/// `ledgerport report reconcile`: the HTML page on the samples (golden files), text from a bank
/// file escaped, and the command's usage.
@Suite("report reconcile")
struct ReportReconcileCommandTests {
    /// A ledger holding the hostile fixture: descriptions with markup and quotes, an opening
    /// balance and a month-end statement 45.00 above the ledger (one fitness charge stored twice).
    static func hostileLedger() throws -> CLIHarness {
        let cli = try CLIHarness()
        let file = Fixture.url("Report/hostile-descriptions.csv").path
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("reconcile", "Checking", "--opening", "1500.00", "--as-of", "2024-02-29") == 0, "\(cli.errors)")
        #expect(cli.run("reconcile", "Checking", "--balance", "2987.08", "--as-of", "2024-03-31") == 0, "\(cli.errors)")
        return cli
    }

    /// The samples' page for these arguments, with the checkout's path written `$ROOT`.
    static func samplesPage(_ arguments: String...) throws -> String {
        let cli = try ExportSamples.ledger()
        #expect(cli.run(["report", "reconcile"] + arguments) == 0, "\(cli.errors)")
        return cli.output.replacingOccurrences(of: Fixture.repositoryRoot.path, with: "$ROOT")
    }

    @Test("the samples' Checking page is the golden file, byte for byte")
    func goldenChecking() throws {
        let problem = Snapshot.compare(
            try Self.samplesPage("Checking"), with: Fixture.url("Report/samples-checking.html"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("the samples' page of every account is the golden file, byte for byte")
    func goldenAll() throws {
        let problem = Snapshot.compare(try Self.samplesPage("--all"), with: Fixture.url("Report/samples-all.html"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a discrepancy's page (candidates, escaped descriptions) is the golden file, byte for byte")
    func goldenDiscrepancy() throws {
        let cli = try Self.hostileLedger()
        #expect(cli.run("report", "reconcile", "Checking") == 0, "\(cli.errors)")
        let page = cli.output.replacingOccurrences(of: Fixture.repositoryRoot.path, with: "$ROOT")
        let problem = Snapshot.compare(page, with: Fixture.url("Report/hostile-descriptions.html"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("the same ledger gives the same bytes, and -o writes what standard output shows")
    func stable() throws {
        let cli = try ExportSamples.ledger()
        #expect(cli.run("report", "reconcile", "--all") == 0)
        let first = cli.output
        #expect(cli.run("report", "reconcile", "--all") == 0)
        #expect(cli.output == first)
        let path = cli.folder.appendingPathComponent("report.html").path
        #expect(cli.run("report", "reconcile", "--all", "-o", path) == 0, "\(cli.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first)
        #expect(cli.output.hasPrefix("wrote the reconciliation of "))
    }

    @Test("descriptions from a bank file with <script> and quotes are escaped, never markup")
    func hostileDescriptions() throws {
        let cli = try Self.hostileLedger()
        #expect(cli.run("report", "reconcile", "Checking") == 0, "\(cli.errors)")
        let page = cli.output
        #expect(!page.contains("<script"), "a description opened a script tag")
        #expect(!page.contains("<b>to go"), "a description opened a tag")
        #expect(!page.contains("</td><td>\","), "a description closed a cell")
        #expect(page.contains("&lt;script&gt;alert(&quot;gym&quot;)&lt;/script&gt; Fitness"))
        #expect(page.contains("Coffee &quot;Le Zinc&quot; &lt;b&gt;to go&lt;/b&gt;"))
        #expect(page.contains("Salary &#39;ACME&#39; &amp; Sons"))
        #expect(page.contains("Grocery &quot;Market&quot; &lt;/td&gt;&lt;td&gt;"))
    }

    @Test("a discrepancy shows its ranked candidates with each row's day, amount and file:line:column")
    func candidates() throws {
        let cli = try Self.hostileLedger()
        #expect(cli.run("report", "reconcile", "Checking") == 0, "\(cli.errors)")
        let page = cli.output
        let file = Fixture.url("Report/hostile-descriptions.csv").path
        #expect(page.contains("<h4>2024-03-31: discrepancy +45.00</h4>"))
        #expect(page.contains("<span class=\"kind\">duplicate</span>, explains +45.00"))
        #expect(page.contains("<td>2024-03-18</td><td class=\"amount\">-45.00</td>"))
        #expect(page.contains("<td class=\"source\">\(file):5:1</td>"))
        #expect(page.contains("<td class=\"source\">\(file):6:1</td>"))
        #expect(page.contains("<dt>Unexplained</dt><dd>45.00 USD"))
    }

    @Test("--from and --to keep the checkpoints and balances of those days only")
    func window() throws {
        let cli = try Self.hostileLedger()
        #expect(cli.run("report", "reconcile", "Checking", "--from", "2024-03-01", "--to", "2024-03-20") == 0)
        let page = cli.output
        #expect(page.contains("<dt>Period</dt><dd>2024-03-01 to 2024-03-20</dd>"))
        #expect(!page.contains("2024-03-31"))
        #expect(page.contains("balance at the end of 2024-02-29: 1500.00"))
    }

    @Test("--json describes the written file")
    func json() throws {
        let cli = try Self.hostileLedger()
        let path = cli.folder.appendingPathComponent("r.html").path
        #expect(cli.run("report", "reconcile", "Checking", "-o", path, "--json") == 0, "\(cli.errors)")
        let object = try #require(try cli.json() as? [String: Any])
        #expect(object["file"] as? String == path)
        #expect(object["discrepancies"] as? Int == 1)
        #expect((object["unexplained"] as? [String: Any])?["USD"] as? String == "45.00")
    }

    @Test(
        "bad usage exits 2 and says what was expected",
        arguments: [
            (["report", "reconcile"], "needs one ACCOUNT"),
            (["report", "reconcile", "Checking", "--all"], "takes no ACCOUNT"),
            (["report", "reconcile", "Checking", "--json"], "--json describes the file -o writes"),
            (["report", "reconcile", "Checking", "--from", "2024-03-02", "--to", "2024-03-01"], "is before --from"),
            (["report", "reconcil", "Checking"], "unknown subcommand 'reconcil'"),
        ])
    func usage(arguments: [String], message: String) throws {
        let cli = try Self.hostileLedger()
        #expect(cli.run(arguments) == 2)
        #expect(cli.errors.contains(message), "\(cli.errors)")
    }

    @Test("an unknown account exits 1; report --by still sums as before")
    func otherPaths() throws {
        let cli = try Self.hostileLedger()
        #expect(cli.run("report", "reconcile", "Nope") == 1)
        #expect(cli.errors.contains("no account named \"Nope\""))
        #expect(cli.run("report", "--by", "month") == 0, "\(cli.errors)")
        #expect(cli.output.contains("2024-03"))
    }
}
