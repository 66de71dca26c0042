import FeedAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The ledger's transactions as comparable lines (row ids left out).
func ledgerLines(_ ledger: Ledger) throws -> [String] {
    try ledger.transactions().map { row in
        "\(row.account) \(row.externalID ?? "-") \(row.bookingDay) \(row.signedMinorUnits) \(row.status.rawValue) \(row.description)"
    }.sorted()
}

/// A fresh in-memory ledger synced once from a feed folder.
func syncedFromScratch(_ path: String) throws -> Ledger {
    let ledger = try Ledger(path: ":memory:")
    _ = try FeedSync(ledger: ledger).sync(folderAt: path)
    return ledger
}

extension FeedSyncReport {
    func stream(_ path: String) -> FeedStreamReport? { streams.first { $0.stream.path == path } }
}

@Suite("FeedSync")
struct FeedSyncTests {
    private let samplePath = Fixture.repositoryRoot.appendingPathComponent("samples/feed").path
    private let checking = "7C9E6679-7425-40DE-944B-E07FC1F90AE7"
    private let card = "A3BB189E-8BF9-3888-9912-ACE4E6543002"

    /// A feed with an asset A and a liability L, one batch each.
    private func smallFeed() throws -> TestFeed {
        let feed = try TestFeed()
        try feed.accounts([TestFeed.asset("A"), TestFeed.liability("L")])
        try feed.transactions("A", inserted: [TestFeed.transaction("a1", account: "A", "10.00", "credit")])
        try feed.transactions("L", inserted: [TestFeed.transaction("l1", account: "L", "4.00")])
        return feed
    }

    // MARK: - Rule 1 and 2: exactly once, and only what is new

    @Test("the sample syncs whole: every stream, its rows, and a checkpoint per account")
    func sample() throws {
        let ledger = try Ledger(path: ":memory:")
        let report = try FeedSync(ledger: ledger).sync(folderAt: samplePath)
        #expect(report.isComplete)
        #expect(report.streams.count == 7)
        #expect(report.stream("transactions/\(checking)")?.rejected == 1)
        #expect(try ledger.transactions().count == 21)
        #expect(report.checkpoints.map(\.actual).sorted() == [-2390, 550_412, 679_250])
        let card = try #require(try ledger.account(key: FeedAccount.ledgerKey(forID: card)))
        #expect(card.kind == .liability)
        #expect(try ledger.currentBalance(of: card) == -2390 - 1890 * 0)  // the pending 18.90 is not counted
    }

