import Foundation
import LedgerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Only a regular file (or a link to one) is opened: a FIFO, a device or a socket is refused
    /// by name. Its type is checked before `open`, which would wait on a FIFO until a writer came,
    /// and again with `fstat` on what was opened without blocking, so a file swapped in between is
    /// refused too. A pipe can't be read twice either, and an import reads the head to sniff the
    /// format, then the file. Calls `stat`, `open` and `fstat`.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - name: what locations show (the path as the user typed it, by default).
    ///   - hashing: whether to compute the file's SHA-256 as it is read (for the imports log).
    /// - Throws: ``ImportError`` when the file can't be opened or is not a regular file.
    public init(path: String, name: String? = nil, chunkSize: Int = 256 * 1024, hashing: Bool = true)
        throws(ImportError)
    {
        self.name = name ?? path
        self.chunkSize = chunkSize
        self.digest = hashing ? SHA256() : nil
        // stat(2) rather than FileManager.fileExists, whose `false` hides why: a symbolic link
        // loop or a folder without permission is not a missing file.
        var before = stat()
        guard stat(path, &before) == 0 else {
            throw ImportError(.cannotRead(path: path, why: Self.reason(errno)), at: .file(path))
        }
        try FileByteStream.checkRegular(before, path: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ImportError(.cannotRead(path: path, why: Self.reason(errno)), at: .file(path))
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            let why = String(cString: strerror(errno))
            close(descriptor)
            throw ImportError(.cannotRead(path: path, why: why), at: .file(path))
        }
        do {
            try FileByteStream.checkRegular(opened, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit { try? handle.close() }

    public func nextChunk() throws -> [UInt8]? {
        // read(2) straight into the array: no Data in between.
        let descriptor = handle.fileDescriptor
        let size = chunkSize
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while true {
                let read = systemRead(descriptor, base, size)
                if read >= 0 {
                    count = read
                    return
                }
                guard errno == EINTR else {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 {
            let why = String(cString: strerror(failure))
            throw ImportError(.cannotRead(path: name, why: why), at: .file(name))
        }
        guard !bytes.isEmpty else { return nil }
        digest?.update(bytes)
        bytesRead += bytes.count
        return bytes
    }

    /// The SHA-256 of the bytes read so far, as hex (the whole file's once read to the end), or
    /// `nil` when the stream doesn't hash.
    public var sha256: String? { digest?.hexDigest() }

    /// Why a path can't be opened, in words: `no such file`, `a loop of symbolic links`, ….
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case ELOOP: return "a loop of symbolic links (too many levels of symbolic links)"
        case ENOTDIR: return "a part of the path is not a folder"
        case EACCES: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }

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

extension FileByteStream {
    /// Refuses anything but a regular file, naming what it is.
    private static func checkRegular(_ info: stat, path: String) throws(ImportError) {
        let found: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw ImportError(.cannotRead(path: path, why: "it is a folder"), at: .file(path))
        case S_IFIFO: found = "a FIFO (a named pipe)"
        case S_IFCHR: found = "a character device"
        case S_IFBLK: found = "a block device"
        case S_IFSOCK: found = "a socket"
        default: found = "a special file"
        }
        let why = "it is \(found), not a regular file; expected a file (save a pipe's output to a file first)"
        throw ImportError(.cannotRead(path: path, why: why), at: .file(path))
    }
}

@available(*, unavailable)
extension FileByteStream: Sendable {}

/// The C library's read(2), named apart from the method that uses it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
