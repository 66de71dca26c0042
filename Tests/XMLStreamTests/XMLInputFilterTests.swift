import LedgerCore
import Testing
import XMLStream

/// The input filter hands libxml2 UTF-8 with a bare `&` made U+FDD0, leaves comments, processing
/// instructions and references alone, and places what it reports at the right line and column,
/// wherever the chunks end and wherever a construct falls in the eight-byte words it scans.
@Suite("XML input filter")
struct XMLInputFilterTests {
    /// A document whose fourth line has a Latin-1 `é` (0xE9) under a UTF-8 label; `pad` spaces move
    /// every construct after them against the scan's eight-byte words.
    static func document(pad: Int) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
            + Array("<Doc><Pad>\(String(repeating: " ", count: pad))x</Pad><!-- a & b? Yes! -->".utf8)
            + Array("<Note>Hello! Why? <!-- c&d --> ok<!x</Note>\n".utf8)
            + Array("<A>Fish & Chips, A&W!</A><?pi a&b?><B>1&amp;2 &#38; &#x26;</B>\n".utf8)
            + Array("<C>caf".utf8) + [0xE9] + Array("</C></Doc>\n".utf8)
    }

    /// The bytes the filter reads in chunks of `chunkSize`, and its notice.
    static func filtered(_ bytes: [UInt8], chunkSize: Int) throws(XMLStreamError) -> ([UInt8], AdapterNotice?) {
        var filter = XMLInputFilter(
            head: bytes.prefix(XMLInputFilter.declarationWindow), fileName: "t.xml", lineOffset: 0)
        var output: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSize)
            output += try filter.filter(bytes[start..<end], isFinal: false)
            start = end
        }
        output += try filter.filter([UInt8](), isFinal: true)
        return (output, filter.notice)
    }

    static func replacing(_ bytes: [UInt8], _ old: [UInt8], with new: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + old.count <= bytes.count, Array(bytes[index..<(index + old.count)]) == old {
                result += new
                index += old.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    @Test(
        "a bare & in text becomes U+FDD0, comments, instructions and references pass, Latin-1 becomes UTF-8",
        arguments: [1, 2, 7, 8, 9, 1 << 16])
    func filteredBytes(chunkSize: Int) throws {
        for pad in 0..<9 {
            let input = Self.document(pad: pad)
            let (output, notice) = try Self.filtered(input, chunkSize: chunkSize)
            var expected = Self.replacing(
                input, Array("Fish & Chips".utf8),
                with: Array("Fish ".utf8) + XMLInputFilter.placeholder + Array(" Chips".utf8))
            expected = Self.replacing(
                expected, Array("A&W".utf8), with: Array("A".utf8) + XMLInputFilter.placeholder + Array("W".utf8))
            expected = Self.replacing(expected, [0xE9], with: [0xC3, 0xA9])
            #expect(output == expected, "pad \(pad)")
            let location = try #require(notice?.location)
            #expect(location.line == 4 && location.column == 7, "pad \(pad): \(location)")
        }
    }

    @Test("a U+FDD0 in the file is refused at its line and column", arguments: [1, 3, 8, 9, 1 << 16])
    func noncharacterLocated(chunkSize: Int) throws {
        for pad in 0..<9 {
            let text =
                Array("<?xml version=\"1.0\"?>\n<a><!-- ! -->Why? Yes!<?x?>\n<b>".utf8)
                + Array("\(String(repeating: " ", count: pad))x</b>!? ".utf8) + XMLInputFilter.placeholder
                + Array("</a>\n".utf8)
            do throws(XMLStreamError) {
                _ = try Self.filtered(text, chunkSize: chunkSize)
                Issue.record("pad \(pad): no error")
            } catch {
                #expect(error.location.line == 3 && error.location.column == 12 + pad, "pad \(pad): \(error.location)")
            }
        }
    }
}
