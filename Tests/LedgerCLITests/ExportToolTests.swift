import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// The exports checked by the tools that read them: `hledger check` and `hledger balance`,
/// `ledger balance`, `bean-check`. Their balances must be ledgerport's, exactly, and a checkpoint
/// with a discrepancy must make them fail.
///
/// Under `CI=true` a missing tool fails these tests (scripts/install-deps.sh installs them).
@Suite("exports checked by hledger, ledger and bean-check", .serialized)
struct ExportToolTests {
    // MARK: - The samples

    @Test("hledger accepts the samples' journal, assertions and all, with ledgerport's balances")
    func hledgerSamples() throws {
        guard let hledger = ExternalTool.find("hledger") else { return }
        let cli = try ExportSamples.ledger()
        let file = try export(cli, "hledger")
        let check = try ExternalTool.run(hledger, ["-f", file, "check"])
        #expect(check.status == 0, "\(check.output)")
        let balance = try ExternalTool.run(
            hledger, ["-f", file, "balance", "--cleared", "--flat", "-N", "-E", "-O", "csv"])
        #expect(balance.status == 0, "\(balance.output)")
        try expectBalances(Self.csvBalances(balance.output), equal: ExportSamples.balances(cli))
    }

    @Test("ledger accepts the samples' journal, assertions and all, with ledgerport's balances")
    func ledgerSamples() throws {
        guard let ledger = ExternalTool.find("ledger") else { return }
        let cli = try ExportSamples.ledger()
        let file = try export(cli, "ledger")
        let balance = try ExternalTool.run(
            ledger,
            [
                "-f", file, "--cleared", "balance", "--flat", "--no-total", "--empty", "--balance-format",
                "%(account)|%(scrub(display_total))\n",
            ])
        #expect(balance.status == 0, "\(balance.output)")
        var found: [String: String] = [:]
        for line in balance.output.split(separator: "\n") {
            let parts = line.split(separator: "|", maxSplits: 1)
            if parts.count == 2 { found[String(parts[0])] = String(parts[1]) }
        }
        try expectBalances(found, equal: ExportSamples.balances(cli))
    }

