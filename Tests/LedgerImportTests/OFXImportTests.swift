import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// OFX files through the importer and the store: detection, identity, corrections.
@Suite("OFX import")
struct OFXImportTests {
    static let samples = [
        "checking-v102.ofx", "card-v103.ofx", "checking-v220.ofx", "quicken-savings.qfx", "two-accounts.ofx",
        "windows-1252.ofx", "investment.ofx", "checking-v102-february.ofx",
    ]

    @Test("each OFX sample is detected, imported whole, and a second import adds nothing", arguments: samples)
    func importsOnce(sample: String) throws {
        let scratch = try ScratchFolder()
        let path = Fixture.repositoryRoot.appendingPathComponent("samples/ofx/\(sample)").path
        let ledger = try Ledger(path: scratch.databasePath)
        let first = BatchImporter().importFile(at: path, format: nil, options: AdapterOptions(), into: ledger)
        #expect(first.status == .complete, "\(first.failure?.description ?? "")")
        #expect(first.format == "ofx")
        #expect(first.inserted == first.read)
        #expect(first.read > 0)
        #expect(first.failure == nil)
        let second = BatchImporter().importFile(at: path, format: nil, options: AdapterOptions(), into: ledger)
        #expect(second.inserted == 0)
        #expect(second.duplicates == first.read)
    }

    @Test("February after January: the overlap is skipped as duplicates and the checkpoint reconciles to zero")
    func checkpointReconciles() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let samples = Fixture.repositoryRoot.appendingPathComponent("samples/ofx")
        let january = BatchImporter().importFile(
            at: samples.appendingPathComponent("checking-v102.ofx").path, format: nil, options: AdapterOptions(),
            into: ledger)
        #expect(january.checkpoints.map(\.status) == [.baseline])
        let february = BatchImporter().importFile(
            at: samples.appendingPathComponent("checking-v102-february.ofx").path, format: nil,
            options: AdapterOptions(), into: ledger)
        #expect(february.inserted == 5)
        #expect(february.duplicates == 2)
        #expect(february.checkpoints.map(\.status) == [.reconciled])
        #expect(february.checkpoints.first?.discrepancy == 0)
    }

    @Test("OFX corrections withdraw the corrected transaction in order, and a re-import ends the same")
    func corrections() throws {
        let scratch = try ScratchFolder()
        let path = Fixture.url("OFX/corrections.ofx").path
        let ledger = try Ledger(path: scratch.databasePath)
        let report = BatchImporter().importFile(at: path, format: nil, options: AdapterOptions(), into: ledger)
        #expect(report.status == .complete)
        #expect(report.inserted == 2)  // the original C1 and the REPLACE's new row C2
        #expect(report.corrections == 2)  // C2 replaces C1; C3 deletes B7, never imported
        #expect(report.withdrawn == 1)
        #expect(try ledger.transactions().compactMap(\.externalID) == ["C2"])

        let again = BatchImporter().importFile(at: path, format: nil, options: AdapterOptions(), into: ledger)
        #expect(again.status == .complete)
        #expect(try ledger.transactions().compactMap(\.externalID) == ["C2"])
        let account = try #require(try ledger.allAccounts().first)
        #expect(try ledger.balance(of: account) == ledger.transactions().reduce(0) { $0 + $1.signedMinorUnits })
    }
}
