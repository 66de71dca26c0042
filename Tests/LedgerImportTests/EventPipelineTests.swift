import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerImport

@Suite("EventPipeline")
struct EventPipelineTests {
    @Test("drafts with long descriptions come over in chunks of about a mebibyte, all of them, in order")
    func chunksByBytes() throws {
        let pipeline = EventPipeline(
            adapter: try GeneratedFormat<LongDescriptions>(options: AdapterOptions()),
            stream: InMemoryByteStream("", name: "x"),
            draftsPerChunk: 1_024)
        var lines: [Int] = []
        var largest = 0
        while case .events(let events) = pipeline.next() {
            let drafts = events.compactMap { event -> Int? in
                if case .draft(let prepared) = event { return prepared.draft.location.line } else { return nil }
            }
            largest = max(largest, drafts.count)
            lines += drafts
        }
        #expect(lines == Array(1...LongDescriptions.count))
        // 1 MiB of 10 KB descriptions: about a hundred drafts a chunk, not 1,024.
        #expect(largest <= EventPipeline.bytesPerChunk / LongDescriptions.descriptionSize + 1)
    }

    @Test("records that aren't rows count toward a chunk: endless mapping records come over in bounded chunks")
    func chunksCountEveryRecord() {
        let pipeline = EventPipeline(
            adapter: NonRowRecords(count: 50_000), stream: InMemoryByteStream("", name: "x"), draftsPerChunk: 100)
        var total = 0
        var largest = 0
        var chunks = 0
        while case .events(let events) = pipeline.next() {
            largest = max(largest, events.count)
            total += events.count
            chunks += 1
        }
        #expect(total == 50_000)
        // Before, no chunk closed until the end: one chunk of all 50,000 records.
        #expect(largest <= 100)
        #expect(chunks >= 500)
    }
}

/// A reader that emits only mapping and skipped records, alternating.
private struct NonRowRecords: DraftReader {
    let count: Int

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        for index in 0..<count {
            if index.isMultiple(of: 2) {
                try emit(.mapping("x"))
            } else {
                try emit(
                    .skipped(
                        SkippedRecords(
                            count: 1, reason: "noise", location: SourceLocation(file: "x", line: index + 1, column: 1)))
                )
            }
        }
    }
}
