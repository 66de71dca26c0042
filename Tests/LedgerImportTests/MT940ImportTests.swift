import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// MT940 and MT942 files through the registry, the importer and the store.
@Suite("MT940 import")
struct MT940ImportTests {
    @Test(
        "an MT940 file the CSV adapter would read as a table is identified as mt940, whatever its name",
        arguments: ["kontoauszug.csv", "kontoauszug.txt", "STA.sta"])
    func detectedAsMT940(name: String) throws {
        let head = Array(try Fixture.bytes("MT940/de-sparkasse.sta").prefix(8192))
        let csv = try #require(FormatRegistry.adapter(id: "csv"))
        #expect(csv.identify(head: head, path: name) < 95)
        let detected = try #require(FormatRegistry.detect(head: head, fileName: name))
        #expect(detected.adapter.id == "mt940")
    }

    @Test("each MT940 fixture is imported whole once, and a second import adds nothing")
    func importsOnce() throws {
        for fixture in ["de-sparkasse.sta", "nl-ing.sta", "pl-caret.sta", "multi-message.sta", "several-accounts.sta"] {
            let scratch = try ScratchFolder()
            let ledger = try Ledger(path: scratch.databasePath)
            let path = Fixture.url("MT940/\(fixture)").path
            let first = BatchImporter().importFile(at: path, format: nil, options: AdapterOptions(), into: ledger)
            #expect(first.status == .complete, "\(fixture): \(first.failure?.description ?? "")")
            #expect(first.format == "mt940")
            #expect(first.inserted == first.read && first.read > 0)
            #expect(first.checkpoints.allSatisfy { $0.discrepancy == 0 }, "\(fixture)")
            let second = BatchImporter().importFile(at: path, format: nil, options: AdapterOptions(), into: ledger)
            #expect(second.inserted == 0)
            #expect(second.duplicates == first.read)
        }
    }

    @Test("an MT942 intraday report and then the day's MT940 store each booking once, and the statement reconciles")
    func intradayThenStatement() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let intraday = BatchImporter().importFile(
            at: Fixture.url("MT940/mt942-intraday.sta").path, format: nil, options: AdapterOptions(), into: ledger)
        #expect(intraday.status == .complete, "\(intraday.failure?.description ?? "")")
        #expect(intraday.inserted == 3)
        #expect(try ledger.transactions().allSatisfy { $0.status == .pending })
        let statement = BatchImporter().importFile(
            at: Fixture.url("MT940/mt940-after-intraday.sta").path, format: nil, options: AdapterOptions(),
            into: ledger)
        #expect(statement.status == .complete, "\(statement.failure?.description ?? "")")
        #expect(statement.read == 4)
        // The MT942 rows are pending; the statement books them in place: two by the bank's
        // reference, one (the first of two equal coffees) by fingerprint and occurrence.
        #expect(statement.booked == 3)
        #expect(statement.duplicates == 0)
        #expect(statement.inserted == 1)
        #expect(try ledger.transactions().map(\.status) == Array(repeating: .booked, count: 4))
        #expect(statement.checkpoints.map(\.discrepancy) == [0])
    }

    @Test("a broken balance chain stops the import at the second statement's opening balance")
    func brokenChain() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let report = BatchImporter().importFile(
            at: Fixture.url("MT940/error-balance-chain.sta").path, format: nil, options: AdapterOptions(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.failure?.location.line == 12)
        #expect(report.failure?.reason.contains("previous statement's closing balance 180.00 EUR") == true)
    }
}
