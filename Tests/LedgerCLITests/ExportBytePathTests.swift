import Foundation
import LedgerTestSupport
import Testing

/// The export writes most rows straight from SQLite's bytes (`ExportRow`), and a row held back for
/// a checkpoint's assertion through its strings: both give the bytes the strings always gave.
///
/// Tests/Fixtures/Export/byte-path.* were written by the build before the byte path (every row
/// through `StoredTransaction`'s strings), from this scenario: each text a tool quotes, escapes,
/// collapses or guards, a payee equal to the description only as strings are (`é` composed in
/// one, decomposed in the other), a pending row, a counter-account set by hand, and a checkpoint
/// whose day's rows go the held-back way between rows that don't.
@Suite("export byte path")
struct ExportBytePathTests {
    static func ledger() throws -> CLIHarness {
        let cli = try CLIHarness()
        let file = Fixture.url("Export/byte-path-rows.csv").path
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0, "\(cli.errors)")
        let edits: [[String]] = [
            [
                "1", "--description", "  (ATM)\tcash; at \"Joe's\" C:\\tmp | 50%,  =x  ", "--payee",
                "Joe | \"Diner\"; Bar\\", "--memo", "line1\nline2; more  spaces\u{2028}end\u{85}", "--category",
                "Food & Drink",
            ],
            ["2", "--payee", "Cafe\u{301} Mu\u{308}ller & Co", "--category", "Café & Bäckerei"],
            ["3", "--category", "Food & Drink", "--memo", "-starts with minus, \"quoted\""],
            ["4", "--payee", "@SUM(A1)", "--category", "Groceries"],
            ["5", "--status", "pending", "--memo", "\t tab start", "--category", "Salary"],
            ["6", "--counter-account", "Expenses:Housing:Rent"],
            ["7", "--payee", "(code) shop"],
        ]
        for edit in edits {
            #expect(cli.run(["transactions", "edit"] + edit) == 0, "\(edit): \(cli.errors)")
        }
        #expect(cli.run("reconcile", "Checking", "--balance", "-20.64", "--as-of", "2024-03-02") == 0, "\(cli.errors)")
        return cli
    }

    @Test(
        "every text that needs quoting comes out as the strings wrote it, rows straight and held back",
        arguments: ["hledger", "ledger", "beancount", "csv"])
    func sameBytes(format: String) throws {
        let cli = try Self.ledger()
        #expect(cli.run("export", "--to", format) == 0, "\(cli.errors)")
        let text = cli.output.replacingOccurrences(of: Fixture.repositoryRoot.path, with: "$ROOT")
        let problem = Snapshot.compare(text, with: Fixture.url("Export/byte-path.\(format)"))
        #expect(problem == nil, "\(problem ?? "")")
    }
}
