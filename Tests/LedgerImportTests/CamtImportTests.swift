import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// camt files through the importer and the store: detection, identity across files, checkpoints.
@Suite("camt import")
struct CamtImportTests {
    static let fixtures = [
        "statement-v08.xml", "statement-v02-prcd.xml", "two-statements-v04.xml", "batch-reversal-v13.xml",
        "notification-v13.xml", "report-intraday-v08.xml", "foreign-currency-overdrawn-v08.xml",
    ]

    static func path(_ fixture: String) -> String { Fixture.url("camt/\(fixture)").path }

    @Test("each camt fixture is detected, imported whole, and a second import adds nothing", arguments: fixtures)
    func importsOnce(fixture: String) throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let first = BatchImporter().importFile(
            at: Self.path(fixture), format: nil, options: AdapterOptions(), into: ledger)
        #expect(first.status == .complete, "\(first.failure?.description ?? "")")
        #expect(first.format == "camt")
        #expect(first.inserted == first.read)
        #expect(first.read > 0)
        let second = BatchImporter().importFile(
            at: Self.path(fixture), format: nil, options: AdapterOptions(), into: ledger)
        #expect(second.inserted == 0)
        #expect(second.duplicates == first.read)
    }

    @Test("a 052 intraday report then the day's 053 store each booked payment once and the CLBD reconciles")
    func intradayThenStatement() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let intraday = BatchImporter().importFile(
            at: Self.path("report-intraday-v08.xml"), format: nil, options: AdapterOptions(), into: ledger)
        #expect(intraday.status == .complete)
        #expect(intraday.inserted == 2)  // one booked, one pending; the INFO entry is skipped
        #expect(intraday.skipped.map(\.count) == [1])
        let statement = BatchImporter().importFile(
            at: Self.path("statement-after-intraday-v08.xml"), format: nil, options: AdapterOptions(), into: ledger)
        #expect(statement.status == .complete)
        #expect(statement.duplicates == 1)  // the payment the 052 already booked
        #expect(statement.inserted == 2)
        let booked = try ledger.transactions().filter { $0.status == .booked }
        #expect(
            booked.compactMap(\.externalID).sorted() == ["2024050600004411", "2024050600009020", "2024050600011873"])
        #expect(statement.checkpoints.last?.status == .reconciled)
        #expect(statement.checkpoints.last?.discrepancy == 0)
        let account = try #require(try ledger.allAccounts().first)
        #expect(try ledger.balance(of: account) == 4_510)  // -40.00 + 120.00 - 34.90, the pending row not counted
    }

    @Test("a statement with reversals reconciles to zero against its own opening balance")
    func reversals() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let report = BatchImporter().importFile(
            at: Self.path("batch-reversal-v13.xml"), format: nil, options: AdapterOptions(), into: ledger)
        #expect(report.status == .complete)
        #expect(report.inserted == 6)
        #expect(report.checkpoints.last?.status == .reconciled)
        #expect(report.checkpoints.last?.discrepancy == 0)
    }

    @Test("an OFX 2 file is still read as OFX beside the camt adapter, and OFX never claims camt")
    func ofxStaysOFX() throws {
        let bytes = try Fixture.bytes("OFX/xml-windows-1252.ofx")
        #expect(FormatRegistry.detect(head: Array(bytes.prefix(8192)), fileName: "download.xml")?.adapter.id == "ofx")
        let camt = try Fixture.bytes("camt/statement-v08.xml")
        #expect(FormatRegistry.detect(head: Array(camt.prefix(8192)), fileName: "statement.xml")?.adapter.id == "camt")
        let ofx = try #require(FormatRegistry.adapter(id: "ofx"))
        #expect(ofx.identify(head: Array(camt.prefix(8192)), path: "statement.xml") == 0)
        let camtAdapter = try #require(FormatRegistry.adapter(id: "camt"))
        #expect(camtAdapter.identify(head: Array(bytes.prefix(8192)), path: "download.xml") == 0)
    }
}
