/// One batch file of a stream in the folder form: `transactions/<accountID>/000000000007.json`.
public struct FeedBatchFile: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The stream the file belongs to.
    public var stream: FeedStream
    /// The sequence number its name gives.
    public var seq: Int
    /// The file's path as errors show it (the feed's path as given, then the path inside it).
    public var path: String

    /// Creates a batch file entry.
    public init(stream: FeedStream, seq: Int, path: String) {
        self.stream = stream
        self.seq = seq
        self.path = path
    }

    /// The file name for a sequence number: 12 digits, zero-padded, and `.json`.
    public static func name(for seq: Int) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits + ".json"
    }

    /// The sequence number a file name gives, or `nil` unless it is exactly 12 digits and
    /// `.json`, and at least 1.
    public static func seq(fromName name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count == 17, bytes[12...].elementsEqual(".json".utf8) else { return nil }
        var value = 0
        for byte in bytes[0..<12] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value >= 1 ? value : nil
    }

    /// Checks that `files` (sorted) continue `lastSeq` without a gap: the first is `lastSeq + 1`
    /// and each next one follows its predecessor by one.
    ///
    /// - Parameters:
    ///   - files: a stream's batch files with `seq > lastSeq`, in order.
    ///   - lastSeq: the last batch already applied (0 for none).
    /// - Throws: ``FeedError`` `.sequenceGap` at the first file after a missing number.
    public static func checkContinuity(_ files: [FeedBatchFile], after lastSeq: Int) throws(FeedError) {
        var previous = lastSeq
        for file in files {
            if file.seq != previous + 1 {
                throw FeedError(.sequenceGap(after: previous, next: file.seq), at: .file(file.path))
            }
            previous = file.seq
        }
    }

    public var description: String { path }

    public static func < (lhs: FeedBatchFile, rhs: FeedBatchFile) -> Bool {
        (lhs.stream, lhs.seq) < (rhs.stream, rhs.seq)
    }
}
