import Foundation
import LedgerCLI
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

private let statement = """
    Date,Description,Amount,Balance
    2024-03-01,Opening coffee,-3.80,996.20
    2024-03-01,Opening coffee,-3.80,992.40
    2024-03-04,Salary,2500.00,3492.40
    2024-03-05,Rent,-900.00,2592.40

    """

@Suite("ledgerport import")
struct ImportCommandTests {
    @Test("imports, reports JSON in the documented shape, and a second run adds nothing")
    func importTwice() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", statement)
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking", "--json") == 0)
        let first = try #require(try cli.json() as? [String: Any])
        #expect(first["status"] as? String == "complete")
        #expect(first["format"] as? String == "csv")
        #expect(first["read"] as? Int == 4)
        #expect(first["inserted"] as? Int == 4)
        #expect(first["duplicates"] as? Int == 0)
        #expect(first["batches"] as? Int == 1)
        #expect(first["failure"] is NSNull)
        let checkpoints = try #require(first["checkpoints"] as? [[String: Any]])
        #expect(checkpoints.count == 1)
        #expect(checkpoints[0]["account"] as? String == "Checking")
        #expect(checkpoints[0]["asOf"] as? String == "2024-03-05")
        #expect(checkpoints[0]["actual"] as? String == "2592.40")
        #expect(checkpoints[0]["expected"] as? String == "2592.40")
        #expect(checkpoints[0]["discrepancy"] as? String == "0.00")
        #expect(checkpoints[0]["status"] as? String == "reconciled")

        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking", "--json") == 0)
        let second = try #require(try cli.json() as? [String: Any])
        #expect(second["inserted"] as? Int == 0)
        #expect(second["duplicates"] as? Int == 4)
    }

    @Test("a stopped import exits 1, names the record on stderr and in JSON")
    func stopped() throws {
        let cli = try CLIHarness()
        let file = try cli.write("bad.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n2024-01-03,Tea,abc\n")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking", "--json") == 1)
        let report = try #require(try cli.json() as? [String: Any])
        #expect(report["status"] as? String == "stopped")
        let failure = try #require(report["failure"] as? [String: Any])
        #expect(failure["record"] as? Int == 2)
        #expect(failure["location"] as? String == "\(file):3:16")
        #expect((failure["reason"] as? String)?.contains("\"abc\" is not an amount") == true)
        #expect(cli.errors.contains("\(file):3:16: error:"))
    }

    @Test("several files give an array of reports")
    func severalFiles() throws {
        let cli = try CLIHarness()
        let a = try cli.write("a.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        let b = try cli.write("b.csv", "Date,Description,Amount\n2024-01-03,Tea,-2.10\n")
        #expect(cli.run("import", a, b, "--currency", "USD", "--account", "Checking", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.count == 2)
    }

    @Test("a dry run writes nothing")
    func dryRun() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", statement)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD", "--dry-run", "--json") == 0)
        #expect((try cli.json() as? [String: Any])?["status"] as? String == "dry-run")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }
}

