import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import FeedAdapter

/// The shipped sample feed, in both forms: it reads, both forms agree, and its balances agree
/// with its booked transactions.
@Suite("samples/feed")
struct FeedSampleTests {
    private var folderPath: String { Fixture.repositoryRoot.appendingPathComponent("samples/feed").path }

    private func folderSnapshot() throws -> FeedSnapshot {
        let folder = try FeedFolder(path: folderPath)
        var snapshot = FeedSnapshot()
        for stream in try folder.streams() {
            let files = try folder.batchFiles(of: stream)
            for file in files { snapshot.apply(try folder.read(file)) }
        }
        return snapshot
    }

    private func linesSnapshot() throws -> FeedSnapshot {
        let bytes = Array(try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent("samples/feed.jsonl")))
        let lines = try FeedLines(InMemoryByteStream(bytes, name: "feed.jsonl"))
        var snapshot = FeedSnapshot()
        while let batch = try lines.nextBatch() { snapshot.apply(batch) }
        return snapshot
    }

    @Test("every stream of the folder form reads, and the card's stream starts at its reset snapshot")
    func reads() throws {
        let folder = try FeedFolder(path: folderPath)
        let streams = try folder.streams()
        #expect(streams.count == 7)
        let card = FeedStream(kind: .transactions, accountID: "A3BB189E-8BF9-3888-9912-ACE4E6543002")
        let files = try folder.batchFiles(of: card)
        #expect(files.map(\.seq) == [3, 4])
        #expect(try folder.read(files[0]).reset)
    }

    @Test("the folder form and the JSON Lines form hold the same feed")
    func formsAgree() throws {
        let folder = try folderSnapshot()
        let lines = try linesSnapshot()
        #expect(folder.orderedAccounts.map(\.id) == lines.orderedAccounts.map(\.id))
        for account in folder.orderedAccounts {
            let a = folder.orderedTransactions(of: account.id).map {
                $0.draft(accountName: account.id, kind: account.kind)
            }
            let b = lines.orderedTransactions(of: account.id).map {
                $0.draft(accountName: account.id, kind: account.kind)
            }
            #expect(a.map { $0?.externalID } == b.map { $0?.externalID })
            #expect(a.map { $0?.signedMinorUnits } == b.map { $0?.signedMinorUnits })
        }
    }

    @Test("each booked balance equals the one before plus the booked transactions between them")
    func balancesReconcile() throws {
        let snapshot = try folderSnapshot()
        for account in snapshot.orderedAccounts {
            let drafts = snapshot.orderedTransactions(of: account.id).compactMap {
                $0.draft(accountName: account.id, kind: account.kind)
            }
            let ledger = snapshot.orderedBalances(of: account.id)
                .flatMap { $0.statementBalances(accountName: account.id, kind: account.kind) }
                .filter { $0.kind == .ledger }
            #expect(ledger.count >= 2)
            for (previous, next) in zip(ledger, ledger.dropFirst()) {
                let net = drafts.filter {
                    $0.status == .booked && $0.bookingDay > previous.asOf && $0.bookingDay <= next.asOf
                }
                .map(\.signedMinorUnits).reduce(0, +)
                #expect(
                    previous.signedMinorUnits + net == next.signedMinorUnits, "\(account.displayName) at \(next.asOf)")
            }
        }
    }
}
