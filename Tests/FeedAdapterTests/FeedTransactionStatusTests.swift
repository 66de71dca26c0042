import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedTransactionStatus")
struct FeedTransactionStatusTests {
    @Test(
        "each FinanceKit status maps to a stored status, or to none for rejected",
        arguments: [
            (FeedTransactionStatus.booked, TransactionStatus?.some(.booked)), (.pending, .pending),
            (.authorized, .pending), (.memo, .pending), (.rejected, nil),
        ])
    func mapping(status: FeedTransactionStatus, expected: TransactionStatus?) {
        #expect(status.ledgerStatus == expected)
    }

    @Test("a rejected transaction makes no draft")
    func rejectedHasNoDraft() throws {
        let batch = try decodeBatch(FeedJSONText.batch(inserted: [FeedJSONText.transaction(status: "rejected")]))
        guard case .transactions(let changes) = batch.changes else {
            Issue.record("not transactions")
            return
        }
        #expect(changes.inserted[0].draft(accountName: "A1", kind: .asset) == nil)
    }

    @Test("memo and authorized transactions say so in the draft's memo")
    func notes() throws {
        let batch = try decodeBatch(
            FeedJSONText.batch(inserted: [
                FeedJSONText.transaction(id: "M", status: "memo"),
                FeedJSONText.transaction(id: "H", status: "authorized"),
            ]))
        guard case .transactions(let changes) = batch.changes else {
            Issue.record("not transactions")
            return
        }
        #expect(changes.inserted[0].draft(accountName: "A1", kind: .asset)?.memo.contains("informational") == true)
        #expect(changes.inserted[1].draft(accountName: "A1", kind: .asset)?.memo.contains("authorized") == true)
    }

    @Test("an unknown status is refused with its path")
    func unknown() {
        let error = batchError(FeedJSONText.batch(inserted: [FeedJSONText.transaction(status: "cleared")]))
        #expect(error?.reason == .unknownStatus(found: "cleared"))
        #expect(error?.jsonPath == "$.inserted[0].status")
    }
}