    @Test("syncing an unchanged feed again applies nothing and writes nothing")
    func idempotent() throws {
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: samplePath)
        let before = (try ledgerLines(ledger), ledger.commitCount)
        let again = try FeedSync(ledger: ledger).sync(folderAt: samplePath)
        #expect(again.batches == 0)
        #expect(again.checkpoints.isEmpty)
        #expect(try ledgerLines(ledger) == before.0)
        #expect(ledger.commitCount == before.1)
    }

    @Test("only batch files after the stored position are read")
    func readsOnlyNewFiles() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        // An already-applied batch turns to garbage: a sync that read it would fail.
        try feed.overwrite("transactions/A", seq: 1, with: "not json at all")
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "2.50")])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.isComplete)
        #expect(report.stream("transactions/A")?.batches == 1)
        #expect(try ledgerLines(ledger).count == 3)
    }

    @Test("a stream's new batches are written together in one database transaction with its position")
    func oneTransactionPerStream() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        for number in 2...6 {
            try feed.transactions("A", inserted: [TestFeed.transaction("a\(number)", account: "A", "1.00")])
        }
        let before = ledger.commitCount
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.stream("transactions/A")?.batches == 5)
        #expect(ledger.commitCount == before + 1)
        #expect(try ledger.syncPositions()["transactions/A"]?.lastSeq == 6)
    }

    @Test("progress is reported after each transaction, ending at the report's totals")
    func progress() throws {
        var seen: [ImportProgress] = []
        let ledger = try Ledger(path: ":memory:")
        let report = try FeedSync(ledger: ledger) { seen.append($0) }.sync(folderAt: samplePath)
        #expect(seen.count == 7)  // one transaction per stream
        #expect(seen.last?.batches == report.batches)
        #expect(seen.last?.inserted == report.streams.reduce(0) { $0 + $1.inserted })
    }

    @Test("syncing in steps gives the same ledger as one sync of the final feed")
    func steps() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        for step in 2...5 {
            try feed.transactions("A", inserted: [TestFeed.transaction("a\(step)", account: "A", "1.0\(step)")])
            try feed.balances(
                "A",
                [TestFeed.bookedBalance("b\(step)", account: "A", "1\(step).00", "credit", day: "2024-01-2\(step)")])
            _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        }
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(feed.path)))
    }

    @Test("a sync killed between batches goes on where it stopped and ends like a sync from scratch")
    func killedBetweenBatches() throws {
        let ledger = try Ledger(path: ":memory:")
        var runs = 0
        var report: FeedSyncReport
        repeat {
            report = try FeedSync(ledger: ledger, batchLimit: 2).sync(folderAt: samplePath)
            runs += 1
            #expect(report.batches <= 2)
        } while !report.isComplete && runs < 20
        #expect(report.isComplete)
        // 18 batches, 2 per run: the 9th run stops at its limit with the last batch, the 10th finds nothing new.
        #expect(runs == 10)
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(samplePath)))
    }

    // MARK: - Rule 3: invalid tokens resync that stream alone

    @Test("a compacted stream continues through its reset snapshot, deleting what the snapshot dropped")
    func compactionContinues() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        // The writer compacts A: batches 1-2 are replaced by snapshot 3, which no longer holds a1.
        try feed.compact("transactions/A", snapshot: [TestFeed.transaction("a2", account: "A", "3.00")], account: "A")
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.stream("transactions/A")?.resynced == false)
        #expect(report.stream("transactions/A")?.deleted == 1)
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(feed.path)))
    }

    @Test("a ledger behind a compaction resyncs that stream from the snapshot, and only that stream")
    func compactionResyncs() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        try feed.transactions("A", deleted: ["a1"])
        try feed.compact("transactions/A", snapshot: [TestFeed.transaction("a2", account: "A", "3.00")], account: "A")
        try feed.transactions("A", inserted: [TestFeed.transaction("a5", account: "A", "5.00")])
        try feed.transactions("L", inserted: [TestFeed.transaction("l2", account: "L", "1.00")])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        let a = try #require(report.stream("transactions/A"))
        #expect(a.resynced)
        #expect(a.reason == "batch 2 is missing after batch 1 already applied")
        #expect(a.batches == 2)  // the snapshot (4) and batch 5
        #expect(report.stream("transactions/L")?.resynced == false)
        #expect(report.stream("transactions/L")?.batches == 1)
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(feed.path)))
    }

    @Test("a token that no longer continues the feed resyncs that stream alone, deleting rows it lost")
    func tokenMismatch() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.rewrite(
            "transactions/A", account: "A",
            batches: [
                [TestFeed.transaction("b1", account: "A", "7.00")], [TestFeed.transaction("b2", account: "A", "8.00")],
            ])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        let a = try #require(report.stream("transactions/A"))
        #expect(a.resynced)
        #expect(a.reason == "batch 2's previousToken is not the token stored for batch 1")
        #expect(report.streams.filter(\.resynced).count == 1)
        let lines = try ledgerLines(ledger)
        #expect(!lines.contains { $0.contains(" a1 ") })
        #expect(lines == (try ledgerLines(try syncedFromScratch(feed.path))))
    }

    @Test("a stream that now ends before the stored position resyncs from its start")
    func streamWentBack() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.rewrite("transactions/A", account: "A", batches: [[TestFeed.transaction("c1", account: "A", "9.00")]])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        let a = try #require(report.stream("transactions/A"))
        #expect(a.reason == "the stream now ends at batch 1, before batch 2 already applied")
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(feed.path)))
    }

    @Test("a new epoch makes every stored token invalid: every stream resyncs")
    func epochChange() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.newEpoch("E2")
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.streams.allSatisfy { $0.resynced })
        #expect(report.stream("accounts")?.reason == "the feed's epoch changed from E1 to E2")
        let again = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(again.streams.allSatisfy { !$0.resynced && $0.batches == 0 })
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(feed.path)))
    }

    @Test("a missing batch in the middle of a stream stops that stream at the gap")
    func gapInsideFeed() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        try feed.transactions("A", inserted: [TestFeed.transaction("a3", account: "A", "4.00")])
        try feed.remove("transactions/A", seq: 2)
        let ledger = try Ledger(path: ":memory:")
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        let a = try #require(report.stream("transactions/A"))
        #expect(a.batches == 1)
        #expect(a.failure?.reason.contains("batch 3 follows batch 1") == true)
        #expect(report.stream("transactions/L")?.failure == nil)
        #expect(!report.isComplete)
    }

    // MARK: - Rules 4 and 5: upserts, pending to booked, rejected

    @Test("a pending transaction later booked is one row, moved to its booking day")
    func pendingThenBooked() throws {
        let feed = try smallFeed()
        try feed.transactions(
            "A", inserted: [TestFeed.transaction("p", account: "A", "5.00", day: "2024-01-05", status: "pending")])
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.transactions(
            "A", updated: [TestFeed.transaction("p", account: "A", "5.00", day: "2024-01-05", posted: "2024-01-22")])
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.stream("transactions/A")?.updated == 1)
        let rows = try ledger.transactions().filter { $0.externalID == "p" }
        #expect(rows.count == 1)
        #expect(rows.first?.status == .booked)
        #expect(rows.first?.bookingDay == Day(year: 2024, month: 1, day: 22))
        #expect(rows.first?.transactionDay == Day(year: 2024, month: 1, day: 5))
    }

    @Test("inserted for a stored id updates it, updated for an unknown id inserts it, an unknown deletion is a no-op")
    func idempotentUpserts() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.transactions(
            "A", inserted: [TestFeed.transaction("a1", account: "A", "11.00", "credit")],
            updated: [TestFeed.transaction("new", account: "A", "1.00")], deleted: ["never-seen"])
        let report = try #require(try FeedSync(ledger: ledger).sync(folderAt: feed.path).stream("transactions/A"))
        #expect((report.inserted, report.updated, report.deleted) == (1, 1, 0))
        #expect(try ledgerLines(ledger).contains { $0.contains(" a1 2024-01-15 1100 ") })
    }

    @Test("within a batch, deleted wins over inserted")
    func deletedWins() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("x", account: "A", "1.00")], deleted: ["x"])
        let ledger = try syncedFromScratch(feed.path)
        #expect(try !ledgerLines(ledger).contains { $0.contains(" x ") })
    }

    @Test("a rejected transaction is not stored, and a pending row later rejected is deleted")
    func rejected() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("r", account: "A", "9.00", status: "pending")])
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(try ledgerLines(ledger).contains { $0.contains(" r ") })
        try feed.transactions("A", updated: [TestFeed.transaction("r", account: "A", "9.00", status: "rejected")])
        let report = try #require(try FeedSync(ledger: ledger).sync(folderAt: feed.path).stream("transactions/A"))
        #expect(report.rejected == 1)
        #expect(report.deleted == 1)
        #expect(try !ledgerLines(ledger).contains { $0.contains(" r ") })
    }

    // MARK: - Rule 6: directions

    @Test("a purchase lowers the holder's balance of an asset and of a liability alike; a card payment raises it")
    func directions() throws {
        let feed = try smallFeed()
        try feed.transactions("L", inserted: [TestFeed.transaction("pay", account: "L", "4.00", "credit")])
        let ledger = try syncedFromScratch(feed.path)
        let lines = try ledgerLines(ledger)
        #expect(lines.contains("Card L ••••L l1 2024-01-15 -400 booked Coffee"))
        #expect(lines.contains("Card L ••••L pay 2024-01-15 400 booked Coffee"))
        #expect(lines.contains("Account A ••••A a1 2024-01-15 1000 booked Coffee"))
    }

    // MARK: - Rule 7: checkpoints

    @Test("each booked balance checkpoints the account, summing booked rows only, and the next sync reconciles")
    func checkpoints() throws {
        let feed = try smallFeed()
        try feed.transactions("L", inserted: [TestFeed.transaction("hold", account: "L", "50.00", status: "pending")])
        try feed.balances("L", [TestFeed.bookedBalance("b1", account: "L", "4.00", "debit", day: "2024-01-15")])
        let ledger = try Ledger(path: ":memory:")
        let first = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(first.checkpoints.map(\.status) == [.baseline])
        #expect(first.checkpoints.first?.actual == -400)
        try feed.transactions("L", inserted: [TestFeed.transaction("l3", account: "L", "6.00", day: "2024-01-20")])
        try feed.balances("L", [TestFeed.bookedBalance("b2", account: "L", "10.00", "debit", day: "2024-01-20")])
        let second = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(second.checkpoints.map(\.status) == [.reconciled])
        #expect(second.checkpoints.first?.expected == -1000)
    }

    @Test("the sums checkpoints use agree with the stored rows after bookings, rejections, deletions and snapshots")
    func totalsFollowRows() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("p", account: "A", "5.00", status: "pending")])
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: samplePath)
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.transactions(
            "A", updated: [TestFeed.transaction("p", account: "A", "5.00", day: "2024-01-16", posted: "2024-01-18")])
        try feed.transactions("A", inserted: [TestFeed.transaction("q", account: "A", "2.00")], deleted: ["a1"])
        try feed.compact("transactions/A", snapshot: [TestFeed.transaction("q", account: "A", "2.00")], account: "A")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        for account in try ledger.allAccounts() {
            let rows = try ledger.transactions(account: account).filter { $0.status == .booked }
            #expect(try ledger.net(of: account, after: nil, through: nil) == rows.map(\.signedMinorUnits).reduce(0, +))
        }
    }

    // MARK: - Rule 8: a malformed batch stops its stream only

    @Test("a malformed batch stops its stream with the file, JSON path and reason; the rest go on; a fix resumes it")
    func malformedBatch() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        try feed.transactions("A", inserted: [TestFeed.transaction("a3", account: "A", "-4.00")])
        try feed.transactions("L", inserted: [TestFeed.transaction("l2", account: "L", "1.00")])
        let ledger = try Ledger(path: ":memory:")
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        let a = try #require(report.stream("transactions/A"))
        #expect(a.batches == 2)
        #expect(a.lastSeq == 2)
        let failure = try #require(a.failure)
        #expect(failure.location.file == feed.file("transactions/A", 3))
        #expect(failure.reason.hasPrefix("$.inserted[0].transactionAmount.amount: \"-4.00\" is negative"))
        #expect(report.stream("transactions/L")?.batches == 2)
        #expect(!report.isComplete)

        try feed.overwrite(
            "transactions/A", seq: 3,
            with: try String(contentsOfFile: feed.file("transactions/A", 3), encoding: .utf8)
                .replacingOccurrences(of: "-4.00", with: "4.00"))
        let fixed = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(fixed.isComplete)
        #expect(fixed.stream("transactions/A")?.batches == 1)
    }

    @Test("transactions of an account the accounts stream never declared stop that stream")
    func undeclaredAccount() throws {
        let feed = try smallFeed()
        try feed.transactions("Z", inserted: [TestFeed.transaction("z1", account: "Z", "1.00")])
        let report = try FeedSync(ledger: try Ledger(path: ":memory:")).sync(folderAt: feed.path)
        #expect(report.stream("transactions/Z")?.failure?.reason.contains("accounts stream declares") == true)
        #expect(report.stream("transactions/A")?.failure == nil)
    }

    @Test("a batch that fails in the database keeps neither its rows nor its position")
    func databaseFailure() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        ledger.injectFailureOnNextWrite(code: .full)
        let report = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(report.stream("transactions/A")?.failure != nil)
        #expect(try ledger.syncPositions()["transactions/A"]?.lastSeq == 1)
        #expect(try !ledgerLines(ledger).contains { $0.contains(" a2 ") })
        let retry = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        #expect(retry.isComplete)
        #expect(try ledgerLines(ledger).contains { $0.contains(" a2 ") })
    }

    // MARK: - The JSON Lines form

    @Test("the JSON Lines form syncs to the same ledger as the folder form, and again to nothing new")
    func jsonLines() throws {
        let bytes = Array(try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent("samples/feed.jsonl")))
        let ledger = try Ledger(path: ":memory:")
        let open = { InMemoryByteStream(bytes, name: "feed.jsonl") as any ByteStream }
        let report = try FeedSync(ledger: ledger).sync(lines: open)
        #expect(report.isComplete)
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(samplePath)))
        let again = try FeedSync(ledger: ledger).sync(lines: open)
        #expect(again.batches == 0)
    }

    @Test("a JSON Lines sync picks up where a folder sync of the same feed stopped")
    func jsonLinesIncremental() throws {
        let feed = try smallFeed()
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        let text = try feed.jsonLines()
        let report = try FeedSync(ledger: ledger).sync(lines: { InMemoryByteStream(text, name: "f.jsonl") })
        #expect(report.batches == 1)
        #expect(try ledgerLines(ledger) == ledgerLines(try syncedFromScratch(feed.path)))
    }

    @Test("in the JSON Lines form a malformed batch stops its stream only, after the batches before it")
    func jsonLinesMalformed() throws {
        let feed = try smallFeed()
        try feed.transactions("A", inserted: [TestFeed.transaction("a2", account: "A", "3.00")])
        try feed.transactions("A", inserted: [TestFeed.transaction("a3", account: "A", "3.00", "sideways")])
        try feed.transactions("L", inserted: [TestFeed.transaction("l2", account: "L", "1.00")])
        let text = try feed.jsonLines()
        let ledger = try Ledger(path: ":memory:")
        let report = try FeedSync(ledger: ledger).sync(lines: { InMemoryByteStream(text, name: "f.jsonl") })
        let a = try #require(report.stream("transactions/A"))
        #expect(a.batches == 2)
        #expect(a.failure?.reason.hasPrefix("$.inserted[0].creditDebitIndicator") == true)
        #expect(a.failure?.location.file == "f.jsonl")
        #expect(report.stream("transactions/L")?.batches == 2)
        #expect(try ledger.syncPositions()["transactions/A"]?.lastSeq == 2)
    }

    @Test("in the JSON Lines form a line that names no stream stops the sync before anything is written")
    func jsonLinesUnattributable() throws {
        let feed = try smallFeed()
        let text = try feed.jsonLines() + "{not json\n"
        let ledger = try Ledger(path: ":memory:")
        #expect(throws: FeedError.self) {
            try FeedSync(ledger: ledger).sync(lines: { InMemoryByteStream(text, name: "f.jsonl") })
        }
        #expect(try ledger.transactions().isEmpty)
    }
}
