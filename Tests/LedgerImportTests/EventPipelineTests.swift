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
}
