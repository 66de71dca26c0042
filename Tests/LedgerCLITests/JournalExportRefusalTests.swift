import Foundation
import LedgerTestSupport
import Testing

/// A journal export (`hledger print -O csv`: one row per posting, each with its own account) has
/// the generic mapping's Date, Description and Amount, but is not one account's statement.
@Suite("a journal export is not a statement")
struct JournalExportRefusalTests {
    static let file = Fixture.url("CSV/shapes/hledger-print.csv").path

    @Test("the generic mapping refuses hledger's CSV, saying what it looks like and what to do")
    func genericRefuses() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.file, "--account", "Checking", "--currency", "EUR") == 1)
        #expect(cli.errors.contains("hledger-print.csv:1:1: error: this file looks like a journal export"))
        #expect(cli.errors.contains("mapping \"generic\" refuses it"))
        #expect(cli.errors.contains("write a mapping of your own that maps the \"account\" column"))
        #expect(cli.output.contains("before the first record: nothing imported"))
    }

    @Test("named with --mapping generic, it is refused too, and inspect says the same")
    func namedGenericRefuses() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.file, "--mapping", "generic", "--account", "Checking", "--currency", "EUR") == 1)
        #expect(cli.errors.contains("this file looks like a journal export"))
        #expect(cli.run("inspect", Self.file, "--account", "Checking", "--currency", "EUR") == 1)
        #expect(cli.output.contains("problem:   "))
        #expect(cli.output.contains("this file looks like a journal export"))
    }

    @Test("a mapping of one's own that maps the account column reads the postings")
    func ownMappingReads() throws {
        let cli = try CLIHarness()
        let mapping = try cli.write(
            "journal.json",
            #"""
            {"match": {"header": ["txnidx", "date", "account", "amount"]},
             "columns": {"date": {"column": "date", "format": "yyyy-MM-dd"}, "description": "description",
                         "amount": "amount", "account": "account", "currency": "commodity"},
             "amounts": {"decimalSeparator": "."}}
            """#)
        #expect(cli.run("import", Self.file, "--mapping", mapping, "--dry-run") == 0, "\(cli.errors)")
        #expect(cli.output.contains("4 records read"))
    }
}
