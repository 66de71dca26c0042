import Testing
import XMLStream

/// A handler that trims what it reads (`skipsBlankTextAfterTags`) is not handed the white space
/// directly after a tag; every other piece of text still arrives.
@Suite("XML blank text after tags")
struct XMLBlankTextTests {
    /// One element per line, values with spaces inside, blank text between two references.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document>
          <Ntry>
            <Amt Ccy="EUR">12.50</Amt>\r
        \t<Nm> Müller &amp; Söhne </Nm>
            <Ustrd>1 &amp; &amp; 2</Ustrd>
            <Empty> </Empty><Short/>
          </Ntry>
        </Document>

        """

    /// The events a reader that hands everything over gives, without the text that is only white space.
    static func withoutBlankText(_ events: [String]) -> [String] {
        events.filter { event in
            guard event.hasPrefix("text ") else { return true }
            let quoted = event.dropFirst(5).prefix { $0 != "@" }
            return
                !quoted.replacingOccurrences(of: "\\n", with: "").replacingOccurrences(of: "\\t", with: "")
                .replacingOccurrences(of: "\\r", with: "").replacingOccurrences(of: "\"", with: "")
                .allSatisfy { $0 == " " }
        }
    }

    @Test("blank text after a tag is left out, in any chunk size, direct and on a thread", arguments: [1, 7, 1 << 20])
    func blankTextLeftOut(chunkSize: Int) {
        let bytes = Array(Self.document.utf8)
        let all = XMLRead.of(bytes, chunkSize: chunkSize)
        #expect(all.error == nil)
        #expect(all.events.contains("text \"\\n  \" @2:11"), "a handler that does not ask gets every blank")
        for isPipelined in [false, true] {
            let read = XMLRead.of(bytes, chunkSize: chunkSize, isPipelined: isPipelined) {
                $0.skipsBlankTextAfterTags = true
            }
            #expect(read.error == nil)
            #expect(read.events == Self.withoutBlankText(all.events), "pipelined: \(isPipelined)")
        }
    }

    @Test("blank text between two references and around a value is kept")
    func innerSpaceKept() {
        let read = XMLRead.of(Array(Self.document.utf8), chunkSize: 3) { $0.skipsBlankTextAfterTags = true }
        #expect(read.events.contains("text \"1 & & 2\" @6:12"))
        #expect(read.events.contains("text \" Müller & Söhne \" @5:6"))
    }
}
