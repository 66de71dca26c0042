import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedModelChanges")
struct FeedModelChangesTests {
    private func transactions(_ text: String) throws -> FeedModelChanges<FeedTransaction> {
        guard case .transactions(let changes) = try decodeBatch(text).changes else {
            throw FeedError(.missingField("transactions"), at: .file("test"))
        }
        return changes
    }

    @Test("within a batch, deleted wins over inserted and updated")
    func deletedWins() throws {
        let changes = try transactions(
            FeedJSONText.batch(
                inserted: [FeedJSONText.transaction(id: "T1"), FeedJSONText.transaction(id: "T2")],
                updated: [FeedJSONText.transaction(id: "T1")], deleted: ["T1"]))
        #expect(changes.upserts.map(\.id) == ["T2"])
    }

    @Test("an id both inserted and updated in one batch is stored once, as updated")
    func updateAfterInsert() throws {
        let changes = try transactions(
            FeedJSONText.batch(
                inserted: [FeedJSONText.transaction(id: "T1", status: "pending")],
                updated: [FeedJSONText.transaction(id: "T1", status: "booked")]))
        #expect(changes.upserts.count == 1)
        #expect(changes.upserts.first?.status == .booked)
    }
}
