import LedgerCore

/// Reads a feed in its JSON Lines form: line 1 is `feed.json`'s object, every further line one
/// batch, each stream's batches in sequence order.
///
/// The file is read as a stream, one line at a time, so memory holds one batch however long
/// the feed. Blank lines are skipped; a line may end in CRLF. Within one stream, sequence
/// numbers must increase by exactly one from line to line (the first batch of a stream may have
/// any number: a compacted feed starts a stream at its `reset` snapshot).
///
/// A malformed line does not end the reader: ``nextEntry()`` reports it, with the stream it
/// belongs to when that much can be read, and the next call goes on with the next line, so
/// that a sync can stop that stream alone.
public final class FeedLines {
    /// One line of the feed after the manifest: a batch, or why the line was refused.
    public struct Entry: Sendable {
        /// The batch, or the error that refused the line.
        public var result: Result<FeedBatch, FeedError>
        /// The stream the line belongs to, when it could be read (`nil` when the line is not
        /// even JSON naming a stream).
        public var stream: FeedStream?
    }

    /// The default longest line accepted, in bytes (as ``FeedFolder/defaultBatchByteLimit``).
    public static let defaultLineByteLimit = FeedFolder.defaultBatchByteLimit

    /// The name errors show (the path the user typed).
    public let name: String
    /// The feed's manifest, from line 1.
    public let manifest: FeedManifest
    /// The longest line accepted.
    public let lineByteLimit: Int

    private let lines: LineReader
    private var lastSeq: [FeedStream: Int] = [:]

    /// Starts reading and reads the manifest line.
    ///
    /// - Throws: ``FeedError`` when the first line is missing or not a version 1 manifest.
    public init(_ input: any ByteStream, lineByteLimit: Int = FeedLines.defaultLineByteLimit) throws(FeedError) {
        let lines = LineReader(input, limit: lineByteLimit)
        self.lines = lines
        self.name = input.name
        self.lineByteLimit = lineByteLimit
        while true {
            guard let line = try lines.next() else {
                throw FeedError(
                    .unsupportedFeed("the file is empty; expected a feed.json object on line 1"), at: .file(input.name))
            }
            let bytes = try line.bytes.get()
            if LineReader.isBlank(bytes) { continue }
            self.manifest = try FeedManifest.decode(bytes, file: input.name, firstLine: line.number)
            return
        }
    }

    /// The next batch line, or `nil` at the end of the file.
    ///
    /// - Throws: ``FeedError`` only when the underlying stream fails; a bad line is an entry.
    public func nextEntry() throws(FeedError) -> Entry? {
        while let line = try lines.next() {
            let bytes: [UInt8]
            switch line.bytes {
            case .failure(let error): return Entry(result: .failure(error), stream: nil)
            case .success(let value): bytes = value
            }
            if LineReader.isBlank(bytes) { continue }
            do throws(FeedError) {
                let batch = try FeedBatch.decode(
                    bytes, file: name, firstLine: line.number, timeZone: manifest.timeZone)
                if let previous = lastSeq[batch.stream] {
                    if batch.seq <= previous {
                        throw FeedError(
                            .sequenceNotIncreasing(previous: previous, found: batch.seq), at: batch.location,
                            jsonPath: "$.seq")
                    }
                    if batch.seq != previous + 1 {
                        throw FeedError(
                            .sequenceGap(after: previous, next: batch.seq), at: batch.location, jsonPath: "$.seq")
                    }
                }
                lastSeq[batch.stream] = batch.seq
                return Entry(result: .success(batch), stream: batch.stream)
            } catch {
                return Entry(result: .failure(error), stream: FeedBatch.streamHint(bytes))
            }
        }
        return nil
    }

    /// The next batch, or `nil` at the end of the file; the first bad line throws.
    ///
    /// - Throws: ``FeedError`` for the first line that is not a valid batch in sequence.
    public func nextBatch() throws(FeedError) -> FeedBatch? {
        guard let entry = try nextEntry() else { return nil }
        return try entry.result.get()
    }

}

@available(*, unavailable)
extension FeedLines: Sendable {}

extension FeedBatch {
    /// The stream a batch's JSON names, read leniently after the batch itself was refused, so
    /// that the refusal can be charged to that stream alone; `nil` when not even that is readable.
    static func streamHint(_ bytes: [UInt8], range: Range<Int>? = nil) -> FeedStream? {
        guard let root = try? JSONParser.parse(bytes, range: range), case .object(let members) = root.kind else {
            return nil
        }
        func text(_ key: String) -> String? {
            for member in members where member.key == key {
                if case .string(let value) = member.value.kind { return value }
            }
            return nil
        }
        guard let kindText = text("stream"), let kind = FeedStream.Kind(rawValue: kindText) else { return nil }
        if kind == .accounts { return .accounts }
        guard let accountID = text("accountID"), !accountID.isEmpty else { return nil }
        return FeedStream(kind: kind, accountID: accountID)
    }
}
