import FeedAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

@Suite("FeedSync, randomized")
struct FeedSyncRandomTests {
    /// What the pure reader says the final feed holds: every stored transaction as a line.
    private func expectedLines(_ path: String) throws -> [String] {
        let folder = try FeedFolder(path: path)
        var snapshot = FeedSnapshot()
        for stream in try folder.streams() {
            for file in try folder.batchFiles(of: stream) { snapshot.apply(try folder.read(file)) }
        }
        var lines: [String] = []
        for account in snapshot.orderedAccounts {
            for transaction in snapshot.orderedTransactions(of: account.id) {
                guard let draft = transaction.draft(accountName: account.ledgerName, kind: account.kind) else {
                    continue
                }
                lines.append(
                    "\(account.ledgerName) \(transaction.id) \(draft.bookingDay) \(draft.signedMinorUnits) "
                        + "\(draft.status.rawValue) \(draft.description)")
            }
        }
        return lines.sorted()
    }

    @Test(
        "random steps, kills, bookings, rejections, deletions and a compaction store exactly what the feed holds",
        arguments: [1, 2, 3, 4] as [UInt64])
    func randomHistory(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let feed = try TestFeed()
        let accounts = ["A", "B", "L"]
        try feed.accounts([TestFeed.asset("A"), TestFeed.asset("B"), TestFeed.liability("L")])
        var live: [String: [String: String]] = [:]  // account -> id -> status
        let ledger = try Ledger(path: ":memory:")
        var next = 0
        for step in 0..<40 {
            let account = accounts[Int.random(in: 0..<3, using: &random)]
            var inserted: [String] = []
            var updated: [String] = []
            var deleted: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                next += 1
                let id = "t\(next)"
                let status = Int.random(in: 0..<4, using: &random) == 0 ? "pending" : "booked"
                let cents = Int.random(in: 1...99_999, using: &random)
                let amount = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
                inserted.append(
                    TestFeed.transaction(
                        id, account: account, amount, Bool.random(using: &random) ? "debit" : "credit",
                        day: "2024-02-\(10 + step % 18)", status: status))
                live[account, default: [:]][id] = status
            }
            for (id, status) in live[account] ?? [:] where status == "pending" {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    updated.append(TestFeed.transaction(id, account: account, "1.00", posted: "2024-03-01"))
                    live[account]?[id] = "booked"
                case 1:
                    updated.append(TestFeed.transaction(id, account: account, "1.00", status: "rejected"))
                    live[account]?[id] = nil
                default:
                    break
                }
            }
            if let victim = live[account]?.keys.sorted().first, Int.random(in: 0..<4, using: &random) == 0 {
                deleted.append(victim)
                live[account]?[victim] = nil
            }
            try feed.transactions(account, inserted: inserted, updated: updated, deleted: deleted)
            if step == 25 {
                // Compact B: one snapshot of what it holds now replaces its history.
                let snapshot = (live["B"] ?? [:]).keys.sorted().map { id in
                    TestFeed.transaction(id, account: "B", "2.00", status: live["B"]?[id] ?? "booked")
                }
                if FileManager.default.fileExists(atPath: feed.path + "/transactions/B") {
                    try feed.compact("transactions/B", snapshot: snapshot, account: "B")
                }
            }
            if Int.random(in: 0..<5, using: &random) == 0 {
                _ = try FeedSync(ledger: ledger, batchLimit: Int.random(in: 1...4, using: &random))
                    .sync(folderAt: feed.path)
            }
        }
        var report: FeedSyncReport
        repeat { report = try FeedSync(ledger: ledger).sync(folderAt: feed.path) } while !report.isComplete
        let stored = try ledger.transactions().map { row in
            "\(row.account) \(row.externalID ?? "-") \(row.bookingDay) \(row.signedMinorUnits) "
                + "\(row.status.rawValue) \(row.description)"
        }.sorted()
        #expect(stored == (try expectedLines(feed.path)))
        #expect(stored == (try ledgerLines(try syncedFromScratch(feed.path))))
    }
}
