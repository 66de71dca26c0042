import Foundation
import LedgerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a feed in its folder form:
///
/// ```
/// FEED/feed.json
/// FEED/accounts/000000000001.json
/// FEED/balances/<accountID>/000000000001.json
/// FEED/transactions/<accountID>/000000000001.json
/// ```
///
/// Listing a stream reads only the folder's names; a sync then reads just the files after the
/// batch it last applied, so its cost grows with the new changes, not with the history. Every
/// name in a stream folder must be a 12-digit sequence number and `.json` (names starting with
/// `.` are a writer's temporary files and are skipped). A symbolic link is followed only while
/// it stays inside the feed folder, and a batch file larger than ``batchByteLimit`` is refused
/// before it is read. Only regular files are read: a FIFO, a device or a socket in a feed is
/// refused by name, never opened in a way that could wait, so no special file can stall a sync.
public struct FeedFolder: Sendable {
    /// The default largest batch file accepted: 64 MiB (a batch of 100,000 transactions is
    /// about 50 MiB).
    public static let defaultBatchByteLimit = 64 * 1024 * 1024

    /// The folder's path as given; errors show paths under it.
    public let path: String
    /// The feed's `feed.json`.
    public let manifest: FeedManifest
    /// The largest batch file accepted, in bytes.
    public let batchByteLimit: Int
    private let realRoot: String

    /// Opens a feed folder and reads its `feed.json`.
    ///
    /// - Parameters:
    ///   - path: the feed folder.
    ///   - batchByteLimit: the largest batch file to accept, in bytes.
    /// - Throws: ``FeedError`` when the folder or its `feed.json` cannot be read or is not a
    ///   version 1 feed.
    public init(path: String, batchByteLimit: Int = FeedFolder.defaultBatchByteLimit) throws(FeedError) {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
        self.batchByteLimit = batchByteLimit
        guard let real = FeedFolder.realPath(trimmed) else {
            throw FeedError(.unreadable("no such folder"), at: .file(trimmed))
        }
        self.realRoot = real
        let manifestPath = trimmed + "/feed.json"
        let bytes = try FeedFolder.readFile(
            display: manifestPath, realRoot: real, limit: 1024 * 1024, expected: "the feed's manifest, a JSON file")
        self.manifest = try FeedManifest.decode(bytes, file: manifestPath)
    }

    // MARK: - Listing

    /// The feed's streams: the accounts stream, then each account's balances and transactions,
    /// as the folders show them (accounts first, then by account id).
    ///
    /// - Throws: ``FeedError`` for a folder that cannot be listed or a link leading outside.
    public func streams() throws(FeedError) -> [FeedStream] {
        var streams: [FeedStream] = [.accounts]
        for kind in [FeedStream.Kind.balances, .transactions] {
            let folder = path + "/" + kind.rawValue
            guard try resolvedFolder(folder) != nil else { continue }
            for name in try list(folder) {
                guard try resolvedFolder(folder + "/" + name) != nil else {
                    throw FeedError(
                        .invalidValue(found: "a file \"\(name)\"", expected: "a folder per account id"),
                        at: .file(folder + "/" + name))
                }
                streams.append(FeedStream(kind: kind, accountID: name))
            }
        }
        return streams.sorted()
    }

    /// A stream's batch files in sequence order, from the folder's names alone (no file is read).
    ///
    /// - Parameters:
    ///   - stream: the stream.
    ///   - lastSeq: only files with a greater sequence number are returned (0 for all).
    /// - Returns: the files, sorted; empty when the stream's folder does not exist.
    /// - Throws: ``FeedError`` `.badBatchName` for a name that is not a 12-digit sequence and
    ///   `.json`, or a folder link leading outside the feed. Gaps are checked by
    ///   ``FeedBatchFile/checkContinuity(_:after:)``, since a sync treats them as a reason to resync.
    public func batchFiles(of stream: FeedStream, after lastSeq: Int = 0) throws(FeedError) -> [FeedBatchFile] {
        try sequenceNumbers(of: stream).filter { $0 > lastSeq }.map { batchFile(of: stream, seq: $0) }
    }

    /// The sequence numbers of a stream's batch files, ascending, from the folder's names alone.
    ///
    /// - Throws: as ``batchFiles(of:after:)``.
    public func sequenceNumbers(of stream: FeedStream) throws(FeedError) -> [Int] {
        let folder = path + "/" + stream.path
        guard try resolvedFolder(folder) != nil else { return [] }
        var numbers: [Int] = []
        for name in try list(folder) {
            guard let seq = FeedBatchFile.seq(fromName: name) else {
                throw FeedError(.badBatchName(found: name), at: .file(folder + "/" + name))
            }
            numbers.append(seq)
        }
        return numbers.sorted()
    }