    @Test("bean-check accepts the samples' file, and balances at its end say ledgerport's")
    func beancountSamples() throws {
        guard let beanCheck = ExternalTool.find("bean-check") else { return }
        let cli = try ExportSamples.ledger()
        let file = try export(cli, "beancount")
        let check = try ExternalTool.run(beanCheck, [file])
        #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
        // Pending rows count in beancount's balances; ledgerport's leave them out.
        let booked = try export(cli, "beancount", "--pending", "omit")
        var text = "include \"\(booked)\"\n"
        for (account, balance) in try ExportSamples.balances(cli).sorted(by: { $0.key < $1.key }) {
            let amount = Money.format(balance.amount, currency: balance.currency)
            text += "2100-01-01 balance \(account)  \(amount) ~ 0 \(balance.currency.code)\n"
        }
        let checks = try cli.write("balances.beancount", text)
        let result = try ExternalTool.run(beanCheck, [checks])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)\n\(text)")
    }

    // MARK: - Assertions are real

    @Test("a checkpoint with a discrepancy is an assertion each tool rejects")
    func discrepancyRejected() throws {
        let cli = try CLIHarness()
        let sample = Fixture.repositoryRoot.appendingPathComponent("samples/checking.csv").path
        #expect(cli.run("import", sample, "--account", "Checking", "--currency", "USD") == 0, "\(cli.errors)")
        // The statement says 1.00 more than the rows add up to on 2024-03-04.
        #expect(cli.run("reconcile", "Checking", "--balance", "1699.61", "--as-of", "2024-03-04") == 0, "\(cli.errors)")
        #expect(cli.output.contains("discrepancy"), "\(cli.output)")
        if let hledger = ExternalTool.find("hledger") {
            let result = try ExternalTool.run(hledger, ["-f", try export(cli, "hledger"), "check"])
            #expect(result.status != 0)
            #expect(result.output.contains("balance assertion"), "\(result.output)")
        }
        if let ledger = ExternalTool.find("ledger") {
            let result = try ExternalTool.run(ledger, ["-f", try export(cli, "ledger"), "balance"])
            #expect(result.status != 0)
            #expect(result.output.contains("Balance assertion off by 1.00 USD"), "\(result.output)")
        }
        if let beanCheck = ExternalTool.find("bean-check") {
            let result = try ExternalTool.run(beanCheck, [try export(cli, "beancount")])
            #expect(result.status != 0)
            #expect(result.output.contains("Balance failed for 'Assets:Bank:Checking'"), "\(result.output)")
        }
    }

    // MARK: - Splits and pending rows

    @Test("a split row is one posting per split line, by its own category, and each tool accepts it")
    func splits() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("QIF/splits.qif").path
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("export", "--to", "hledger") == 0, "\(cli.errors)")
        for line in [
            "    Expenses:Groceries                           95.50 USD\n",
            "    Expenses:Household                           64.50 USD\n",
            "    Equity:Transfers                            -10.00 USD\n",
            "    Income:Salary                             -2400.00 USD\n",
            "    Expenses:Taxes:Federal                      300.00 USD\n",
        ] {
            #expect(cli.output.contains(line), "\(line) in \(cli.output)")
        }
        try checkedByEveryTool(cli)
    }

    @Test("a pending row before a checkpoint is flagged and counted in the assertion, so every tool agrees")
    func pendingBeforeCheckpoint() throws {
        let cli = try CLIHarness()
        // A booked -10.00 on 2024-01-10, a pending -4.75 on 2024-01-30, the statement's -10.00 on
        // 2024-01-31 (the bank doesn't count the pending row), and a later statement of -10.00.
        let file = Fixture.url("OFX/pending-v220.ofx").path
        #expect(cli.run("import", file, "--account", "Checking") == 0, "\(cli.errors)")
        #expect(cli.run("reconcile", "Checking", "--balance", "-10.00", "--as-of", "2024-02-15") == 0)
        #expect(cli.output.contains("reconciled"), "\(cli.output)")
        #expect(cli.run("export", "--to", "hledger") == 0)
        #expect(cli.output.contains("2024-01-30 ! PENDING CAFE"))
        #expect(cli.output.contains("= -14.75 USD"))
        try checkedByEveryTool(cli)
        #expect(cli.run("export", "--to", "hledger", "--pending", "omit") == 0)
        #expect(!cli.output.contains(" ! "))
        #expect(!cli.output.contains("-14.75"))
        try checkedByEveryTool(cli, "--pending", "omit")
    }

    // MARK: - Quoting

    @Test("awkward bank texts (; ( | quotes \\ accents &) reach each tool as written")
    func awkwardTexts() throws {
        let cli = try CLIHarness()
        let sample = Fixture.url("Export/awkward-texts.csv").path
        #expect(cli.run("import", sample, "--account", "Café & Co 2", "--currency", "EUR") == 0, "\(cli.errors)")
        if let hledger = ExternalTool.find("hledger") {
            let file = try export(cli, "hledger")
            let result = try ExternalTool.run(hledger, ["-f", file, "register", "-O", "csv", "Assets"])
            #expect(result.status == 0, "\(result.output)")
            for text in [
                "REWE,Berlin 0815", "(ATM) cash withdrawal", "Amazon / order 123", #"Joe's ""Diner"" C:\tmp"#,
                "Café Müller & Co", "* STAR * sale", "Salary, March",
            ] {
                #expect(result.output.contains(text), "hledger: \(text) in \(result.output)")
            }
            #expect(try ExternalTool.run(hledger, ["-f", file, "check"]).status == 0)
        }
        if let ledger = ExternalTool.find("ledger") {
            let file = try export(cli, "ledger")
            let result = try ExternalTool.run(ledger, ["-f", file, "register", "Assets", "--format", "%(payee)\n"])
            #expect(result.status == 0, "\(result.output)")
            for text in [
                "REWE;Berlin 0815", "(ATM) cash withdrawal", "Amazon | order 123", #"Joe's "Diner" C:\tmp"#,
                "Café Müller & Co", "* STAR * sale", "Salary; March",
            ] {
                #expect(result.output.contains(text + "\n"), "ledger: \(text) in \(result.output)")
            }
        }
        if let beanCheck = ExternalTool.find("bean-check") {
            let file = try export(cli, "beancount")
            let check = try ExternalTool.run(beanCheck, [file])
            #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
            let python = try #require(ExternalTool.find("python3"))
            let script = """
                import sys
                from beancount import loader
                entries, errors, _ = loader.load_file(sys.argv[1])
                for entry in entries:
                    if hasattr(entry, 'narration'):
                        print(entry.narration)
                """
            let result = try ExternalTool.run(python, ["-c", script, file])
            for text in [
                "REWE;Berlin 0815", "(ATM) cash withdrawal", "Amazon | order 123", #"Joe's "Diner" C:\tmp"#,
                "Café Müller & Co", "* STAR * sale", "Salary; March",
            ] {
                #expect(result.output.contains(text + "\n"), "beancount: \(text) in \(result.output)")
            }
        }
    }

    // MARK: - Helpers

    /// Exports to each journal format and has its tool check the file (assertions included).
    func checkedByEveryTool(_ cli: CLIHarness, _ more: String...) throws {
        if let hledger = ExternalTool.find("hledger") {
            let result = try ExternalTool.run(hledger, ["-f", try export(cli, "hledger", more), "check"])
            #expect(result.status == 0, "hledger: \(result.output)")
        }
        if let ledger = ExternalTool.find("ledger") {
            let result = try ExternalTool.run(ledger, ["-f", try export(cli, "ledger", more), "balance"])
            #expect(result.status == 0, "ledger: \(result.output)")
        }
        if let beanCheck = ExternalTool.find("bean-check") {
            let result = try ExternalTool.run(beanCheck, [try export(cli, "beancount", more)])
            #expect(result.status == 0 && result.output.isEmpty, "bean-check: \(result.output)")
        }
    }

    /// Exports to a file in the scratch folder and returns its path.
    func export(_ cli: CLIHarness, _ format: String, _ more: String...) throws -> String {
        try export(cli, format, more)
    }

    func export(_ cli: CLIHarness, _ format: String, _ more: [String]) throws -> String {
        let path = cli.folder.appendingPathComponent("export-\(format)-\(more.joined()).\(format)").path
        let code = cli.run(["export", "--to", format, "-o", path] + more)
        #expect(code == 0, "\(cli.errors)")
        return path
    }

    /// hledger's `balance -O csv` rows: `"account","balance"`.
    static func csvBalances(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", maxSplits: 1).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            if cells.count == 2 { result[cells[0]] = cells[1] }
        }
        return result
    }

    /// Compares a tool's balances (`1234.56 EUR`, `0`) with ledgerport's, for every bank account.
    func expectBalances(_ found: [String: String], equal expected: [String: (amount: Int64, currency: Currency)]) throws
    {
        #expect(!expected.isEmpty)
        for (account, balance) in expected {
            let text = try #require(found[account], "\(account) is missing from the tool's balances: \(found)")
            let number = String(text.split(separator: " ").first ?? "")
            #expect(
                ExportSamples.minorUnits(number, digits: balance.currency.minorDigits) == balance.amount,
                "\(account): the tool says \(text), ledgerport \(balance.amount) minor units")
        }
    }
}
