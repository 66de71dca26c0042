import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

@Suite("ledgerport sync")
struct SyncCommandTests {
    private let sample = Fixture.repositoryRoot.appendingPathComponent("samples/feed").path

    @Test("syncs the sample feed, reports JSON in the documented shape, and a second run applies nothing")
    func syncTwice() throws {
        let cli = try CLIHarness()
        #expect(cli.run("sync", sample, "--json") == 0)
        let first = try #require(try cli.json() as? [String: Any])
        #expect(first["status"] as? String == "complete")
        let streams = try #require(first["streams"] as? [[String: Any]])
        #expect(streams.count == 7)
        let checking = try #require(
            streams.first {
                $0["stream"] as? String == "transactions"
                    && $0["accountID"] as? String == "7C9E6679-7425-40DE-944B-E07FC1F90AE7"
            })
        #expect(checking["batches"] as? Int == 3)
        #expect(checking["inserted"] as? Int == 14)
        #expect(checking["updated"] as? Int == 1)
        #expect(checking["deleted"] as? Int == 2)
        #expect(checking["resynced"] as? Bool == false)
        #expect(checking["reason"] is NSNull)
        #expect(streams[0]["accountID"] is NSNull)
        let checkpoints = try #require(first["checkpoints"] as? [[String: Any]])
        #expect(checkpoints.count == 3)
        #expect(checkpoints.contains { $0["actual"] as? String == "-23.90" && $0["status"] as? String == "baseline" })

        #expect(cli.run("sync", sample, "--json") == 0)
        let second = try #require(try cli.json() as? [String: Any])
        let again = try #require(second["streams"] as? [[String: Any]])
        #expect(again.allSatisfy { $0["batches"] as? Int == 0 })
    }

    @Test("prints a table for people, and the JSON Lines form syncs to nothing new after the folder")
    func humanAndLines() throws {
        let cli = try CLIHarness()
        #expect(cli.run("sync", sample) == 0)
        #expect(cli.output.contains("transactions/A3BB189E-8BF9-3888-9912-ACE4E6543002"))
        #expect(
            cli.output.contains("checkpoint Card ••••3002 on 2024-03-31: statement -23.90 EUR"))
        let lines = Fixture.repositoryRoot.appendingPathComponent("samples/feed.jsonl").path
        #expect(cli.run("sync", lines) == 0)
        #expect(cli.output.contains("up to date"))
    }

    @Test("a stream stopped by a malformed batch exits 1 and names the file on stderr")
    func stoppedStream() throws {
        let cli = try CLIHarness()
        let feed = cli.folder.appendingPathComponent("feed").path
        try FileManager.default.createDirectory(atPath: feed + "/accounts", withIntermediateDirectories: true)
        try Data(#"{"format":"financekit-history","version":1,"epoch":"E","timeZone":"UTC"}"#.utf8)
            .write(to: URL(fileURLWithPath: feed + "/feed.json"))
        try Data(
            #"{"stream":"accounts","seq":1,"newToken":"t","reset":false,"inserted":[],"updated":[],"deleted":[]"#.utf8
        )
        .write(to: URL(fileURLWithPath: feed + "/accounts/000000000001.json"))
        #expect(cli.run("sync", feed) == 1)
        #expect(cli.errors.contains("accounts/000000000001.json:1:"))
        #expect(cli.errors.contains("not valid JSON"))
        // Said once: the report on stdout names where it stopped, not the error again.
        #expect(cli.errors.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
        #expect(!cli.output.contains("not valid JSON"))
        #expect(cli.output.contains("accounts stopped at \(feed)/accounts/000000000001.json:1:"))
    }

    @Test("sync without a feed is a usage error, and a missing feed a runtime error")
    func usage() throws {
        let cli = try CLIHarness()
        #expect(cli.run("sync") == 2)
        #expect(cli.run("sync", cli.folder.appendingPathComponent("nope").path) == 1)
    }

    @Test("a FIFO given as the JSON Lines feed, or inside a feed folder, exits 1 at once naming it")
    func fifo() throws {
        let cli = try CLIHarness()
        let lines = cli.folder.appendingPathComponent("feed.jsonl").path
        try makeFIFO(at: lines)
        var run = runWithDeadline(seconds: 5, releasing: [lines]) { cli.run("sync", lines) }
        #expect(!run.hung, "sync blocked opening the FIFO")
        #expect(try run.result.get() == 1)
        #expect(
            cli.errors.contains("\(lines): error: can't read \(lines): it is a FIFO (a named pipe), not a regular file")
        )

        let feed = cli.folder.appendingPathComponent("feed").path
        try FileManager.default.copyItem(atPath: sample, toPath: feed)
        let batch = feed + "/accounts/000000000003.json"
        try makeFIFO(at: batch)
        run = runWithDeadline(seconds: 5, releasing: [batch]) { cli.run("sync", feed) }
        #expect(!run.hung, "sync blocked opening the FIFO")
        #expect(try run.result.get() == 1)
        #expect(cli.errors.contains("\(batch): error: the file is a FIFO, not a regular file; expected a batch file"))
    }
}
