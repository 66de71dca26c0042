import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerImport

/// An adapter of `count` drafts whose descriptions are `size` bytes long.
private struct LongDescriptionFormat: FormatAdapter {
    static let id = "long-test"
    static let summary = "test"
    static let fileExtensions: [String] = []
    static func sniff(_ head: [UInt8], fileName: String) -> Int { 0 }
    static let count = 3_000
    static let size = 10_000
    init(options: AdapterOptions) throws {}

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try emit(.account(AccountReference(name: "A", currency: .EUR)))
        let day = Day(year: 2024, month: 1, day: 2)!
        for line in 1...Self.count {
            try emit(
                .draft(
                    Draft(
                        account: "A", bookingDay: day, amount: Money(minorUnits: 100, currency: .EUR),
                        direction: .debit,
                        description: "\(line) " + String(repeating: "x", count: Self.size),
                        location: SourceLocation(file: input.name, line: line, column: 1))))
        }
    }
}

@Suite("EventPipeline")
struct EventPipelineTests {
    @Test("drafts with long descriptions come over in chunks of about a mebibyte, all of them, in order")
    func chunksByBytes() throws {
        let pipeline = EventPipeline(
            adapter: try LongDescriptionFormat(options: AdapterOptions()), stream: InMemoryByteStream("", name: "x"),
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
        #expect(lines == Array(1...LongDescriptionFormat.count))
        // 1 MiB of 10 KB descriptions: about a hundred drafts a chunk, not 1,024.
        #expect(largest <= EventPipeline.bytesPerChunk / LongDescriptionFormat.size + 1)
    }
}
