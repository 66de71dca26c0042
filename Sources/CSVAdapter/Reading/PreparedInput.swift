import LedgerCore

/// A file's bytes after its byte-order mark is read, with the head kept aside for sniffing.
///
/// The head (the first 64 KiB, or the whole file when smaller) is what the dialect sniffer and
/// the mapping matcher look at; the reader then reads the head again followed by the rest of the
/// stream, so nothing is read twice from the source and memory stays bounded.
final class PreparedInput: ByteStream {
    /// The bytes kept for sniffing (UTF-8 when the file was UTF-16).
    let head: [UInt8]
    /// What the byte-order mark said (or the zero bytes of unmarked UTF-16), if anything.
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
        } else if let isBigEndian = PreparedInput.unmarkedUTF16(first) {
            // No mark, but ASCII text with a zero byte beside every character: UTF-16.
            byteOrderMark = isBigEndian ? .utf16BE : .utf16LE
            let transcoder = UTF16Transcoder(stream, isBigEndian: isBigEndian, skipping: first)
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

    /// Whether the first bytes are UTF-16 without a byte-order mark: two ASCII characters, each
    /// beside a zero byte (`D\0a\0` little-endian, `\0D\0a` big-endian). Returns the byte order.
    static func unmarkedUTF16(_ first: [UInt8]) -> Bool? {
        guard first.count >= 4 else { return nil }
        func isText(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F || byte == 0x09 }
        if isText(first[0]) && first[1] == 0 && isText(first[2]) && first[3] == 0 { return false }
        if first[0] == 0 && isText(first[1]) && first[2] == 0 && isText(first[3]) { return true }
        return nil
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