    /// The batch file of a stream with a sequence number (whether or not it exists).
    public func batchFile(of stream: FeedStream, seq: Int) -> FeedBatchFile {
        FeedBatchFile(stream: stream, seq: seq, path: path + "/" + stream.path + "/" + FeedBatchFile.name(for: seq))
    }

    // MARK: - Reading

    /// Reads and decodes one batch file.
    ///
    /// - Throws: ``FeedError``: a link outside the feed, a file over ``batchByteLimit``, bad JSON,
    ///   a malformed model (with its JSON path), or a batch whose `stream`, `accountID` or `seq`
    ///   disagrees with its folder and name.
    public func read(_ file: FeedBatchFile) throws(FeedError) -> FeedBatch {
        let bytes = try FeedFolder.readFile(
            display: file.path, realRoot: realRoot, limit: batchByteLimit, expected: "a batch file")
        let batch = try FeedBatch.decode(
            bytes, file: file.path, timeZone: manifest.timeZone, expected: file.stream)
        guard batch.seq == file.seq else {
            throw FeedError(
                .misplacedBatch(found: "seq \(batch.seq)", expected: "\(file.seq), the number in the file's name"),
                at: batch.location, jsonPath: "$.seq")
        }
        return batch
    }

    // MARK: - Private

    /// The folder's resolved path, `nil` when it does not exist.
    private func resolvedFolder(_ display: String) throws(FeedError) -> String? {
        var info = stat()
        guard lstat(display, &info) == 0 else { return nil }
        guard let real = FeedFolder.realPath(display) else { return nil }
        guard FeedFolder.isInside(real, root: realRoot) else {
            throw FeedError(.linkOutsideFeed(target: real), at: .file(display))
        }
        var target = stat()
        guard stat(real, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return real
    }

    /// The visible names in a folder (names starting with `.` skipped), sorted.
    private func list(_ folder: String) throws(FeedError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        } catch {
            throw FeedError(.unreadable("the folder cannot be listed"), at: .file(folder))
        }
    }

    /// Reads a whole regular file inside the feed.
    ///
    /// Only a regular file is opened: its type is checked before `open`, which would block on a
    /// FIFO until a writer came, and again with `fstat` on what was opened (without blocking), so
    /// a file swapped for a FIFO in between is refused too. Calls `stat`, `open`, `fstat`, `read`.
    ///
    /// - Parameter expected: what the file should be, for the error naming a special file.
    private static func readFile(display: String, realRoot: String, limit: Int, expected: String)
        throws(FeedError) -> [UInt8]
    {
        guard let real = realPath(display) else { throw FeedError(.unreadable("no such file"), at: .file(display)) }
        guard isInside(real, root: realRoot) else {
            throw FeedError(.linkOutsideFeed(target: real), at: .file(display))
        }
        var before = stat()
        guard stat(real, &before) == 0 else {
            throw FeedError(.unreadable(String(cString: strerror(errno))), at: .file(display))
        }
        try checkRegular(before, display: display, expected: expected)
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FeedError(.unreadable(String(cString: strerror(errno))), at: .file(display))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FeedError(.unreadable(String(cString: strerror(errno))), at: .file(display))
        }
        try checkRegular(info, display: display, expected: expected)
        let size = Int(info.st_size)
        guard size <= limit else { throw FeedError(.fileTooLarge(bytes: size, limit: limit), at: .file(display)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FeedError(.unreadable(String(cString: strerror(errno))), at: .file(display))
            }
            if count == 0 { break }
            filled += count
        }
        if filled < size { bytes.removeLast(size - filled) }
        return bytes
    }

    /// Refuses anything but a regular file, naming what it is.
    private static func checkRegular(_ info: stat, display: String, expected: String) throws(FeedError) {
        let found: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFIFO: found = "a FIFO"
        case S_IFCHR: found = "a character device"
        case S_IFBLK: found = "a block device"
        case S_IFSOCK: found = "a socket"
        case S_IFDIR: found = "a folder"
        default: found = "a special file"
        }
        throw FeedError(.notRegularFile(found: found, expected: expected), at: .file(display))
    }

    /// The canonical path (links and `..` resolved), or `nil` when it does not exist. Calls `realpath`.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

/// Calls `read(2)`; a free function so that the name is not shadowed by ``FeedFolder/read(_:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
