import Foundation
import LedgerTestSupport
import Testing

/// `extract` prints the adapter protocol's JSON Lines for any adapter, and stops as an import does.
@Suite("ledgerport extract")
struct ExtractCommandTests {
    /// The output's lines, each parsed as a JSON object.
    private func records(_ output: String) throws -> [[String: Any]] {
        #expect(output.hasSuffix("\n"))
        return try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("a generic CSV becomes an account, its transactions with running balances, and an end counting them")
    func genericCSV() throws {
        let cli = try CLIHarness()
        let file = try cli.write(
            "march.csv",
            "Date,Description,Amount,Balance\n2024-03-01,\"Rent, March\",-900.00,100.00\n2024-03-02,Pay,50.5,150.50\n")
        #expect(cli.run("extract", file, "--account", "Checking", "--currency", "EUR") == 0)
        let lines = cli.output.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"type":"mapping","name":"generic"}"#)
        #expect(lines[1] == #"{"type":"account","key":"Checking","name":"Checking","currency":"EUR"}"#)
        #expect(
            lines.contains(
                #"{"type":"transaction","account":"Checking","bookingDay":"2024-03-01","amount":"900.00","direction":"debit","currency":"EUR","description":"Rent, March","balance":"100.00","source":{"line":2,"column":1}}"#
            ))
        #expect(lines.contains { $0.contains(#""amount":"50.50","direction":"credit""#) })
        #expect(lines.last == #"{"type":"end","records":\#(lines.count - 1)}"#)
        #expect(cli.errors.isEmpty)
    }

    @Test("bad data prints the records before it, an error record where it is, and end; stderr has FILE:LINE:COLUMN")
    func stopsAtBadData() throws {
        let cli = try CLIHarness()
        let file = try cli.write(
            "bad.csv", "Date,Description,Amount\n2024-01-01,Coffee,-3.80\n2024-01-02,Groceries,12abc\n")
        #expect(cli.run("extract", file, "--account", "Cash", "--currency", "EUR") == 1)
        let all = try records(cli.output)
        let types = all.compactMap { $0["type"] as? String }
        #expect(types.filter { $0 == "transaction" }.count == 1)
        #expect(Array(types.suffix(2)) == ["error", "end"])
        let error = all[all.count - 2]
        let source = try #require(error["source"] as? [String: Any])
        #expect(source["line"] as? Int == 3)
        #expect((error["message"] as? String)?.contains("12abc") == true)
        #expect(all.last?["records"] as? Int == all.count - 1)
        #expect(cli.errors.contains("bad.csv:3:"))
        #expect(cli.errors.contains(": error: "))
    }

    @Test("a file that names no account is bad usage (exit 2), still ending its stream with error and end")
    func missingAccount() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", "Date,Description,Amount\n2024-03-02,Coffee,-3.80\n")
        #expect(cli.run("extract", file) == 2)
        #expect(cli.errors.contains("--account"))
        let types = try records(cli.output).compactMap { $0["type"] as? String }
        #expect(Array(types.suffix(2)) == ["error", "end"])
    }

    @Test(
        "bad usage exits 2 with nothing on stdout",
        arguments: [
            ["extract"], ["extract", "a.csv", "b.csv"], ["extract", "FILE", "--format", "nope"],
            ["extract", "FILE", "--mapping", "nope"], ["extract", "FILE", "--currency", "EURO"],
        ])
    func badUsage(arguments: [String]) throws {
        let cli = try CLIHarness()
        let file = try cli.write("a.csv", "Date,Description,Amount\n2024-03-02,Coffee,-3.80\n")
        #expect(cli.run(arguments.map { $0 == "FILE" ? file : $0 }) == 2)
        #expect(cli.output.isEmpty)
    }

    @Test("a missing file exits 1 with nothing on stdout")
    func missingFile() throws {
        let cli = try CLIHarness()
        #expect(cli.run("extract", cli.folder.appendingPathComponent("none.csv").path) == 1)
        #expect(cli.output.isEmpty)
        #expect(cli.errors.contains("no such file"))
    }

    @Test("-o FILE writes the lines to the file and nothing to stdout")
    func outputFile() throws {
        let cli = try CLIHarness()
        let file = try cli.write("a.csv", "Date,Description,Amount\n2024-03-02,Coffee,-3.80\n")
        let target = cli.folder.appendingPathComponent("out.jsonl").path
        #expect(cli.run("extract", file, "--account", "Cash", "--currency", "USD", "-o", target) == 0)
        #expect(cli.output.isEmpty)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.hasSuffix(#"{"type":"end","records":3}"# + "\n"))
        #expect(written.contains(#""amount":"3.80","direction":"debit","currency":"USD""#))
    }

    @Test("-o writes into the file where it is: a symbolic link stays a link and its target gets the lines")
    func outputThroughLink() throws {
        let cli = try CLIHarness()
        let file = try cli.write("a.csv", "Date,Description,Amount\n2024-03-02,Coffee,-3.80\n")
        let target = try cli.write("target.jsonl", "old text that is longer than the new lines will be, much longer\n")
        let link = cli.folder.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(cli.run("extract", file, "--account", "Cash", "--currency", "USD", "-o", link) == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.hasPrefix(#"{"type":"mapping""#))
        #expect(!written.contains("old text"))
    }

    @Test("an OFX file is detected, and every record names an account declared before it by its key")
    func ofx() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("OFX/corrections.ofx").path
        #expect(cli.run("extract", file) == 0)
        let all = try records(cli.output)
        let types = Set(all.compactMap { $0["type"] as? String })
        #expect(types.isSuperset(of: ["account", "transaction", "correction", "end"]))
        let keys = Set(all.filter { $0["type"] as? String == "account" }.compactMap { $0["key"] as? String })
        var declared: Set<String> = []
        for record in all {
            if record["type"] as? String == "account", let key = record["key"] as? String { declared.insert(key) }
            if let account = record["account"] as? String { #expect(declared.contains(account)) }
        }
        #expect(declared == keys)
    }

    @Test("a large file is written in several chunks and nothing is lost between them")
    func manyRows() throws {
        let cli = try CLIHarness()
        var text = "Date,Description,Amount\n"
        for index in 0..<5000 { text += "2024-03-02,Shop \(index),-\(index).01\n" }
        let file = try cli.write("big.csv", text)
        #expect(cli.run("extract", file, "--account", "Cash", "--currency", "EUR") == 0)
        let lines = cli.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix(#"{"type":"transaction""#) }.count == 5000)
        #expect(lines.last == #"{"type":"end","records":\#(lines.count - 1)}"#)
        #expect(cli.output.utf8.count > 256 * 1024)
    }
}
