import Foundation
import LedgerCore
import Testing
import XMLStream

@Suite("XMLStreamReader")
struct XMLStreamReaderTests {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xml:lang="en">
          <Amt Ccy="EUR" note='A &amp; B &lt;&#233;&gt;'>12.50</Amt>
          <!-- a comment -->
          <Nm>Caf\u{E9} &amp; Th\u{E9} &#x263A; <![CDATA[<raw>]]></Nm><Empty/>
        </Document>

        """

    @Test("start tags, text and end tags arrive in order with the line and column of each")
    func eventsWithPositions() {
        let read = XMLRead.of(Self.sample)
        #expect(read.error == nil)
        #expect(
            read.events == [
                "start Document xml:lang=en @2:1",
                "text \"\\n  \" @2:80",
                "start Amt Ccy=EUR note=A & B <é> @3:3",
                "text \"12.50\" @3:50",
                "end Amt @3:55",
                "text \"\\n  \\n  \" @3:61",  // around the comment, joined by the recorder
                "start Nm @5:3",
                "text \"Café & Thé ☺ <raw>\" @5:7",
                "end Nm @5:48",
                "start Empty @5:53",
                "end Empty @5:53",
                "text \"\\n\" @5:61",
                "end Document @6:1",
            ])
    }

    @Test("the same events whatever the chunk and block sizes, boundaries falling anywhere", arguments: [1, 7, 4096])
    func chunkBoundaries(size: Int) {
        let whole = XMLRead.of(Self.sample)
        #expect(XMLRead.of(Self.sample, chunkSize: size).events == whole.events)
        #expect(XMLRead.of(Self.sample, chunkSize: size, blockSize: size).events == whole.events)
    }

    @Test("lines count from the file's start when the XML begins after a header")
    func lineOffset() {
        let read = XMLRead.of(Array("<a>\n<b/></a>".utf8), lineOffset: 10)
        #expect(read.events.first == "start a @11:1")
        #expect(read.events.contains("start b @12:1"))
    }

    @Test("a start tag written across lines is located at its '<'")
    func tagAcrossLines() {
        let read = XMLRead.of("<a>\n  <b\n     k=\"v\"\n  >x</b></a>")
        #expect(read.events.contains("start b k=v @2:3"))
        #expect(read.events.contains("text \"x\" @4:4"))
    }

    @Test("a DOCTYPE with an external entity is refused, and the file it names is never read")
    func externalEntity() throws {
        let path = "/tmp/ledgerport-xmlstream-secret-\(getpid()).txt"
        let secret = "LEDGERPORT-XMLSTREAM-SECRET"
        try secret.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n<!ENTITY s SYSTEM \"file://\(path)\">\n]>\n<a>&s;</a>\n"
        let read = XMLRead.of(text)
        #expect(read.error?.reason == .doctypeRefused)
        #expect(read.error?.location.line == 2)
        #expect(read.error?.description.contains("test.xml:2:1: error: <!DOCTYPE> refused") == true)
        #expect(!read.events.joined().contains(secret))
    }

    @Test("an external entity naming a FIFO or a URL is refused without opening either")
    func externalEntityNeverOpened() throws {
        let path = "/tmp/ledgerport-xmlstream-fifo-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Opening a FIFO with no writer blocks forever, and 192.0.2.1 (TEST-NET-1) never answers:
        // finishing at all, and quickly, proves neither was touched.
        let start = ContinuousClock.now
        let text = """
            <!DOCTYPE a SYSTEM "http://192.0.2.1/a.dtd" [
            <!ENTITY f SYSTEM "file://\(path)">
            <!ENTITY n SYSTEM "http://192.0.2.1/secret">
            ]><a>&f;&n;</a>
            """
        #expect(XMLRead.of(text).error?.reason == .doctypeRefused)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test("nested entity expansion (billion laughs) is refused before anything is expanded")
    func billionLaughs() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY a \"lollollollollollollollollollol\">\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        for (previous, name) in zip(names, names.dropFirst()) {
            text += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        text += "]>\n<lolz>&j;</lolz>\n"
        let start = ContinuousClock.now
        let read = XMLRead.of(text)
        #expect(read.error?.reason == .doctypeRefused)
        #expect(read.events.isEmpty)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test("an entity the document never declares is a located error, not empty text")
    func undeclaredEntity() {
        let read = XMLRead.of("<a>\n<b>x &secret; y</b></a>")
        guard case .malformed(let detail) = read.error?.reason else {
            Issue.record("expected a well-formedness error, got \(String(describing: read.error))")
            return
        }
        #expect(detail.contains("secret"))
        #expect(read.error?.location.line == 2)
        #expect(!read.events.contains { $0.hasPrefix("text \"x ") && $0.contains("y") })
    }

    @Test("bytes that are not UTF-8 are an error at their line")
    func badUTF8() {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n<b>ok</b>\n<b>".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</b></a>".utf8)
        let read = XMLRead.of(bytes)
        guard case .malformed = read.error?.reason else {
            Issue.record("expected a well-formedness error, got \(String(describing: read.error))")
            return
        }
        #expect(read.error?.location.line == 4)
        #expect(read.events.contains("text \"ok\" @3:4"))
    }

    @Test("the XML declaration's encoding is honoured, and handlers receive UTF-8")
    func declaredEncoding() {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>Caf".utf8)
        bytes += [0xE9, 0x20, 0x80]
        bytes += Array("</a>".utf8)
        #expect(XMLRead.of(bytes).events.contains { $0.hasPrefix("text \"Café €\"") })
        var latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>".utf8)
        latin1 += [0xE9]
        latin1 += Array("</a>".utf8)
        #expect(XMLRead.of(latin1).events.contains { $0.hasPrefix("text \"é\"") })
    }

    @Test("a byte-order mark decides the encoding: UTF-16 reads without a declaration")
    func byteOrderMark() {
        let units: [UInt8] = "<a x=\"é\">Thé</a>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16: [UInt8] = [0xFF, 0xFE] + units
        #expect(XMLRead.of(utf16).events == ["start a x=é @1:1", "text \"Thé\" @1:10", "end a @1:13"])
        let utf8 = [0xEF, 0xBB, 0xBF] + Array("<a>Thé</a>".utf8)
        #expect(XMLRead.of(utf8).events.contains { $0.hasPrefix("text \"Thé\"") })
    }

    @Test("without a declaration or a byte-order mark the text must be UTF-8")
    func undeclaredLatin1() {
        let bytes = Array("<a>Caf".utf8) + [0xE9] + Array("</a>".utf8)
        guard case .malformed = XMLRead.of(bytes).error?.reason else {
            Issue.record("expected a well-formedness error")
            return
        }
    }

    @Test("malformed XML is libxml2's message at its line and column")
    func malformed() {
        let read = XMLRead.of("<a>\n  <b>x</c>\n</a>")
        guard case .malformed(let detail) = read.error?.reason else {
            Issue.record("expected a well-formedness error, got \(String(describing: read.error))")
            return
        }
        #expect(detail.contains("mismatch"))
        #expect(read.error?.location.line == 2)
        #expect((read.error?.location.column ?? 0) > 0)
    }

    @Test("a document cut short is an error when the input ends")
    func truncated() {
        let read = XMLRead.of("<a><b>text")
        guard case .malformed = read.error?.reason else {
            Issue.record("expected a well-formedness error, got \(String(describing: read.error))")
            return
        }
    }

    @Test("an error thrown by the handler stops the reader and comes back unchanged")
    func handlerError() {
        struct Stop: Error, Equatable {}
        let read = XMLRead.of(Array("<a><b/><c/><d/></a>".utf8)) { $0.failAt = ("c", Stop()) }
        #expect(read.otherError as? Stop == Stop())
        #expect(read.events == ["start a @1:1", "start b @1:4", "end b @1:4"])
    }

    @Test("once the handler has finished, what follows is ignored, errors included")
    func finishedDocument() {
        let read = XMLRead.of(Array("<a><b/></a>\n<<< not XML".utf8)) { $0.stopAfter = "a" }
        #expect(read.error == nil)
        #expect(read.events.last == "end a @1:8")
    }

    @Test("a large document streams through with every element seen")
    func largeDocument() {
        var bytes = Array("<list>".utf8)
        let row = Array("<row id=\"1\"><v>12.50</v></row>\n".utf8)
        for _ in 0..<20_000 { bytes += row }
        bytes += Array("</list>".utf8)
        let read = XMLRead.of(bytes, chunkSize: 10_000)
        #expect(read.error == nil)
        #expect(read.events.filter { $0.hasPrefix("start row") }.count == 20_000)
        #expect(read.events.last == "end list @20001:1")
    }
}
