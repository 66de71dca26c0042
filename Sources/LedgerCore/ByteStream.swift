/// A source of bytes read in chunks: a file, a pipe, or bytes in memory.
///
/// Adapters read from a stream so that memory stays flat however large the file. The stream's
/// ``name`` is what locations show (the path the user typed).
public protocol ByteStream: AnyObject {
    /// The name shown in locations, usually the path as the user gave it.
    var name: String { get }
    /// The next chunk of bytes, or `nil` at the end.
    ///
    /// - Throws: an I/O error from the underlying source.
    func nextChunk() throws -> [UInt8]?
}

extension ByteStream {
    /// Reads everything that is left into one array.
    ///
    /// - Parameter limit: the most bytes to accept; more is an error (`ByteStreamLimitExceeded`).
    public func readAll(limit: Int = Int.max) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try nextChunk() {
            if bytes.count + chunk.count > limit { throw ByteStreamLimitExceeded(name: name, limit: limit) }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}

/// A stream was longer than its reader accepts.
public struct ByteStreamLimitExceeded: LocatedError {
    public var name: String
    public var limit: Int
    public var location: SourceLocation { .file(name) }
    public var message: String { "the input is larger than \(limit) bytes, the most this reader accepts" }
}

/// Bytes in memory, handed out in chunks of a chosen size (small chunks test boundaries).
public final class InMemoryByteStream: ByteStream {
    public let name: String
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var offset = 0

    /// Creates a stream over bytes.
    public init(_ bytes: [UInt8], name: String, chunkSize: Int = 64 * 1024) {
        precondition(chunkSize > 0, "chunks must hold at least one byte")
        self.bytes = bytes
        self.name = name
        self.chunkSize = chunkSize
    }

    /// Creates a stream over a string's UTF-8.
    public convenience init(_ text: String, name: String, chunkSize: Int = 64 * 1024) {
        self.init(Array(text.utf8), name: name, chunkSize: chunkSize)
    }

    public func nextChunk() throws -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + chunkSize)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}

@available(*, unavailable)
extension InMemoryByteStream: Sendable {}
