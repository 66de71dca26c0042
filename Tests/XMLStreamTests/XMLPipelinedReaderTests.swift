import Foundation
import LedgerCore
import Testing
import XMLStream

/// `XMLPipelinedReader` parses on a thread of its own; what the handler sees must not change.
@Suite("XMLPipelinedReader")
struct XMLPipelinedReaderTests {
    static let documents: [String] = [
        XMLStreamReaderTests.sample,
        XMLStreamTruncationTests.statement,
        "<a>\n  <b>x</c>\n</a>",
        "<a>\n<b>x &secret; y</b></a>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<a>&e;</a>",
        "<a xmlns:p=\"urn:x\"><p:b p:k=\"1 &amp; 2\" k='&lt;'>t</p:b><c/></a>",
        "not xml at all",
        "",
    ]

    @Test("the same events, positions and error as XMLStreamReader, in any chunk size", arguments: [1, 7, 1 << 20])
    func sameAsDirect(chunkSize: Int) {
        for document in Self.documents {
            let bytes = Array(document.utf8)
            let direct = XMLRead.of(bytes, chunkSize: chunkSize)
            let pipelined = XMLRead.of(bytes, chunkSize: chunkSize, isPipelined: true)
            #expect(pipelined.events == direct.events, "\(document.prefix(40))")
            #expect(pipelined.error == direct.error, "\(document.prefix(40))")
        }
    }

    @Test("a document cut anywhere fails where XMLStreamReader's does, after the same events")
    func truncations() {
        let bytes = Array(XMLStreamTruncationTests.statement.utf8)
        for length in stride(from: 0, to: bytes.count, by: 3) {
            let cut = Array(bytes[..<length])
            let direct = XMLRead.of(cut, chunkSize: 16)
            let pipelined = XMLRead.of(cut, chunkSize: 16, isPipelined: true)
            #expect(pipelined.events == direct.events, "cut at \(length)")
            #expect(pipelined.error == direct.error, "cut at \(length)")
        }
    }

    @Test("an error the handler throws stops the reading with the events before it")
    func handlerError() {
        struct Stop: Error {}
        let bytes = Array(XMLStreamReaderTests.sample.utf8)
        let read = XMLRead.of(bytes, chunkSize: 5, isPipelined: true) { $0.failAt = ("Nm", Stop()) }
        #expect(read.otherError is Stop)
        #expect(read.events.last == "text \"\\n  \\n  \" @3:61")
    }

    @Test("a handler that finishes early gets nothing after, not even a later error")
    func earlyFinish() {
        let bytes = Array("<OFX><a>1</a></OFX>\n<broken".utf8)
        let read = XMLRead.of(bytes, chunkSize: 3, isPipelined: true) { $0.stopAfter = "OFX" }
        #expect(read.error == nil)
        #expect(read.events.last == "end OFX @1:14")
    }

    @Test("a large document read in many chunks gives every event, in order")
    func manyChunks() {
        var text = "<Document>\n"
        for index in 0..<30_000 { text += "<Ntry n=\"\(index)\"><Amt Ccy=\"EUR\">\(index).00</Amt></Ntry>\n" }
        text += "</Document>\n"
        let bytes = Array(text.utf8)
        let direct = XMLRead.of(bytes, chunkSize: 4096)
        let pipelined = XMLRead.of(bytes, chunkSize: 4096, isPipelined: true)
        #expect(direct.error == nil)
        #expect(pipelined.events.count == direct.events.count)
        #expect(pipelined.events == direct.events)
        let whole = XMLRead.of(bytes, chunkSize: bytes.count, isPipelined: true)
        #expect(bytes.count > XMLPipelinedReader.largestInput, "one chunk, handed over in parts")
        #expect(whole.events == direct.events)
    }
}