@Suite("ledgerport listings")
struct ListingTests {
    @Test("accounts, transactions and imports list what was imported, as JSON with exact decimal strings")
    func listings() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", statement)
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0)
        #expect(cli.output.contains("reconciled"))

        #expect(cli.run("accounts", "--json") == 0)
        let accounts = try #require(try cli.json() as? [[String: Any]])
        #expect(accounts.count == 1)
        #expect(accounts[0]["name"] as? String == "Checking")
        #expect(accounts[0]["type"] as? String == "asset")
        #expect(accounts[0]["currency"] as? String == "USD")
        #expect(accounts[0]["balance"] as? String == "2592.40")
        #expect(accounts[0]["transactions"] as? Int == 4)

        #expect(
            cli.run("transactions", "--account", "Checking", "--from", "2024-03-04", "--to", "2024-03-05", "--json")
                == 0)
        let transactions = try #require(try cli.json() as? [[String: Any]])
        #expect(transactions.count == 2)
        let rent = transactions[1]
        #expect(rent["date"] as? String == "2024-03-05")
        #expect(rent["amount"] as? String == "900.00")
        #expect(rent["direction"] as? String == "debit")
        #expect(rent["currency"] as? String == "USD")
        #expect(rent["description"] as? String == "Rent")
        #expect(rent["status"] as? String == "booked")
        #expect(rent["externalID"] is NSNull)
        #expect(rent["id"] is Int)

        #expect(cli.run("imports", "--json") == 0)
        let imports = try #require(try cli.json() as? [[String: Any]])
        #expect(imports.first?["status"] as? String == "complete")

        // A run killed before it closed its row: `running` in the log, its process gone.
        let ledger = try Ledger(path: cli.databasePath)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        _ = try ledger.beginImport(
            sourcePath: "killed.csv", adapter: "csv", mapping: nil,
            process: ImportProcess(id: finished.processIdentifier, host: ImportProcess.current.host))
        _ = try ledger.beginImport(
            sourcePath: "live.csv", adapter: "csv", mapping: nil, process: ImportProcess.current)
        #expect(cli.run("imports", "--json") == 0)
        let statuses = try #require(try cli.json() as? [[String: Any]]).map { $0["status"] as? String }
        #expect(statuses.prefix(2) == ["running", "interrupted"])
        #expect(cli.run("imports") == 0)
        #expect(cli.output.contains("interrupted"))

        #expect(cli.run("transactions") == 0)
        #expect(cli.output.contains("-900.00"))
        #expect(cli.run("formats") == 0)
        #expect(cli.output.contains("csv"))
    }
}

@Suite("ledgerport reconcile")
struct ReconcileCommandTests {
    @Test("a manual checkpoint reports the discrepancy, exits 0, and appears in the history")
    func manual() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", statement)
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0)
        #expect(cli.run("reconcile", "Checking", "--balance", "2600.00", "--as-of", "2024-03-31", "--json") == 0)
        let checkpoint = try #require(try cli.json() as? [String: Any])
        #expect(checkpoint["expected"] as? String == "2592.40")
        #expect(checkpoint["discrepancy"] as? String == "7.60")
        #expect(checkpoint["status"] as? String == "discrepancy")

        #expect(cli.run("reconcile", "Checking", "--json") == 0)
        let history = try #require(try cli.json() as? [[String: Any]])
        #expect(history.map { $0["asOf"] as? String } == ["2024-03-31", "2024-03-05", "2024-02-29"])
        #expect(history.last?["status"] as? String == "baseline")
    }

    @Test("a bad amount or day is a usage error naming what was expected")
    func badValues() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", statement)
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0)
        #expect(cli.run("reconcile", "Checking", "--balance", "12,34.5", "--as-of", "2024-03-31") == 2)
        #expect(cli.errors.contains("--balance 12,34.5 is not an amount"))
        #expect(cli.run("reconcile", "Checking", "--balance", "12.00", "--as-of", "2024-02-30") == 2)
        #expect(cli.errors.contains("expected YYYY-MM-DD"))
        #expect(cli.run("reconcile", "Nobody", "--balance", "1", "--as-of", "2024-03-31") == 1)
        #expect(cli.errors.contains("no account named \"Nobody\""))
    }
}

@Suite("ledgerport usage")
struct UsageTests {
    @Test("every command has --help generated from its options")
    func help() throws {
        let cli = try CLIHarness()
        for command in [
            "import", "sync", "accounts", "transactions", "imports", "reconcile", "inspect", "mappings", "formats",
        ] {
            #expect(cli.run(command, "--help") == 0)
            #expect(cli.output.hasPrefix("USAGE: ledgerport \(command)"))
            #expect(cli.output.contains("--help"))
        }
        #expect(cli.run("--help") == 0)
        #expect(cli.output.contains("COMMANDS:"))
        #expect(cli.run("--version") == 0)
        #expect(cli.output.hasPrefix("ledgerport "))
    }

