import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// Statement-level reading: pending transactions, investment statements, balances.
@Suite("OFX statements")
struct OFXStatementTests {
    @Test("an investment statement imports its cash lines and reports its trades as skipped with a count")
    func investment() throws {
        let bytes = try OFXSampleTests.bytes("investment.ofx")
        let run = runAdapter(OFXFormat.self, bytes: bytes, name: "investment.ofx")
        #expect(run.drafts.map(\.externalID) == ["INV-CASH-0001", "INV-CASH-0002", "INV-CASH-0003"])
        let skipped = run.events.compactMap { event -> SkippedRecords? in
            if case .skipped(let records) = event { return records } else { return nil }
        }
        #expect(skipped.map(\.count) == [2])
        #expect(skipped.first?.reason.contains("BUYSTOCK") == true)
        #expect(run.balances.map(\.kind) == [.available])
    }

    @Test("pending transactions (STMTTRNP) are kept as pending and left out of the ledger balance")
    func pending() throws {
        let run = runAdapter(OFXFormat.self, bytes: try Fixture.bytes("OFX/pending-v220.ofx"), name: "p.ofx")
        #expect(run.drafts.map(\.status) == [.booked, .pending])
        #expect(run.drafts.last?.bookingDay.description == "2024-01-30")
    }

    @Test("LEDGERBAL is the ledger balance and AVAILBAL the available one, each as of DTASOF")
    func balances() throws {
        let run = runAdapter(OFXFormat.self, bytes: try OFXSampleTests.bytes("checking-v220.ofx"), name: "c.ofx")
        #expect(run.balances.map(\.kind) == [.ledger, .available])
        #expect(run.balances.map(\.formatted) == ["1995.66", "2495.66"])
        #expect(run.balances.map { $0.asOf.description } == ["2024-03-31", "2024-03-31"])
    }

    @Test("a statement without an account aggregate is an error")
    func missingAccount() {
        let document = TestDocument.sgml([
            "<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n<BANKTRANLIST>\n\(TestDocument.transaction())</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n"
        ])
        #expect(TestDocument.read(document).error?.contains("has no <BANKACCTFROM>") == true)
    }

    @Test("reading twice gives the same events: identities are stable across re-imports")
    func stable() throws {
        for sample in OFXSampleTests.samples {
            let bytes = try OFXSampleTests.bytes(sample)
            #expect(
                runAdapter(OFXFormat.self, bytes: bytes, name: sample)
                    == runAdapter(OFXFormat.self, bytes: bytes, name: sample))
        }
    }
}

/// Inputs built to exhaust a reader.
@Suite("OFX hostile input")
struct OFXHostileInputTests {
    @Test("a value that never reaches another tag is refused at 1 MiB, not buffered without end")
    func endlessValue() {
        let start = TestDocument.sgml([TestDocument.bankStatement([])])
        let cut = String(start.prefix(upTo: start.range(of: "</BANKTRANLIST>")!.lowerBound))
        let bytes = Array((cut + "<STMTTRN>\n<MEMO>").utf8) + [UInt8](repeating: 0x41, count: (1 << 20) + 100_000)
        let run = runAdapter(OFXFormat.self, bytes: bytes, name: "big.ofx")
        #expect(run.error?.contains("<MEMO> runs on for more than 1048576 bytes") == true, "\(run.error ?? "")")
    }

    @Test("deeply nested unknown and known tags neither crash nor recurse")
    func deepNesting() {
        let nested = String(repeating: "<STMTTRNRS><BANKTRANLIST><XYZ.A>", count: 20_000)
        let run = TestDocument.read(TestDocument.sgml([nested]))
        #expect(run.drafts.isEmpty)
        // Read to the end without trouble; with no statement in it, the document is refused.
        #expect(run.error?.contains("holds no statement") == true, "\(run.error ?? "")")
    }
}

/// Documents that hold no statement: what a server sends when it refuses a download.
@Suite("OFX documents without a statement")
struct OFXNoStatementTests {
    @Test("a server's refusal is the error, shown at its <STATUS>")
    func refusal() {
        let refused = """
            <STMTTRNRS>
            <TRNUID>1
            <STATUS>
            <CODE>2000
            <SEVERITY>ERROR
            <MESSAGE>General error: account locked
            </STATUS>
            </STMTTRNRS>

            """
        let text = TestDocument.sgml([refused])
        let run = TestDocument.read(text)
        #expect(run.drafts.isEmpty)
        #expect(
            run.error?.contains("holds no statement, and the server answered ERROR 2000: General error: account locked")
                == true, "\(run.error ?? "")")
        // The first <STATUS> with a code other than 0: the statement's, not the signon's.
        #expect(run.errorLocation?.line == TestDocument.line(of: "<STATUS>\n<CODE>2000", in: text))
    }

    @Test("with no refusal either, the error says what was expected")
    func nothing() {
        let run = TestDocument.read(TestDocument.sgml([]))
        #expect(
            run.error?.hasSuffix(
                "holds no statement; expected a bank, card or investment statement (<STMTRS>, <CCSTMTRS> or <INVSTMTRS>)"
            ) == true)
    }

    @Test("a statement with no transactions is a statement: no error")
    func emptyStatement() {
        let run = TestDocument.read(TestDocument.sgml([TestDocument.bankStatement([], ledgerBalance: "10.00")]))
        #expect(run.error == nil)
        #expect(run.balances.count == 1)
    }
}

/// The header lines of OFX 1.x in their documented variants.
@Suite("OFXHeader")
struct OFXHeaderTests {
    @Test(
        "every OFX 1.x version, encoding and charset reads the same statement",
        arguments: [
            ("102", "USASCII", "1252"), ("103", "USASCII", "NONE"), ("151", "UTF-8", "NONE"),
            ("160", "USASCII", "ISO-8859-1"), ("160", "UTF-8", "1252"),
        ])
    func versions(version: String, encoding: String, charset: String) {
        let header = TestDocument.header.replacingOccurrences(of: "VERSION:102", with: "VERSION:\(version)")
            .replacingOccurrences(of: "ENCODING:USASCII", with: "ENCODING:\(encoding)")
            .replacingOccurrences(of: "CHARSET:1252", with: "CHARSET:\(charset)")
        let body = TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction()])])
            .replacingOccurrences(of: TestDocument.header, with: header)
        let run = TestDocument.read(body)
        #expect(run.error == nil)
        #expect(run.drafts.count == 1)
    }

    @Test("CRLF and LF line ends give the same drafts, with the same line numbers")
    func lineEnds() {
        let text = TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction()])])
        let lf = TestDocument.read(text)
        let crlf = TestDocument.read(text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(lf == crlf)
    }
}
