import FeedAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import Testing

/// Feed updates and deletions on days already checkpointed (issue 11, defect 9): the checkpoints
/// whose windows they touch are recomputed, as an import's inserts already were.
@Suite("FeedSync checkpoint refresh")
struct FeedSyncCheckpointRefreshTests {
    private let card = "L"

    /// A card with checkpoints on January 10 (a baseline at 0.00) and January 15 (two purchases of
    /// 10.00 and 5.00 on the 15th against a statement of -15.00: reconciled).
    private func checkpointedCard() throws -> (TestFeed, Ledger) {
        let feed = try TestFeed()
        try feed.accounts([TestFeed.liability(card)])
        try feed.balances(card, [TestFeed.bookedBalance("b0", account: card, "0.00", "credit", day: "2024-01-10")])
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.transactions(
            card,
            inserted: [
                TestFeed.transaction("t1", account: card, "10.00", day: "2024-01-15"),
                TestFeed.transaction("t2", account: card, "5.00", day: "2024-01-15"),
            ])
        try feed.balances(card, [TestFeed.bookedBalance("b1", account: card, "15.00", "debit", day: "2024-01-15")])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.checkpoints.map(\.status) == [.reconciled])
        return (feed, ledger)
    }

    /// Adds a checkpoint on January 20: the bank still says -15.00, nothing happened since the 15th.
    private func checkpointTwentieth(_ feed: TestFeed, _ ledger: Ledger) throws {
        try feed.balances(card, [TestFeed.bookedBalance("b2", account: card, "15.00", "debit", day: "2024-01-20")])
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(try figures(ledger).last == "2024-01-20 -1500 -1500 0")
    }

    /// The card's checkpoints, oldest first, as `day expected actual discrepancy`.
    private func figures(_ ledger: Ledger) throws -> [String] {
        let account = try #require(try ledger.account(key: FeedAccount.ledgerKey(forID: card)))
        return try ledger.checkpoints(of: account).reversed().map { checkpoint in
            let expected = checkpoint.expected.map(String.init) ?? "-"
            let discrepancy = checkpoint.discrepancy.map(String.init) ?? "-"
            return "\(checkpoint.asOf) \(expected) \(checkpoint.actual) \(discrepancy)"
        }
    }

    @Test("a row changed from 10.00 to 11.00, with the bank's balances restated, leaves no discrepancy")
    func updateWithRestatedBalance() throws {
        let (feed, ledger) = try checkpointedCard()
        try feed.transactions(card, updated: [TestFeed.transaction("t1", account: card, "11.00", day: "2024-01-15")])
        try feed.balances(
            card,
            [
                TestFeed.bookedBalance("b1", account: card, "16.00", "debit", day: "2024-01-15"),
                TestFeed.bookedBalance("b2", account: card, "16.00", "debit", day: "2024-01-20"),
            ])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        // The ledger and the bank both say -16.00 on the 15th and on the 20th.
        #expect(report.checkpoints.map(\.discrepancy) == [0])
        #expect(try figures(ledger) == ["2024-01-10 - 0 -", "2024-01-15 -1600 -1600 0", "2024-01-20 -1600 -1600 0"])
    }

    @Test("a row changed on a checkpointed day moves that window's figures; the pair of discrepancies cancels")
    func updateWithoutRestatement() throws {
        let (feed, ledger) = try checkpointedCard()
        try feed.transactions(card, updated: [TestFeed.transaction("t1", account: card, "11.00", day: "2024-01-15")])
        try feed.balances(card, [TestFeed.bookedBalance("b2", account: card, "16.00", "debit", day: "2024-01-20")])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.refreshed.map { "\($0.asOf) \($0.discrepancy ?? 0)" } == ["2024-01-15 100"])
        // The rows of the 15th now sum to -16.00 against the bank's -15.00 of that day (+1.00); the
        // bank then moved by -1.00 with no row in the next window (-1.00). Each window is checked
        // against its own statement, which a checkpoint re-baselines at.
        #expect(
            try figures(ledger) == ["2024-01-10 - 0 -", "2024-01-15 -1600 -1500 100", "2024-01-20 -1500 -1600 -100"])
    }

    @Test("a row deleted on a checkpointed day recomputes that checkpoint, not only the newest")
    func deletion() throws {
        let (feed, ledger) = try checkpointedCard()
        try checkpointTwentieth(feed, ledger)
        try feed.transactions(card, deleted: ["t2"])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.stream("transactions/\(card)")?.deleted == 1)
        #expect(
            try figures(ledger) == ["2024-01-10 - 0 -", "2024-01-15 -1000 -1500 -500", "2024-01-20 -1500 -1500 0"])
    }

    @Test("a row moved to a later window recomputes both windows; the bank's restated balance reconciles them")
    func dayMove() throws {
        let (feed, ledger) = try checkpointedCard()
        try checkpointTwentieth(feed, ledger)

        // The bank books t2 on the 18th instead of the 15th.
        try feed.transactions(
            card, updated: [TestFeed.transaction("t2", account: card, "5.00", day: "2024-01-15", posted: "2024-01-18")])
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(
            try figures(ledger) == [
                "2024-01-10 - 0 -", "2024-01-15 -1000 -1500 -500", "2024-01-20 -2000 -1500 500",
            ])

        // …and restates its balance of the 15th accordingly: every window reconciles.
        try feed.balances(card, [TestFeed.bookedBalance("b1", account: card, "10.00", "debit", day: "2024-01-15")])
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(
            try figures(ledger) == ["2024-01-10 - 0 -", "2024-01-15 -1000 -1000 0", "2024-01-20 -1500 -1500 0"])
    }

    @Test("a resync's snapshot that drops a row on a checkpointed day recomputes that checkpoint")
    func snapshotDrop() throws {
        let (feed, ledger) = try checkpointedCard()
        try checkpointTwentieth(feed, ledger)
        try feed.compact(
            "transactions/\(card)", snapshot: [TestFeed.transaction("t1", account: card, "10.00", day: "2024-01-15")],
            account: card)
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(
            try figures(ledger) == ["2024-01-10 - 0 -", "2024-01-15 -1000 -1500 -500", "2024-01-20 -1500 -1500 0"])
    }
}
