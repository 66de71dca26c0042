import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import FeedAdapter

@Suite("FeedFolder")
struct FeedFolderTests {
    private let stream = FeedStream(kind: .transactions, accountID: "A1")

    private func feed(batches: [Int] = [1, 2, 3]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.writeManifest()
        try folder.write(
            "accounts/000000000001.json",
            FeedJSONText.batch(stream: "accounts", account: nil, inserted: [FeedJSONText.asset()]))
        for seq in batches {
            try folder.write(
                "transactions/A1/" + FeedBatchFile.name(for: seq),
                FeedJSONText.batch(
                    seq: seq, previous: seq == 1 ? nil : "tok\(seq - 1)",
                    inserted: [FeedJSONText.transaction(id: "T\(seq)")]))
        }
        return folder
    }

    @Test("streams list the accounts first, then each account's balances and transactions")
    func streams() throws {
        let folder = try feed()
        try folder.write("balances/A1/000000000001.json", FeedJSONText.batch(stream: "balances"))
        try folder.write("transactions/A0/000000000001.json", FeedJSONText.batch(account: "A0"))
        let streams = try FeedFolder(path: folder.path).streams()
        #expect(streams.map(\.path) == ["accounts", "transactions/A0", "balances/A1", "transactions/A1"])
    }

    @Test("only batch files after the last applied sequence number are listed")
    func afterLastSeq() throws {
        let folder = try feed(batches: Array(1...12))
        let reader = try FeedFolder(path: folder.path)
        #expect(try reader.batchFiles(of: stream, after: 9).map(\.seq) == [10, 11, 12])
        #expect(try reader.batchFiles(of: stream, after: 12).isEmpty)
        #expect(try reader.batchFiles(of: stream).count == 12)
    }

