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

    @Test("an OFX correction is imported or reported, never dropped silently")
    func corrections() throws {
        let scratch = try ScratchFolder()
        let path = Fixture.url("OFX/corrections.ofx").path
        let ledger = try Ledger(path: scratch.databasePath)
        let report = BatchImporter().importFile(at: path, format: nil, options: AdapterOptions(), into: ledger)
        #expect(report.status == .complete)
        #expect(report.inserted == 2)  // the original and the REPLACE's new row
        #expect(report.skipped.count == 2)  // neither withdrawal applied yet: the store can't delete by id
        #expect(report.skipped.allSatisfy { $0.reason.contains("correction") })
    }
}
