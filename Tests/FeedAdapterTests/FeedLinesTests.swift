import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedLines")
struct FeedLinesTests {
    private func lines(_ rows: [String], separator: String = "\n", chunkSize: Int = 64 * 1024) throws -> FeedLines {
        try FeedLines(
            InMemoryByteStream(rows.joined(separator: separator) + separator, name: "feed.jsonl", chunkSize: chunkSize))
    }

    private func entries(_ reader: FeedLines) throws -> [FeedLines.Entry] {
        var result: [FeedLines.Entry] = []
        while let entry = try reader.nextEntry() { result.append(entry) }
        return result
    }

    @Test("the first line is the manifest and every further line a batch, with its line number")
    func reads() throws {
        let reader = try lines([
            FeedJSONText.manifest, FeedJSONText.batch(seq: 1), "", FeedJSONText.batch(seq: 2, previous: "tok1"),
        ])
        #expect(reader.manifest.epoch == "E1")
        let read = try entries(reader).map { try $0.result.get() }
        #expect(read.map(\.seq) == [1, 2])
        #expect(read.map(\.location.line) == [2, 4])
    }

    @Test("CRLF line ends and tiny chunks give the same batches")
    func crlfAndChunks() throws {
        let rows = [FeedJSONText.manifest, FeedJSONText.batch(seq: 1, inserted: [FeedJSONText.transaction()])]
        let plain = try entries(try lines(rows)).map { try $0.result.get() }
        let crlf = try entries(try lines(rows, separator: "\r\n", chunkSize: 3)).map { try $0.result.get() }
        #expect(plain == crlf)
    }

    @Test("a malformed line is reported for its stream and the next lines are still read")
    func malformedLineContinues() throws {
        let bad = FeedJSONText.batch(
            account: "A2", seq: 1, inserted: [FeedJSONText.transaction(account: "A2", indicator: "up")])
        let reader = try lines([FeedJSONText.manifest, bad, FeedJSONText.batch(account: "A1", seq: 1)])
        let read = try entries(reader)
        #expect(read.count == 2)
        #expect(read[0].stream == FeedStream(kind: .transactions, accountID: "A2"))
        guard case .failure(let error) = read[0].result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.location.line == 2)
        #expect(error.jsonPath == "$.inserted[0].creditDebitIndicator")
        #expect(try read[1].result.get().stream.accountID == "A1")
    }

    @Test("a line that is not JSON names no stream")
    func notJSON() throws {
        let read = try entries(try lines([FeedJSONText.manifest, "{oops"]))
        #expect(read.first?.stream == nil)
    }

    @Test("a stream's batches must follow each other without a gap or a step back")
    func sequence() throws {
        let gap = try entries(
            try lines([FeedJSONText.manifest, FeedJSONText.batch(seq: 1), FeedJSONText.batch(seq: 3)]))
        guard case .failure(let gapError) = gap[1].result else {
            Issue.record("expected a gap")
            return
        }
        #expect(gapError.reason == .sequenceGap(after: 1, next: 3))
        let back = try entries(
            try lines([FeedJSONText.manifest, FeedJSONText.batch(seq: 2), FeedJSONText.batch(seq: 2)]))
        guard case .failure(let backError) = back[1].result else {
            Issue.record("expected a step back")
            return
        }
        #expect(backError.reason == .sequenceNotIncreasing(previous: 2, found: 2))
    }

    @Test("a compacted stream may start at its reset snapshot")
    func startsAtReset() throws {
        let read = try entries(
            try lines([FeedJSONText.manifest, FeedJSONText.batch(seq: 5, reset: true), FeedJSONText.batch(seq: 6)]))
        #expect(try read.map { try $0.result.get().seq } == [5, 6])
    }

    @Test("a line longer than the limit is refused and reading goes on after it")
    func longLine() throws {
        let long = FeedJSONText.batch(seq: 1, inserted: Array(repeating: FeedJSONText.transaction(), count: 20))
        let text = [FeedJSONText.manifest, long, FeedJSONText.batch(account: "A2", seq: 1)].joined(separator: "\n")
        let reader = try FeedLines(InMemoryByteStream(text, name: "f.jsonl", chunkSize: 100), lineByteLimit: 1000)
        let read = try entries(reader)
        #expect(read.count == 2)
        guard case .failure(let error) = read[0].result else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.reason == .lineTooLong(limit: 1000))
        #expect(try read[1].result.get().stream.accountID == "A2")
    }

    @Test("an empty file or a file whose first line is not a manifest is refused")
    func noManifest() {
        #expect(throws: FeedError.self) { try FeedLines(InMemoryByteStream("", name: "f.jsonl")) }
        #expect(throws: FeedError.self) {
            try FeedLines(InMemoryByteStream(FeedJSONText.batch() + "\n", name: "f.jsonl"))
        }
    }
}