    @Test(
        "bad usage exits 2 with a message",
        arguments: [
            (["import"], "needs at least one FILE"), (["import", "x.csv", "--bogus"], "unknown option --bogus"),
            (["import", "x.csv", "--account"], "--account needs a value"), (["frobnicate"], "unknown command"),
            (["import", "x.csv", "--batch-size", "0"], "expected a whole number"),
            (["transactions", "--from", "2024-02-30"], "expected YYYY-MM-DD"), ([], "no command given"),
            (["import", "x.csv", "--format", "xyz"], "not a known format"),
        ])
    func badUsage(arguments: [String], message: String) throws {
        let cli = try CLIHarness()
        #expect(cli.run(arguments) == 2)
        #expect(cli.errors.contains(message))
        #expect(cli.output.isEmpty)
    }

    @Test("--db and LEDGERPORT_DB choose the database; an import creates it and its folder")
    func databaseLocation() throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        let custom = cli.folder.appendingPathComponent("elsewhere/deep/my.sqlite").path
        #expect(cli.run("--db", custom, "import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(FileManager.default.fileExists(atPath: custom))
        #expect(cli.run("--db", custom, "accounts") == 0)
        #expect(cli.output.contains("Checking"))
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(FileManager.default.fileExists(atPath: cli.databasePath))
    }
}

@Suite("ledgerport diagnostics")
struct DiagnosticsOutputTests {
    @Test("a discrepancy's candidates and divergence day appear in the JSON checkpoint")
    func candidatesInJSON() throws {
        let cli = try CLIHarness()
        let january = try cli.write(
            "jan.csv",
            "Date,Description,Amount,Balance\n2024-01-03,Coffee,-3.80,996.20\n2024-01-31,Rent,-900.00,96.20\n")
        let extra = try cli.write("extra.csv", "Date,Description,Amount\n2024-01-20,Taxi,-18.00\n")
        #expect(cli.run("import", extra, "--currency", "USD", "--account", "Checking") == 0)
        #expect(cli.run("import", january, "--currency", "USD", "--account", "Checking", "--json") == 0)
        let report = try #require(try cli.json() as? [String: Any])
        let checkpoint = try #require((report["checkpoints"] as? [[String: Any]])?.first)
        #expect(checkpoint["status"] as? String == "discrepancy")
        #expect(checkpoint["discrepancy"] as? String == "18.00")
        #expect(checkpoint["divergesOn"] as? String == "2024-01-31")
        let candidates = try #require(checkpoint["candidates"] as? [[String: Any]])
        let kinds = candidates.compactMap { $0["kind"] as? String }
        #expect(kinds.contains("amountMatch"))
        #expect(candidates.allSatisfy { ($0["explains"] as? String) != nil && ($0["transactions"] as? [Int]) != nil })

        #expect(cli.run("reconcile", "Checking") == 0)
        #expect(cli.output.contains("discrepancy"))
        #expect(cli.run("reconcile", "Checking", "--opening", "100.00", "--as-of", "2023-12-31") == 0)
        #expect(cli.output.contains("baseline"))
    }
}

@Suite("ledgerport bad input on the command line")
struct BadCommandLineTests {
    @Test(
        "unknown flags, missing values and unreadable values exit 2 and say what was expected",
        arguments: [
            (["--db"], "--db needs a value: --db PATH"),
            (["transactions", "--from", "--to", "2024-01-31"], "--from needs a value: --from DAY"),
            (["transactions", "-x"], "unknown option -x"),
            (["transactions", "--json=yes"], "--json takes no value"),
            (["transactions", "--account", "A", "--account", "B"], "--account is given twice"),
            (["transactions", "stray"], "unknown subcommand 'stray' of `transactions`"),
            (["transactions", "--to", "2024-02-30"], "--to 2024-02-30 is not a calendar day; expected YYYY-MM-DD"),
            (["transactions", "--from", "2024-13-01"], "expected YYYY-MM-DD"),
            (["transactions", "--from", "24-1-1"], "expected YYYY-MM-DD"),
            (["transactions", "--from", "2024-03-01", "--to", "2024-02-01"], "--to 2024-02-01 is before --from"),
            (["import", "x.csv", "--batch-size", "many"], "expected a whole number from 1 to 1000000"),
            (["import", "x.csv", "--batch-size", "-5"], "--batch-size -5 is not a batch size"),
            (["import", "x.csv", "--batch-size", "99999999999999999999"], "expected a whole number"),
            (["reconcile"], "reconcile needs exactly one ACCOUNT"),
            (["reconcile", "A", "--balance", "1.00"], "--balance (or --opening) and --as-of go together"),
            (
                ["reconcile", "A", "--balance", "1", "--opening", "1", "--as-of", "2024-01-31"],
                "can't be given together"
            ),
            (["reconcile", "A", "--balance", "1", "--as-of", "2024-02-30"], "expected YYYY-MM-DD"),
        ])
    func usage(arguments: [String], message: String) throws {
        let cli = try CLIHarness()
        #expect(cli.run(arguments) == 2)
        #expect(cli.errors.contains(message))
        #expect(cli.output.isEmpty)
    }

