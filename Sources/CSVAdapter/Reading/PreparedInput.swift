import LedgerCore

/// A file's bytes after its byte-order mark is read, with the head kept aside for sniffing.
///
/// The head (the first 64 KiB, or the whole file when smaller) is what the dialect sniffer and
/// the mapping matcher look at; the reader then reads the head again followed by the rest of the
/// stream, so nothing is read twice from the source and memory stays bounded.
final class PreparedInput: ByteStream {
    /// The bytes kept for sniffing (UTF-8 when the file was UTF-16).
    let head: [UInt8]
    /// What the byte-order mark said, if there was one.
    let byteOrderMark: CSVEncoding?
    let name: String
    private let rest: any ByteStream
    private var headReturned = false

    /// The size of the head kept for sniffing.
    static let headSize = 64 * 1024

    /// Reads the byte-order mark and the head.
    ///
    /// - Throws: what the stream throws, or ``CSVError`` for bad UTF-16.
    init(_ stream: any ByteStream) throws {
        name = stream.name
        var first: [UInt8] = []
        while first.count < 4, let chunk = try stream.nextChunk() { first.append(contentsOf: chunk) }
        var source: any ByteStream = stream
        var head: [UInt8]
        if first.starts(with: [0xEF, 0xBB, 0xBF]) {
            byteOrderMark = .utf8
            head = Array(first.dropFirst(3))
        } else if first.starts(with: [0xFF, 0xFE]) || first.starts(with: [0xFE, 0xFF]) {
            let isBigEndian = first[0] == 0xFE
            byteOrderMark = isBigEndian ? .utf16BE : .utf16LE
            let transcoder = UTF16Transcoder(stream, isBigEndian: isBigEndian, skipping: Array(first.dropFirst(2)))
            head = try transcoder.drainPrefix()
            source = transcoder
        } else {
            byteOrderMark = nil
            head = first
        }
        while head.count < PreparedInput.headSize, let chunk = try source.nextChunk() {
            head.append(contentsOf: chunk)
        }
        self.head = head
        self.rest = source
    }

    func nextChunk() throws -> [UInt8]? {
        if !headReturned {
            headReturned = true
            if !head.isEmpty { return head }
        }
        return try rest.nextChunk()
    }
}

@available(*, unavailable)
extension PreparedInput: Sendable {}
