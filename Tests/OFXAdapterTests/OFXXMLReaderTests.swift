import Foundation
import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// OFX 2.x through libxml2: the same reading as SGML, and untrusted input kept harmless.
@Suite("OFXXMLReader")
struct OFXXMLReaderTests {
    static let secretPath = "/tmp/ledgerport-ofx-secret.txt"
    static let secret = "LEDGERPORT-SECRET-7d1f3c"

    /// An OFX 2 document whose NAME is `name`, after an optional DOCTYPE.
    static func document(doctype: String = "", name: String = "SHOP") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        \(doctype)<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <DTSERVER>20240201</DTSERVER><LANGUAGE>ENG</LANGUAGE><FI><ORG>Test Bank</ORG></FI></SONRS></SIGNONMSGSRSV1>
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <STMTRS><CURDEF>USD</CURDEF>
        <BANKACCTFROM><BANKID>999999999</BANKID><ACCTID>123456789</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240110</DTPOSTED><TRNAMT>-10.00</TRNAMT><FITID>F1</FITID><NAME>\(name)</NAME></STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-10.00</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL>
        </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """
    }

    @Test("an OFX 2 statement reads like the same statement in OFX 1 SGML")
    func sameAsSGML() {
        let xml = TestDocument.read(Self.document())
        let sgml = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction()], ledgerBalance: "-10.00")]))
        #expect(xml.error == nil)
        let strip = { (draft: Draft) -> Draft in draft.with(location: .file("")) }
        #expect(xml.drafts.map(strip) == sgml.drafts.map(strip))
        #expect(xml.accounts == sgml.accounts)
        #expect(xml.balances.map(\.signedMinorUnits) == sgml.balances.map(\.signedMinorUnits))
    }

    @Test("a draft's location points at its <STMTTRN> tag")
    func location() {
        let text = Self.document()
        let run = TestDocument.read(text)
        #expect(run.drafts.first?.location.line == TestDocument.line(of: "<STMTTRN>", in: text))
        #expect(run.drafts.first?.location.column == 1)
    }

    @Test("an external entity pointing at a local file is refused and the file's text never appears")
    func externalEntity() throws {
        try Self.secret.write(toFile: Self.secretPath, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: Self.secretPath) }
        let doctype = "<!DOCTYPE OFX [\n<!ENTITY secret SYSTEM \"file://\(Self.secretPath)\">\n]>\n"
        let run = TestDocument.read(Self.document(doctype: doctype, name: "&secret;"))
        #expect(run.error?.contains("<!DOCTYPE> refused") == true, "\(run.error ?? "no error")")
        #expect(run.drafts.isEmpty)
        #expect(!(run.events.map { "\($0)" }.joined() + (run.error ?? "")).contains(Self.secret))
    }

    @Test("an external entity naming a FIFO is refused without opening it (opening would block)")
    func externalEntityNeverOpened() throws {
        let path = "/tmp/ledgerport-ofx-fifo-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let doctype = "<!DOCTYPE OFX [\n<!ENTITY secret SYSTEM \"file://\(path)\">\n]>\n"
        // Reading a FIFO with no writer blocks forever: finishing at all proves it was never opened.
        let run = TestDocument.read(Self.document(doctype: doctype, name: "&secret;"))
        #expect(run.error?.contains("<!DOCTYPE> refused") == true)
    }

    @Test("nested entity expansion (billion laughs) is refused before anything is expanded")
    func entityExpansion() {
        var doctype = "<!DOCTYPE OFX [\n<!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        for (previous, name) in zip(names, names.dropFirst()) {
            doctype += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        doctype += "]>\n"
        let start = ContinuousClock.now
        let run = TestDocument.read(Self.document(doctype: doctype, name: "&j;"))
        #expect(run.error?.contains("<!DOCTYPE> refused") == true)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test("an entity the document never declares is a well-formedness error, not an empty value")
    func undeclaredEntity() {
        let run = TestDocument.read(Self.document(name: "&secret;"))
        #expect(run.error?.contains("not well-formed") == true, "\(run.error ?? "")")
        #expect(run.drafts.isEmpty)
    }

    @Test("predefined entities and character references are decoded")
    func predefinedEntities() {
        let run = TestDocument.read(Self.document(name: "A&amp;W &#233;t&#xE9; &lt;3"))
        #expect(run.drafts.first?.description == "A&W été <3")
    }

    @Test("an escaped reference is decoded once: &amp;amp; is the text &amp;, &#38;lt; the text &lt;")
    func referencesDecodedOnce() {
        let run = TestDocument.read(Self.document(name: "AT&amp;amp;T &#38;lt;3 &amp;#233;"))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.first?.description == "AT&amp;T &lt;3 &#233;")
    }

    @Test("malformed XML is an error with a line and column")
    func malformed() {
        let text = Self.document().replacingOccurrences(of: "</NAME>", with: "</NAM>")
        let run = TestDocument.read(text)
        #expect(run.error?.contains("not well-formed") == true)
        #expect(run.errorLocation?.line == TestDocument.line(of: "<STMTTRN>", in: text))
    }
}

/// What real OFX 2 files get wrong and are still read (issue 14): a bare `&`, an encoding label
/// that contradicts the bytes.
@Suite("OFX 2 tolerances")
struct OFXXMLToleranceTests {
    static let fixtures = [
        "xml-bare-ampersand.ofx", "error-xml-bare-ampersand-then-bad-amount.ofx",
        "error-xml-bare-ampersand-then-malformed.ofx", "xml-utf16-label-8bit-body.ofx",
        "xml-utf8-label-latin1-body.ofx",
    ]

    @Test(
        "the same events whatever the chunk size: a bare & or a Windows-1252 byte split across chunks",
        arguments: fixtures)
    func chunkSizes(fixture: String) throws {
        let bytes = try Fixture.bytes("OFX/\(fixture)")
        let reference = runAdapter(OFXFormat.self, bytes: bytes, name: fixture)
        for chunkSize in [1, 2, 3, 5, 17, 4096] {
            let run = runAdapter(OFXFormat.self, bytes: bytes, name: fixture, chunkSize: chunkSize)
            #expect(run == reference, "chunk size \(chunkSize)")
        }
    }

    @Test("a bare & is a literal &; references are still decoded")
    func bareAmpersand() {
        let run = TestDocument.read(OFXXMLReaderTests.document(name: "A&W &amp; B&#38;B & AT&T"))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.first?.description == "A&W & B&B & AT&T")
    }

    @Test("an error after a bare & on the same line is at the file's own column")
    func locationAfterBareAmpersand() {
        let document = OFXXMLReaderTests.document(name: "A&W & B&B</NAME><TRNAMT>12,3.4</TRNAMT><NAME>X")
        let run = TestDocument.read(document, name: "amp.ofx")
        let line = TestDocument.line(of: "<STMTTRN>", in: document)
        let text = document.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let column =
            text.distance(from: text.startIndex, to: text.range(of: "<TRNAMT>12")?.lowerBound ?? text.startIndex) + 1
        #expect(
            run.error?.hasPrefix("amp.ofx:\(line):\(column): error: <TRNAMT> \"12,3.4\"") == true, "\(run.error ?? "")")
    }

    @Test("an undeclared entity is still an error, and a U+FDD0 in the file is refused")
    func stillRefused() {
        #expect(TestDocument.read(OFXXMLReaderTests.document(name: "A&foo;W")).error?.contains("foo") == true)
        let noncharacter = String(decoding: [0xEF, 0xB7, 0x90], as: UTF8.self)  // U+FDD0
        let run = TestDocument.read(OFXXMLReaderTests.document(name: "A\(noncharacter)W"))
        #expect(run.error?.contains("U+FDD0 is a noncharacter") == true, "\(run.error ?? "")")
    }

    @Test("a label contradicting the bytes is read by evidence and noted once, at its place")
    func contradictingLabels() throws {
        let utf16 = runAdapter(
            OFXFormat.self, bytes: try Fixture.bytes("OFX/xml-utf16-label-8bit-body.ofx"), name: "a.ofx")
        #expect(utf16.drafts.map(\.description) == ["Café Müller", "Crème brûlée"])
        let latin1 = runAdapter(
            OFXFormat.self, bytes: try Fixture.bytes("OFX/xml-utf8-label-latin1-body.ofx"), name: "b.ofx")
        #expect(latin1.drafts.map(\.description) == ["Café Müller", "Crème brûlée"])
        #expect(latin1.drafts.first?.memo == "Señor €5")
        let notices = latin1.events.compactMap { event -> AdapterNotice? in
            if case .notice(let notice) = event { return notice } else { return nil }
        }
        #expect(notices.map(\.location.description) == ["b.ofx:26:22"])
    }

    @Test("a label that agrees with the bytes gives no notice")
    func agreeingLabels() throws {
        for fixture in ["xml-windows-1252.ofx", "pending-v220.ofx", "xml-card-quirks.ofx"] {
            let run = runAdapter(OFXFormat.self, bytes: try Fixture.bytes("OFX/\(fixture)"), name: fixture)
            #expect(!run.events.contains { if case .notice = $0 { return true } else { return false } }, "\(fixture)")
        }
    }
}
