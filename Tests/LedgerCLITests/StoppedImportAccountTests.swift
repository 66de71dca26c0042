import Foundation
import LedgerTestSupport
import Testing

/// An import that stops before any row of an account it created is kept leaves no empty account
/// behind (issue 14); accounts that hold something stay.
@Suite("a stopped import and the accounts it created")
struct StoppedImportAccountTests {
    @Test("an OFX file stopped at its second transaction, before a batch was saved, leaves no account")
    func ofxStoppedBeforeFirstBatch() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("OFX/error-bad-amount.ofx").path
        #expect(cli.run("import", file) == 1)
        #expect(cli.output.contains("kept 0 rows"))
        #expect(cli.run("accounts") == 0)
        #expect(cli.output.contains("No accounts yet"), "\(cli.output)")
        #expect(cli.run("check") == 0)
    }

    @Test("a CSV stopped at its first row, or at its second before a batch was saved, leaves no account")
    func csvStopped() throws {
        let cli = try CLIHarness()
        let first = try cli.write("first.csv", "Date,Description,Amount\n2024-01-02,Coffee,lots\n")
        #expect(cli.run("import", first, "--account", "Checking", "--currency", "USD") == 1)
        let second = try cli.write(
            "second.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n2024-01-03,Tea,lots\n")
        #expect(cli.run("import", second, "--account", "Checking", "--currency", "USD") == 1)
        #expect(cli.run("accounts") == 0)
        #expect(cli.output.contains("No accounts yet"), "\(cli.output)")
    }

    @Test("an import stopped by the account limit at its first row leaves no account")
    func accountLimitStop() throws {
        let cli = try CLIHarness()
        let file = try cli.write(
            "huge.csv",
            "Date,Description,Amount\n2024-01-02,Huge,92233720368547758.07\n2024-01-03,Again,92233720368547758.07\n")
        #expect(cli.run("import", file, "--account", "A", "--currency", "USD") == 1)
        #expect(cli.errors.contains("the account's total would exceed"))
        #expect(cli.run("accounts") == 0)
        #expect(cli.output.contains("No accounts yet"), "\(cli.output)")
    }

    @Test("an account with rows from an earlier import, or from this import's saved batches, stays")
    func accountsWithRowsStay() throws {
        let cli = try CLIHarness()
        let good = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", good, "--account", "Checking", "--currency", "USD") == 0)
        let bad = try cli.write("feb.csv", "Date,Description,Amount\n2024-02-02,Tea,lots\n")
        #expect(cli.run("import", bad, "--account", "Checking", "--currency", "USD") == 1)
        let later = try cli.write(
            "mar.csv", "Date,Description,Amount\n2024-03-02,Cake,-4.00\n2024-03-03,Tea,-2.10\n2024-03-04,Pie,lots\n")
        #expect(cli.run("import", later, "--account", "Savings", "--currency", "USD", "--batch-size", "1") == 1)
        #expect(cli.run("accounts") == 0)
        #expect(cli.output.contains("Checking"))
        #expect(cli.output.contains("Savings"))
    }

    @Test("--account on a file of two currencies, by an external adapter or OFX, stops and leaves no account")
    func twoCurrenciesIntoOneAccount() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        try FileManager.default.createDirectory(at: cli.adapterFolder, withIntermediateDirectories: true)
        let script = cli.adapterFolder.appendingPathComponent("ledgerport-adapter-two").path
        let records = [
            #"{"type":"account","key":"e","name":"Wise EUR","currency":"EUR"}"#,
            #"{"type":"account","key":"u","name":"Wise USD","currency":"USD"}"#,
            #"{"type":"transaction","account":"e","bookingDay":"2026-01-31","amount":"12.50","direction":"debit","#
                + #""description":"A","source":{"line":1,"column":1}}"#,
            #"{"type":"transaction","account":"u","bookingDay":"2026-01-31","amount":"2.50","direction":"debit","#
                + #""description":"B","source":{"line":2,"column":1}}"#,
            #"{"type":"end","records":4}"#,
        ]
        let describe = #"{"protocols":[1],"name":"two","version":"1","summary":"Two currencies","extensions":["two"]}"#
        try Data(
            """
            #!/bin/sh
            case "$1" in
            describe) echo '\(describe)' ;;
            identify) echo 0 ;;
            extract) cat <<'END'
            \(records.joined(separator: "\n"))
            END
            ;;
            esac

            """.utf8
        ).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        #expect(cli.run("adapters", "trust", "two") == 0, "\(cli.errors)")
        let checking = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", checking, "--account", "Checking", "--currency", "EUR") == 0)
        let file = try cli.write("both.two", "data\n")
        #expect(cli.run("import", file, "--format", "two", "--account", "Main") == 1)
        #expect(cli.errors.contains("currency"), "\(cli.errors)")
        var text = try String(
            contentsOf: Fixture.repositoryRoot.appendingPathComponent("samples/ofx/two-accounts.ofx"), encoding: .utf8)
        let second = try #require(
            text.range(of: "<CURDEF>USD", range: text.range(of: "</STMTRS>")!.upperBound..<text.endIndex))
        text.replaceSubrange(second, with: "<CURDEF>EUR")
        let ofx = try cli.write("both.ofx", text)
        #expect(cli.run("import", ofx, "--account", "Main") == 1)
        #expect(cli.run("accounts", "--json") == 0)
        let names = try #require(try cli.json() as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == ["Checking"])
    }
}
