import Foundation
import LedgerCore

/// A file read in chunks, hashing every byte it hands out (SHA-256, for the imports log).
public final class FileByteStream: ByteStream {
    public let name: String
    private let handle: FileHandle
    private let chunkSize: Int
    private var digest: SHA256?
    /// How many bytes have been read so far.
    public private(set) var bytesRead = 0

    /// Opens a file for reading.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - name: what locations show (the path as the user typed it, by default).
    ///   - hashing: whether to compute the file's SHA-256 as it is read (for the imports log).
    /// - Throws: ``ImportError`` when the file can't be opened.
    public init(path: String, name: String? = nil, chunkSize: Int = 256 * 1024, hashing: Bool = true)
        throws(ImportError)
    {
        self.name = name ?? path
        self.chunkSize = chunkSize
        self.digest = hashing ? SHA256() : nil
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ImportError(.cannotRead(path: path, why: "no such file"), at: .file(path))
        }
        guard !isFolder.boolValue else {
            throw ImportError(.cannotRead(path: path, why: "it is a folder"), at: .file(path))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError(.cannotRead(path: path, why: "permission denied"), at: .file(path))
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    public func nextChunk() throws -> [UInt8]? {
        let data: Data?
        do {
            data = try handle.read(upToCount: chunkSize)
        } catch {
            throw ImportError(.cannotRead(path: name, why: error.localizedDescription), at: .file(name))
        }
        guard let data, !data.isEmpty else { return nil }
        let bytes = [UInt8](data)
        digest?.update(bytes)
        bytesRead += bytes.count
        return bytes
    }

    /// The SHA-256 of the bytes read so far, as hex (the whole file's once read to the end), or
    /// `nil` when the stream doesn't hash.
    public var sha256: String? { digest?.hexDigest() }

    /// Reads up to `count` bytes from the start of a file, for sniffing.
    public static func head(of path: String, count: Int = 8 * 1024) throws(ImportError) -> [UInt8] {
        let stream = try FileByteStream(path: path, chunkSize: count, hashing: false)
        do {
            return try stream.nextChunk() ?? []
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(.cannotRead(path: path, why: "\(error)"), at: .file(path))
        }
    }
}

@available(*, unavailable)
extension FileByteStream: Sendable {}
