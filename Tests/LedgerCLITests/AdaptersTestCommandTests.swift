import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// `adapters test` runs golden files for an adapter and shows a line diff on a mismatch; the
/// built-in adapters pass their own goldens.
@Suite("ledgerport adapters test")
struct AdaptersTestCommandTests {
    /// A copy of a golden folder in the harness's scratch folder, to change.
    private func copy(_ golden: String, into cli: CLIHarness) throws -> URL {
        let target = cli.folder.appendingPathComponent("golden-\(golden)")
        try FileManager.default.copyItem(at: Fixture.url("Golden/\(golden)"), to: target)
        return target
    }

    @Test("each built-in adapter passes its golden folder", arguments: ["csv", "ofx", "feed", "camt", "qif", "mt940"])
    func builtInGoldens(adapter: String) throws {
        let cli = try CLIHarness()
        let code = cli.run("adapters", "test", adapter, Fixture.url("Golden/\(adapter)").path)
        #expect(code == 0, "\(cli.output)\(cli.errors)")
        #expect(!cli.output.contains("FAIL"))
        #expect(cli.output.contains("ok    "))
    }

    @Test(
        "a changed expected line fails with exit 1, naming the line, its first differing field with both values, and both lines cut short"
    )
    func changedLine() throws {
        let cli = try CLIHarness()
        let folder = try copy("csv", into: cli)
        let expected = folder.appendingPathComponent("generic-iso.csv.expected.jsonl")
        var lines = try String(contentsOf: expected, encoding: .utf8).components(separatedBy: "\n")
        let original = lines[2]
        lines[2] = original.replacingOccurrences(of: #""direction":"debit""#, with: #""direction":"credit""#)
        #expect(lines[2] != original)
        try lines.joined(separator: "\n").write(to: expected, atomically: true, encoding: .utf8)
        #expect(cli.run("adapters", "test", "csv", folder.path) == 1)
        #expect(cli.output.contains("FAIL  generic-iso.csv"))
        #expect(cli.output.contains(#"  line 3: "direction" is "debit"; expected "credit""#), "\(cli.output)")
        let shown = cli.output.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let expectedLine = try #require(shown.first { $0.hasPrefix("- expected line 3: ") })
        let actualLine = try #require(shown.first { $0.hasPrefix("+ actual line 3: ") })
        #expect(original.count > 150)
        #expect(expectedLine.count < 130 && actualLine.count < 130)
        #expect(expectedLine.contains(#""direction":"credit""#) && actualLine.contains(#""direction":"debit""#))
        #expect(expectedLine.contains("…"))
        #expect(cli.output.contains("ok    paypal-activity.csv"))
    }

    @Test("a missing expected file is a failure that says to run with --update, which writes it")
    func missingExpected() throws {
        let cli = try CLIHarness()
        let folder = try copy("ofx", into: cli)
        let expected = folder.appendingPathComponent("two-accounts.ofx.expected.jsonl")
        let original = try Data(contentsOf: expected)
        try FileManager.default.removeItem(at: expected)
        #expect(cli.run("adapters", "test", "ofx", folder.path) == 1)
        #expect(cli.output.contains("FAIL  two-accounts.ofx: no two-accounts.ofx.expected.jsonl; run with --update"))
        #expect(cli.run("adapters", "test", "ofx", folder.path, "--update") == 0)
        #expect(try Data(contentsOf: expected) == original)
        #expect(cli.run("adapters", "test", "ofx", folder.path) == 0)
    }

    @Test("many differing lines show the first 20 and how many more")
    func longDiff() throws {
        let cli = try CLIHarness()
        let folder = cli.folder.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = "Date,Description,Amount\n"
        for index in 0..<30 { text += "2024-03-02,Shop \(index),-1.00\n" }
        try Data(text.utf8).write(to: folder.appendingPathComponent("a.csv"))
        try Data(#"{"account": "Cash", "currency": "EUR"}"#.utf8).write(
            to: folder.appendingPathComponent("a.csv.options.json"))
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent("a.csv.expected.jsonl"))
        #expect(cli.run("adapters", "test", "csv", folder.path) == 1)
        #expect(cli.output.contains("- expected line 1: {}"))
        #expect(cli.output.contains("more differing lines"))
    }

    @Test(
        "an unknown adapter or a DIR that isn't a folder is bad usage",
        arguments: [
            ["adapters", "test", "nope", "DIR"], ["adapters", "test", "csv", "DIR/none"], ["adapters", "test", "csv"],
        ])
    func badUsage(arguments: [String]) throws {
        let cli = try CLIHarness()
        #expect(cli.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: cli.folder.path) }) == 2)
        #expect(!cli.errors.isEmpty)
    }

    @Test("the first differing field is found in order, inside source too, and a field only one side has is absent")
    func fieldDifference() {
        #expect(
            AdaptersTestCommand.fieldDifference(
                expected: #"{"type":"transaction","amount":"12.50","source":{"line":3,"column":1}}"#,
                actual: #"{"type":"transaction","amount":"12.50","source":{"line":4,"column":1}}"#)
                == #""source.line" is 4; expected 3"#)
        #expect(
            AdaptersTestCommand.fieldDifference(
                expected: #"{"type":"transaction","payee":"Shop","amount":"1.00"}"#,
                actual: #"{"type":"transaction","amount":"2.00"}"#)
                == #""payee" is absent; expected "Shop""#)
    }

    @Test("an untrusted or changed adapter is refused as `import --format` refuses it, exit 2, and never runs")
    func untrustedAdapter() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let wise = try ScriptAdapter("wise", in: cli.adapterFolder)
        let file = try cli.write("march.wst", "data\n")
        #expect(cli.run("import", file, "--format", "wise") == 2)
        let refusal = cli.errors
        #expect(refusal.contains("is not trusted"))
        #expect(cli.run("adapters", "test", "wise", cli.folder.path) == 2)
        #expect(cli.errors == refusal)
        #expect(!wise.hasRun)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        try wise.change()
        #expect(cli.run("adapters", "test", "wise", cli.folder.path) == 2)
        #expect(cli.errors.hasPrefix("ledgerport: adapter wise changed since you trusted it"), "\(cli.errors)")
        #expect(cli.run("adapters", "test", "nope", cli.folder.path) == 2)
        #expect(cli.errors.hasPrefix("ledgerport: no adapter named nope; expected one of csv, ofx, feed"))
    }
}
