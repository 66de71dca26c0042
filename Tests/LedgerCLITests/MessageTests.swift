import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// Messages that used to mislead: each says what was found and what the rule is.
@Suite("messages")
struct MessageTests {
    @Test("an out-of-range --balance says it is out of range, with the range in the account's currency")
    func balanceOutOfRange() throws {
        let cli = try CLIHarness()
        let file = try cli.write("a.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "A") == 0)
        for option in ["--balance", "--opening"] {
            #expect(cli.run("reconcile", "A", option, "-92233720368547758.08", "--as-of", "2024-01-31") == 2)
            #expect(
                cli.errors.contains(
                    "\(option) -92233720368547758.08 is out of range for USD; expected digits with one '.' and "
                        + "at most 2 decimals, from -92233720368547758.07 to 92233720368547758.07"), "\(cli.errors)")
        }
        #expect(cli.run("reconcile", "A", "--balance", "1.005", "--as-of", "2024-01-31") == 2)
        #expect(
            cli.errors.contains(
                "--balance 1.005 has more decimals than USD allows; expected digits with one '.' and at most 2 decimals"
            ))
        #expect(cli.run("reconcile", "A", "--balance", "1,5", "--as-of", "2024-01-31") == 2)
        #expect(cli.errors.contains("--balance 1,5 is not an amount in USD; expected digits with one '.'"))
        // Trailing zeros are not more precision.
        #expect(cli.run("reconcile", "A", "--balance", "-3.80000", "--as-of", "2024-01-31") == 0, "\(cli.errors)")
        #expect(cli.output.contains("statement -3.80 USD"))
    }

    @Test("a symbolic link loop given as the file says so, not 'no such file'")
    func symlinkLoop() throws {
        let cli = try CLIHarness()
        let first = cli.folder.appendingPathComponent("loop1.csv").path
        let second = cli.folder.appendingPathComponent("loop2.csv").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
        for arguments in [["import", first], ["inspect", first], ["import", first, "--format", "csv"]] {
            #expect(cli.run(arguments) == 1)
            #expect(cli.errors.contains("can't read \(first): a loop of symbolic links"), "\(cli.errors)")
            #expect(!cli.errors.contains("no such file"))
        }
        #expect(cli.run("import", cli.folder.appendingPathComponent("absent.csv").path) == 1)
        #expect(cli.errors.contains("no such file"))
    }

    @Test("a header of 100,000 columns under --mapping generic lists the first columns it found and how many more")
    func wideHeader() throws {
        let cli = try CLIHarness()
        let columns = (0..<100_000).map { "c\($0)" }
        let file = try cli.write(
            "wide.csv",
            columns.joined(separator: ",") + "\n" + Array(repeating: "1", count: 100_000).joined(separator: ",")
                + "\n")
        #expect(cli.run("import", file, "--mapping", "generic") == 1)
        let message = try #require(cli.errors.split(separator: "\n").first)
        #expect(message.contains("needs columns \"Date\", \"Amount\", \"Description\" that the file lacks"))
        #expect(message.contains("found a header line longer than the first 64 KiB, its first "), "\(message)")
        #expect(message.contains("\"c0\", \"c1\", \"c2\""))
        #expect(message.contains(" more)"))
        #expect(message.count < 600)
        // A header that fits in the head: its column count, its first ten columns, the rest counted.
        let hundred = try cli.write("hundred.csv", columns.prefix(100).joined(separator: ",") + "\n1\n")
        #expect(cli.run("import", hundred, "--mapping", "generic") == 1)
        #expect(cli.errors.contains("found 100 columns: \"c0\", \"c1\""), "\(cli.errors)")
        #expect(cli.errors.contains("\"c9\", … (90 more)"))
    }

    @Test("a NUL escaped in a feed's description is refused, by import and by sync, naming the field")
    func nulInFeed() throws {
        let cli = try CLIHarness()
        let sample = try String(
            contentsOf: Fixture.repositoryRoot.appendingPathComponent("samples/feed.jsonl"), encoding: .utf8)
        let text = sample.replacingOccurrences(
            of: #""transactionDescription":"Salary""#, with: #""transactionDescription":"Sal\u0000ary""#)
        #expect(text != sample)
        let file = try cli.write("feed.jsonl", text)
        let line = text.split(separator: "\n").firstIndex { $0.contains(#"\u0000"#) }.map { $0 + 1 } ?? 0
        // At the string's value: its opening quote.
        let lineText = text.split(separator: "\n")[line - 1]
        let value = try #require(lineText.range(of: #""Sal\u0000ary""#))
        let column = lineText.utf8.distance(from: lineText.startIndex, to: value.lowerBound) + 1
        let field = #".transactionDescription: NUL byte in transactionDescription; expected text"#
        #expect(cli.run("import", file) == 1)
        #expect(cli.errors.contains("\(file):\(line):\(column): error: $."), "\(cli.errors)")
        #expect(cli.errors.contains(field), "\(cli.errors)")
        #expect(cli.run("sync", file) == 1)
        #expect(cli.errors.contains("\(file):\(line):\(column): error: $."), "\(cli.errors)")
        #expect(cli.errors.contains(field), "\(cli.errors)")
        #expect(cli.run("transactions", "--json") == 0)
        #expect(!cli.output.contains(#"\u0000"#))
    }
}
