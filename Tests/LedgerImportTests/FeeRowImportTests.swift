import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// A CSV row with gross, fee and net columns gives the gross draft and a fee draft, both found
/// again as duplicates when the file is imported a second time.
@Suite("CSV fee rows")
struct FeeRowImportTests {
    static func fixture(_ name: String) -> String { Fixture.url("CSV/shapes/\(name)").path }

    static func options(_ mapping: String) -> AdapterOptions {
        AdapterOptions(mapping: fixture(mapping))
    }

    @Test("a PayPal row's fee is a draft of its own, its id the row's plus #fee; a re-import adds nothing")
    func payPalFees() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let path = Self.fixture("paypal-fees.csv")
        let first = BatchImporter().importFile(
            at: path, format: nil, options: Self.options("paypal-fees.json"), into: ledger)
        #expect(first.status == .complete, "\(first.failure?.description ?? "")")
        #expect(first.inserted == 5)  // three rows, two of them with a fee
        let stored = try ledger.transactions().sorted { ($0.externalID ?? "") < ($1.externalID ?? "") }
        #expect(
            stored.map { "\($0.externalID ?? "-") \(Money.format($0.signedMinorUnits, currency: $0.amount.currency))" }
                == [
                    "3LM98765CD432109E -20.00", "7XK12345AB678901C 100.00", "7XK12345AB678901C#fee -3.79",
                    "9AB24680EF135790G 1000.00", "9AB24680EF135790G#fee -29.30",
                ])
        #expect(stored.first { $0.externalID == "7XK12345AB678901C#fee" }?.description == "PayPal fee")
        // The running balance opens at 49.30, before the first row's net (not its gross), and
        // closes at the last row's Balance: the closing checkpoint reconciles.
        let closing = try #require(first.checkpoints.first)
        #expect(closing.actual == 109621)
        #expect(closing.status == .reconciled)
        #expect(closing.discrepancy == 0)
        let second = BatchImporter().importFile(
            at: path, format: nil, options: Self.options("paypal-fees.json"), into: ledger)
        #expect(second.status == .complete)
        #expect(second.inserted == 0)
        #expect(second.duplicates == 5)
        #expect(try ledger.transactions().count == 5)
    }

    @Test("without ids, two identical sales and their fees are all kept once, and found again on a re-import")
    func processorFeesWithoutIDs() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let path = Self.fixture("processor-fees.csv")
        let options = Self.options("processor-fees.json")
        let first = BatchImporter().importFile(at: path, format: nil, options: options, into: ledger)
        #expect(first.status == .complete, "\(first.failure?.description ?? "")")
        #expect(first.inserted == 7)  // four rows; the refund's fee is 0.00 and makes no draft
        let total = try ledger.transactions().reduce(Int64(0)) { $0 + $1.signedMinorUnits }
        #expect(total == 2456 + 2456 - 1000 + 122812)  // the sum of the Net column
        let second = BatchImporter().importFile(at: path, format: nil, options: options, into: ledger)
        #expect(second.inserted == 0)
        #expect(second.duplicates == 7)
    }

    @Test("a net that is not gross plus fee stops the import at the net cell, naming the three amounts")
    func netMismatch() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let report = BatchImporter().importFile(
            at: Self.fixture("processor-fees-bad-net.csv"), format: nil, options: Self.options("processor-fees.json"),
            into: ledger)
        let failure = try #require(report.failure)
        #expect("\(failure.location.line):\(failure.location.column)" == "5:50")
        #expect(failure.reason.contains("\"1228.21\" is not 1228.12, the gross 1250.00 plus the fee -21.88"))
        #expect(report.inserted == 0)
    }
}
