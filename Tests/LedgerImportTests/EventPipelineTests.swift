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

    @Test(
        "drafts handed over alone come out as those inside events do: prepared, checked or passed",
        arguments: [EventPipeline.Handling.prepare, .check, .pass])
    func directDrafts(_ handling: EventPipeline.Handling) {
        let direct = DirectDrafts()
        let fromDirect = Self.run(direct, handling)
        let fromEvents = Self.run(EventsOnly(base: DirectDrafts()), handling)
        #expect(direct.calls.value == 1)
        #expect(fromDirect == fromEvents)
        switch handling {
        case .prepare:
            // Every draft, in order; the same record twice gets the next occurrence number.
            #expect(fromDirect.drafts.count == 6)
            #expect(fromDirect.drafts.map(\.occurrence) == [1, 1, 2, 1, 1, 2])
        case .check: #expect(fromDirect.checked == 6)
        case .pass:
            // Passed as the adapter emitted them, unchecked: the last one too.
            #expect(fromDirect.drafts.map(\.description).last == "Dollars")
            #expect(fromDirect.failure == nil)
        }
        if handling != .pass {
            // The draft in another currency than its account's stops both at its line.
            #expect(fromDirect.failure?.contains("x.csv:7:") == true)
        }
    }

    /// What a pipeline handed over: each draft's description, fingerprint and occurrence, the
    /// count of checked drafts, the other events' kinds, and the error that ended it.
    struct Outcome: Equatable {
        var drafts: [PreparedFacts] = []
        var checked = 0
        var others: [String] = []
        var failure: String?
    }

    struct PreparedFacts: Equatable {
        var description: String
        var fingerprint: Int64
        var occurrence: Int
    }

    static func run(_ reader: any DraftReader, _ handling: EventPipeline.Handling) -> Outcome {
        let pipeline = EventPipeline(
            adapter: reader, stream: InMemoryByteStream("", name: "x.csv"), draftsPerChunk: 2, handling: handling)
        var outcome = Outcome()
        while true {
            switch pipeline.next() {
            case .events(let events):
                for event in events {
                    switch event {
                    case .draft(let prepared):
                        outcome.drafts.append(
                            PreparedFacts(
                                description: prepared.draft.description, fingerprint: prepared.fingerprint,
                                occurrence: prepared.occurrence))
                    case .checked(let count): outcome.checked += count
                    case .other(.draft(let draft)):
                        outcome.drafts.append(
                            PreparedFacts(description: draft.description, fingerprint: 0, occurrence: 0))
                    case .other(let other): outcome.others.append("\(other)".prefix(while: { $0 != "(" }).description)
                    }
                }
            case .finished(let error):
                outcome.failure = error.map { "\($0)" }
                return outcome
            }
        }
    }
}

/// A reader that hands its drafts over alone (``DraftReader/drafts(from:emit:draft:)``): an
/// account, six drafts (two pairs the same), then a draft in a currency its account doesn't have.
private final class DirectDrafts: DraftReader, @unchecked Sendable {
    /// How many times the direct reading was asked for.
    let calls = Counter()

    final class Counter: @unchecked Sendable {
        var value = 0
    }

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try read(emit: emit, draft: { try emit(.draft($0)) })
    }

    func drafts(
        from input: any ByteStream, emit: (AdapterEvent) throws -> Void, draft: (consuming Draft) throws -> Void
    ) throws {
        calls.value += 1
        try read(emit: emit, draft: draft)
    }

    private func read(emit: (AdapterEvent) throws -> Void, draft: (consuming Draft) throws -> Void) throws {
        try emit(.account(AccountReference(name: "Giro", currency: .EUR)))
        for (line, text) in ["Rent", "Coffee", "Coffee", "Shop", "Fee", "Fee"].enumerated() {
            try draft(Self.draft(text, line: line + 1, currency: .EUR))
        }
        try draft(Self.draft("Dollars", line: 7, currency: .USD))
    }

    static func draft(_ text: String, line: Int, currency: Currency) -> Draft {
        Draft(
            account: "Giro", bookingDay: Day(year: 2024, month: 3, day: 1)!,
            amount: Money(minorUnits: 250, currency: currency), direction: .debit, description: text,
            location: SourceLocation(file: "x.csv", line: line, column: 1))
    }
}

/// The same reader implementing only ``DraftReader/drafts(from:emit:)``: the default of the
/// other reading sends every draft inside an event.
private struct EventsOnly: DraftReader {
    let base: DirectDrafts

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try base.drafts(from: input, emit: emit)
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
