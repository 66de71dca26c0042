import LedgerCore
import LedgerTestSupport
import Testing

@testable import FeedAdapter

@Suite("FeedLinesFormat")
struct FeedLinesFormatTests {
    private var sample: [UInt8] {
        get throws {
            Array(
                try String(
                    contentsOf: Fixture.repositoryRoot.appendingPathComponent("samples/feed.jsonl"), encoding: .utf8
                ).utf8)
        }
    }

    @Test("a feed's first line makes the sniff certain; another .jsonl file gets a faint guess")
    func sniff() throws {
        #expect(FeedLinesFormat.sniff(try sample, fileName: "x.jsonl") == 100)
        #expect(FeedLinesFormat.sniff(Array(#"{"event":"x"}"#.utf8), fileName: "log.jsonl") == 5)
        #expect(FeedLinesFormat.sniff(Array("Date,Amount\n".utf8), fileName: "a.csv") == 0)
    }

    @Test("importing the sample gives the final state: deleted and rejected rows gone, pending booked once")
    func finalState() throws {
        let run = runAdapter(FeedLinesFormat.self, bytes: try sample, name: "feed.jsonl")
        #expect(run.error == nil)
        #expect(run.accounts.map(\.kind) == [.asset, .asset, .liability])
        #expect(run.drafts.count == 21)
        let ids = run.drafts.compactMap(\.externalID)
        #expect(Set(ids).count == ids.count)
        #expect(!ids.contains("C0000000-0000-4000-8000-000000000005"))  // deleted hold
        #expect(!ids.contains("C0000000-0000-4000-8000-000000000006"))  // rejected
        let bakery = run.drafts.first { $0.externalID == "C0000000-0000-4000-8000-000000000004" }
        #expect(bakery?.status == .booked)
        #expect(bakery?.bookingDay == Day(year: 2024, month: 2, day: 2))
        #expect(bakery?.transactionDay == Day(year: 2024, month: 1, day: 29))
        let skipped = run.events.compactMap { event -> SkippedRecords? in
            if case .skipped(let records) = event { return records }
            return nil
        }
        #expect(skipped.map(\.count) == [1])
    }

    @Test("a transaction of an account the accounts stream never declares stops the import")
    func undeclaredAccount() {
        let text = [FeedJSONText.manifest, FeedJSONText.batch(inserted: [FeedJSONText.transaction()])].joined(
            separator: "\n")
        let run = runAdapter(FeedLinesFormat.self, bytes: Array(text.utf8), name: "f.jsonl")
        #expect(run.error?.contains("an account declared by the accounts stream") == true)
        #expect(run.errorLocation?.line == 2)
    }
}