    @Test(
        "an amount that can't be read for the account's currency exits 2 naming the expected shape",
        arguments: [
            "12,34.5", "1,234.56", "1e3", "12.3x", "", "1.234", "--5", "0x10", "١٢٣",
            String(repeating: "9", count: 10_000),
        ])
    func unreadableAmount(text: String) throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0)
        for option in ["--balance", "--opening"] {
            #expect(cli.run("reconcile", "Checking", option + "=" + text, "--as-of", "2024-01-31") == 2)
            let rule =
                text == "1.234"
                ? "has more decimals than USD allows"
                : text.count > 100
                    ? "is out of range for USD"
                    : "is not an amount in USD"
            #expect(cli.errors.contains(rule), "\(cli.errors)")
            #expect(cli.errors.contains("; expected digits with one '.' and at most 2 decimals"))
            #expect(cli.errors.utf8.count < 400)
        }
        #expect(cli.run("reconcile", "Checking", "--json") == 0)
        #expect((try cli.json() as? [Any])?.isEmpty == true)
    }
}

@Suite("ledgerport inspect and mappings")
struct InspectAndMappingsTests {
    @Test("inspect names the mapping it would pick and previews rows without writing anything")
    func inspectCSV() throws {
        let cli = try CLIHarness()
        let sample = Fixture.repositoryRoot.appendingPathComponent("samples/csv/de-girokonto.csv").path
        #expect(cli.run("inspect", sample, "--json") == 0)
        let report = try #require(try cli.json() as? [String: Any])
        #expect((report["mapping"] as? [String: Any])?["name"] as? String == "de-girokonto")
        #expect(report["delimiter"] as? String == ";")
        #expect((report["drafts"] as? [[String: Any]])?.first?["amount"] as? String == "85.00")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("inspect reads other formats too")
    func inspectOFX() throws {
        let cli = try CLIHarness()
        let sample = Fixture.repositoryRoot.appendingPathComponent("samples/ofx/card-v103.ofx").path
        #expect(cli.run("inspect", sample, "--rows", "2") == 0)
        #expect(cli.output.contains("format:    ofx"))
        #expect(cli.output.components(separatedBy: "  line ").count == 3)
    }

    @Test("mappings lists the shipped mappings; check reports a bad one with its line and exits 1")
    func mappings() throws {
        let cli = try CLIHarness()
        #expect(cli.run("mappings", "--json") == 0)
        let entries = try #require(try cli.json() as? [[String: Any]])
        #expect(entries.contains { $0["name"] as? String == "generic" })
        let bad = try cli.write("bad.json", "{\"version\": 1,\n \"columns\": {\"date\": 5}}\n")
        #expect(cli.run("mappings", "check", bad) == 1)
        #expect(cli.errors.contains("\(bad):"))
        let good = Fixture.repositoryRoot.appendingPathComponent("mappings/generic.json").path
        #expect(cli.run("mappings", "check", good) == 0)
        #expect(cli.run("mappings", "frob") == 2)
    }
}
