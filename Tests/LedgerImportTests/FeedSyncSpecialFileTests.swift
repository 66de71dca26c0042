import FeedAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// Special files in a feed (issue 11, defect 2): a FIFO used to block `sync` forever in `open`.
@Suite("FeedSync special files")
struct FeedSyncSpecialFileTests {
    @Test("a FIFO as a batch file stops its stream with an error naming it; the other streams sync")
    func fifoBatch() throws {
        let feed = try TestFeed()
        try feed.accounts([TestFeed.asset("A"), TestFeed.asset("B")])
        try feed.transactions("A", inserted: [TestFeed.transaction("a1", account: "A", "1.00")])
        try feed.transactions("B", inserted: [TestFeed.transaction("b1", account: "B", "2.00")])
        let fifo = feed.file("transactions/A", 2)
        try makeFIFO(at: fifo)
        let ledger = try Ledger(path: ":memory:")
        let run = runWithDeadline(seconds: 5, releasing: [fifo]) {
            try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        }
        #expect(!run.hung, "the sync blocked opening the FIFO")
        let report = try run.result.get()
        let stopped = try #require(report.stream("transactions/A"))
        #expect(stopped.batches == 1)
        #expect(stopped.failure?.location == .file(fifo))
        #expect(stopped.failure?.reason == "the file is a FIFO, not a regular file; expected a batch file")
        #expect(report.stream("transactions/B")?.batches == 1)
        #expect(report.stream("transactions/B")?.failure == nil)
        #expect(try ledger.transactions().count == 2)
    }

    @Test("a FIFO as the batch after the stored position is refused while planning, not waited on")
    func fifoWhilePlanning() throws {
        let feed = try TestFeed()
        try feed.accounts([TestFeed.asset("A")])
        try feed.transactions("A", inserted: [TestFeed.transaction("a1", account: "A", "1.00")])
        let ledger = try Ledger(path: ":memory:")
        _ = try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        // The plan reads batch 2's previousToken to check the stored token still continues.
        let fifo = feed.file("transactions/A", 2)
        try makeFIFO(at: fifo)
        let run = runWithDeadline(seconds: 5, releasing: [fifo]) {
            try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        }
        #expect(!run.hung, "the sync blocked opening the FIFO")
        let report = try run.result.get()
        #expect(report.stream("transactions/A")?.failure?.reason.contains("is a FIFO, not a regular file") == true)
        #expect(!report.isComplete)
    }

    @Test("a FIFO as feed.json stops the sync at once with an error naming it")
    func fifoManifest() throws {
        let feed = try TestFeed()
        let manifest = feed.path + "/feed.json"
        try FileManager.default.removeItem(atPath: manifest)
        try makeFIFO(at: manifest)
        let ledger = try Ledger(path: ":memory:")
        let run = runWithDeadline(seconds: 5, releasing: [manifest]) {
            try FeedSync(ledger: ledger).sync(folderAt: feed.path)
        }
        #expect(!run.hung, "the sync blocked opening feed.json")
        #expect {
            try run.result.get()
        } throws: { error in
            "\(error)" == "\(manifest): error: the file is a FIFO, not a regular file; expected the feed's manifest, "
                + "a JSON file"
        }
    }
}
