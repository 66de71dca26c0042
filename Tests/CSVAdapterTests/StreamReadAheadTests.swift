import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// A UTF-16 file past its head is transcoded on a thread of its own (``StreamReadAhead``): the
/// bytes, the rows and an error's place must be exactly those of transcoding on the reading thread.
@Suite("Stream read-ahead")
struct StreamReadAheadTests {
    /// Text as UTF-16 little-endian, with a byte-order mark.
    private static func utf16(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return bytes
    }

    /// Every chunk of a stream joined, and the description of the error that ended it.
    private static func drain(_ stream: any ByteStream) -> (bytes: [UInt8], error: String?) {
        var bytes: [UInt8] = []
        do {
            while let chunk = try stream.nextChunk() { bytes += chunk }
        } catch {
            return (bytes, "\(error)")
        }
        return (bytes, nil)
    }

    @Test("read ahead, a transcoder's chunks and its error come as read directly")
    func sameChunksAndError() {
        let text = String(decoding: ReadAheadTests.genericExport(rows: 3_000), as: UTF8.self)
        var bytes = Self.utf16(text)
        let direct = Self.drain(
            UTF16Transcoder(InMemoryByteStream(bytes, name: "a.csv", chunkSize: 4096), isBigEndian: false, skipping: [])
        )
        #expect(direct.error == nil)
        let ahead = Self.drain(
            StreamReadAhead(
                UTF16Transcoder(
                    InMemoryByteStream(bytes, name: "a.csv", chunkSize: 4096), isBigEndian: false, skipping: [])))
        #expect(ahead.error == nil)
        #expect(ahead.bytes == direct.bytes)
        // A lone high surrogate (then "A") deep in the file: the same bytes before it, the same error.
        bytes.insert(contentsOf: [0x00, 0xD8, 0x41, 0x00], at: bytes.count - 2_000)
        let brokenDirect = Self.drain(
            UTF16Transcoder(InMemoryByteStream(bytes, name: "a.csv", chunkSize: 4096), isBigEndian: false, skipping: [])
        )
        let brokenAhead = Self.drain(
            StreamReadAhead(
                UTF16Transcoder(
                    InMemoryByteStream(bytes, name: "a.csv", chunkSize: 4096), isBigEndian: false, skipping: [])))
        #expect(brokenDirect.error != nil)
        #expect(brokenAhead.error == brokenDirect.error)
        #expect(brokenAhead.bytes == brokenDirect.bytes)
    }

    @Test("a UTF-16 file past its head imports as its UTF-8 text does")
    func utf16File() throws {
        let utf8 = ReadAheadTests.genericExport(rows: 4_000)
        let bytes = Self.utf16(String(decoding: utf8, as: UTF8.self))
        let input = try PreparedInput(InMemoryByteStream(bytes, name: "big.csv", chunkSize: 4096))
        #expect(input.head.count >= PreparedInput.headSize)
        let asUTF16 = try ReadAheadTests.session(bytes, readsAhead: true)
        let asUTF8 = try ReadAheadTests.session(utf8, readsAhead: true)
        #expect(asUTF16.error == nil)
        #expect(asUTF16.events.count > 4_000)
        let same = asUTF16.events == asUTF8.events
        #expect(same)
    }

    @Test("letting go of a stream read ahead stops its thread, which reads no further")
    func stops() throws {
        let source = CountingStream(chunks: 1_000)
        var ahead: StreamReadAhead? = StreamReadAhead(source, capacity: 2)
        #expect(try ahead?.nextChunk() == [0])
        ahead = nil
        // Waited for in deinit: the thread read at most the queue's room and one more past it.
        #expect(source.read < 10)
    }

    /// A stream of one-byte chunks 0, 1, 2, ... that counts the chunks read.
    private final class CountingStream: ByteStream {
        let name = "counting"
        let chunks: Int
        private(set) var read = 0
        init(chunks: Int) { self.chunks = chunks }
        func nextChunk() throws -> [UInt8]? {
            guard read < chunks else { return nil }
            read += 1
            return [UInt8(truncatingIfNeeded: read - 1)]
        }
    }
}
