import Foundation
import LedgerCLI
import Testing

private let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[31mRED"

/// The text of a file never reaches a terminal as escape sequences: tables, lines and errors show
/// control characters as `\u{1B}`; JSON escapes them as `\u001b`.
@Suite("control characters in output")
struct TerminalTextTests {
    /// No byte that a terminal acts on: ESC, BEL, CSI (U+009B) or a right-to-left override.
    static func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\r"].contains($0) }
    }

    @Test("a CSV description with an escape sequence is listed visibly, and as \\u001b in JSON")
    func transactions() throws {
        let cli = try CLIHarness()
        let csv =
            "Date,Description,Amount\n2024-01-02,\"\(hostile)\",-3.80\n2024-01-03,\"tab\there\u{202E}evil\",-1.00\n"
        let file = try cli.write("hostile.csv", csv)
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 0)
        #expect(Self.isInert(cli.output) && Self.isInert(cli.errors))

        #expect(cli.run("transactions") == 0)
        #expect(Self.isInert(cli.output), "\(cli.output.debugDescription)")
        #expect(cli.output.contains(#"\u{1B}]0;pwned\u{7}\u{1B}[31mRED"#))
        // A tab in a cell is shown too, so the row stays one line with its columns.
        #expect(cli.output.contains(#"tab\u{9}here\u{202E}evil"#))
        #expect(cli.output.split(separator: "\n").count == 3)

        #expect(cli.run("transactions", "--json") == 0)
        #expect(Self.isInert(cli.output))
        #expect(cli.output.contains(#""\u001b]0;pwned\u0007\u001b[31mRED""#))
        #expect(cli.output.contains(#""tab\there\u202eevil""#))
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.first?["description"] as? String == hostile)
    }

    @Test("an account name with an escape sequence, from --account, is shown visibly")
    func accountFromOption() throws {
        let cli = try CLIHarness()
        let file = try cli.write("one.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Evil\u{1B}[2J") == 0)
        #expect(Self.isInert(cli.output))
        #expect(cli.run("accounts") == 0)
        #expect(Self.isInert(cli.output))
        #expect(cli.output.contains(#"Evil\u{1B}[2J"#))
        #expect(cli.run("accounts", "--json") == 0)
        #expect(cli.output.contains(#""Evil\u001b[2J""#))
        // An unknown account quoted in an error.
        #expect(cli.run("reconcile", "Nobody\u{1B}[31m") == 1)
        #expect(Self.isInert(cli.errors))
        #expect(cli.errors.contains(#"Nobody\u{1B}[31m"#))
    }

    @Test("an account name from an OFX institution written as &#x1B; is shown visibly")
    func accountFromOFX() throws {
        let cli = try CLIHarness()
        let ofx = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102
            SECURITY:NONE
            ENCODING:USASCII
            CHARSET:1252
            COMPRESSION:NONE
            OLDFILEUID:NONE
            NEWFILEUID:NONE

            <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <DTSERVER>20240201<FI><ORG>Bank&#x1B;]0;pwned&#x07;&#x1B;[31mRED<FID>1</FI></SONRS></SIGNONMSGSRSV1>
            <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD
            <BANKACCTFROM><BANKID>1<ACCTID>123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240110<TRNAMT>-10.00<FITID>X1<NAME>&#x1B;[31mRED&#x1B;[0m</STMTTRN>
            </BANKTRANLIST><LEDGERBAL><BALAMT>-10.00<DTASOF>20240131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        let file = try cli.write("hostile.ofx", ofx)
        #expect(cli.run("import", file) == 0, "\(cli.errors)")
        #expect(Self.isInert(cli.output) && Self.isInert(cli.errors))
        #expect(cli.output.contains(#"\u{1B}]0;pwned\u{7}\u{1B}[31mRED"#), "\(cli.output)")
        for arguments in [["accounts"], ["transactions"], ["imports"]] {
            #expect(cli.run(arguments) == 0)
            #expect(Self.isInert(cli.output), "\(arguments): \(cli.output.debugDescription)")
        }
        #expect(cli.run("transactions") == 0)
        #expect(cli.output.contains(#"\u{1B}[31mRED\u{1B}[0m"#))
        #expect(cli.run("accounts", "--json") == 0)
        #expect(cli.output.contains(#"\u001b]0;pwned\u0007\u001b[31mRED"#))
    }

    @Test("an error quoting a bad field shows its escape sequence visibly, in text and JSON")
    func errorQuotingAField() throws {
        let cli = try CLIHarness()
        let file = try cli.write("bad.csv", "Date,Description,Amount\n2024-01-02,Coffee,\"\u{1B}[31m12\"\n")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking") == 1)
        #expect(Self.isInert(cli.errors) && Self.isInert(cli.output), "\(cli.errors.debugDescription)")
        #expect(cli.errors.contains(#""\u{1B}[31m12" is not an amount"#), "\(cli.errors)")
        #expect(cli.run("import", file, "--currency", "USD", "--account", "Checking", "--json") == 1)
        #expect(Self.isInert(cli.output))
        #expect(cli.output.contains(#"\"\u001b[31m12\" is not an amount"#), "\(cli.output)")
        #expect(cli.run("imports") == 0)
        #expect(Self.isInert(cli.output))
    }
}