    @Test("a batch file is read and checked against its folder and name")
    func readsBatch() throws {
        let folder = try feed()
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 1).first)
        let batch = try reader.read(file)
        #expect(batch.seq == 2)
        #expect(batch.location.file == folder.path + "/transactions/A1/000000000002.json")
    }

    @Test("a gap in the sequence numbers is found by the continuity check")
    func gap() throws {
        let folder = try feed(batches: [1, 2, 4])
        let files = try FeedFolder(path: folder.path).batchFiles(of: stream, after: 1)
        #expect(throws: FeedError.self) { try FeedBatchFile.checkContinuity(files, after: 1) }
        do {
            try FeedBatchFile.checkContinuity(files, after: 1)
        } catch {
            #expect(error.reason == .sequenceGap(after: 2, next: 4))
        }
        #expect(throws: Never.self) { try FeedBatchFile.checkContinuity(Array(files.prefix(1)), after: 1) }
    }

    @Test(
        "a name that is not a 12-digit sequence number is refused",
        arguments: [
            "1.json", "00000000001.json", "000000000001.JSON", "000000000000.json", "00000000000a.json", "notes.txt",
        ])
    func badName(name: String) throws {
        let folder = try feed()
        try folder.write("transactions/A1/" + name, "{}")
        let reader = try FeedFolder(path: folder.path)
        #expect(throws: FeedError.self) { try reader.batchFiles(of: stream) }
    }

    @Test("a writer's temporary dot-file is skipped")
    func temporaryFilesSkipped() throws {
        let folder = try feed()
        try folder.write("transactions/A1/.000000000004.json.tmp", "{\"half")
        #expect(try FeedFolder(path: folder.path).batchFiles(of: stream).map(\.seq) == [1, 2, 3])
    }

    @Test("a batch whose seq disagrees with its file name is refused")
    func seqMismatch() throws {
        let folder = try feed()
        try folder.write("transactions/A1/000000000004.json", FeedJSONText.batch(seq: 5))
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 3).first)
        #expect(throws: FeedError.self) { try reader.read(file) }
    }

    @Test("a batch found in another account's folder is refused")
    func misplaced() throws {
        let folder = try feed()
        try folder.write("transactions/A1/000000000004.json", FeedJSONText.batch(account: "A2", seq: 4))
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 3).first)
        #expect(throws: FeedError.self) { try reader.read(file) }
    }

    @Test("a symbolic link to a file outside the feed folder is refused")
    func linkOutside() throws {
        let folder = try feed()
        let outside = try TemporaryFolder()
        try outside.write("secret.json", FeedJSONText.batch(seq: 4))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/transactions/A1/000000000004.json",
            withDestinationPath: outside.path + "/secret.json")
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 3).first)
        #expect {
            try reader.read(file)
        } throws: { error in
            guard let error = error as? FeedError, case .linkOutsideFeed = error.reason else { return false }
            return true
        }
    }

    @Test("a symbolic link to a stream folder outside the feed is refused")
    func folderLinkOutside() throws {
        let folder = try feed()
        let outside = try TemporaryFolder()
        try outside.write("000000000001.json", FeedJSONText.batch(account: "A9"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/transactions/A9", withDestinationPath: outside.path)
        #expect(throws: FeedError.self) { try FeedFolder(path: folder.path).streams() }
    }

    @Test("a symbolic link that stays inside the feed folder is followed")
    func linkInside() throws {
        let folder = try feed()
        try folder.write("archive/four.json", FeedJSONText.batch(seq: 4, previous: "tok3"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/transactions/A1/000000000004.json", withDestinationPath: "../../archive/four.json")
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 3).first)
        #expect(try reader.read(file).seq == 4)
    }

    @Test("a batch file over the size limit is refused before it is read")
    func tooLarge() throws {
        let folder = try feed()
        let reader = try FeedFolder(path: folder.path, batchByteLimit: 100)
        let file = try #require(try reader.batchFiles(of: stream).first)
        #expect {
            try reader.read(file)
        } throws: { error in
            guard let error = error as? FeedError, case .fileTooLarge(_, 100) = error.reason else { return false }
            return error.description.contains("at most 100")
        }
    }

    @Test("a folder without feed.json is not a feed")
    func noManifest() throws {
        let folder = try TemporaryFolder()
        #expect(throws: FeedError.self) { try FeedFolder(path: folder.path) }
        #expect(throws: FeedError.self) { try FeedFolder(path: folder.path + "/missing") }
    }

    // MARK: - Special files

    @Test("a FIFO as a batch file is refused by name at once, never waited on")
    func fifoBatch() throws {
        let folder = try feed()
        let fifo = folder.path + "/transactions/A1/000000000004.json"
        try makeFIFO(at: fifo)
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 3).first)
        let run = runWithDeadline(seconds: 5, releasing: [fifo]) { try reader.read(file) }
        #expect(!run.hung, "reading a FIFO blocked until a writer came")
        #expect {
            try run.result.get()
        } throws: { error in
            guard let error = error as? FeedError, case .notRegularFile(found: "a FIFO", _) = error.reason else {
                return false
            }
            return error.description
                == "\(fifo): error: the file is a FIFO, not a regular file; expected a batch file"
        }
    }

    @Test("a symbolic link inside the feed to a FIFO is refused like the FIFO")
    func linkToFIFO() throws {
        let folder = try feed()
        let fifo = folder.path + "/pipe"
        try makeFIFO(at: fifo)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/transactions/A1/000000000004.json", withDestinationPath: "../../pipe")
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 3).first)
        let run = runWithDeadline(seconds: 5, releasing: [fifo]) { try reader.read(file) }
        #expect(!run.hung)
        #expect {
            try run.result.get()
        } throws: { error in
            guard let error = error as? FeedError, case .notRegularFile = error.reason else { return false }
            return error.file.hasSuffix("/transactions/A1/000000000004.json")
        }
    }

    @Test("a FIFO as feed.json is refused by name at once, never waited on")
    func fifoManifest() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/feed.json"
        try makeFIFO(at: fifo)
        let run = runWithDeadline(seconds: 5, releasing: [fifo]) { try FeedFolder(path: folder.path) }
        #expect(!run.hung, "opening feed.json blocked until a writer came")
        #expect {
            try run.result.get()
        } throws: { error in
            guard let error = error as? FeedError, case .notRegularFile(found: "a FIFO", _) = error.reason else {
                return false
            }
            return error.message.contains("expected the feed's manifest")
        }
    }

    @Test("a folder named like a batch file is refused as not a regular file")
    func folderAsBatch() throws {
        let folder = try feed()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/transactions/A1/000000000004.json", withIntermediateDirectories: false)
        let reader = try FeedFolder(path: folder.path)
        let file = try #require(try reader.batchFiles(of: stream, after: 3).first)
        #expect {
            try reader.read(file)
        } throws: { error in
            guard let error = error as? FeedError, case .notRegularFile(found: "a folder", _) = error.reason else {
                return false
            }
            return true
        }
    }
}
