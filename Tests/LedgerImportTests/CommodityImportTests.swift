import CSVAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// A crypto exchange's ledger export with BTC to 8 decimals, read through a mapping that declares
/// the commodity: imported exactly, checkpointed, found again (issue 14, non-ISO commodities).
@Suite("CSV commodities")
struct CommodityImportTests {
    static let csv = Fixture.url("CSV/shapes/exchange-ledger.csv").path
    static let mapping = Fixture.url("CSV/shapes/exchange-ledger.json").path

    static func options(mapping: String = CommodityImportTests.mapping, ledger: Ledger) -> AdapterOptions {
        var options = AdapterOptions(mapping: mapping)
        options.commodities = ledger.commodities
        return options
    }

    @Test(
        "BTC rows import exactly through the mapping's \"commodities\"; the balance reconciles; a re-import adds nothing"
    )
    func importsExactly() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let first = BatchImporter().importFile(
            at: Self.csv, format: nil, options: Self.options(ledger: ledger), into: ledger)
        #expect(first.status == .complete, "\(first.failure?.description ?? "")")
        #expect(first.inserted == 6)
        let btc = try #require(try ledger.account(named: "Exchange BTC"))
        #expect(btc.currency.code == "BTC")
        #expect(btc.currency.minorDigits == 8)
        let rows = try ledger.transactions(account: btc)
        #expect(
            rows.map { Money.format($0.signedMinorUnits, currency: $0.amount.currency) }
                == ["0.02314872", "-0.01000000", "-0.00012345", "0.00000051"])
        #expect(rows.map(\.signedMinorUnits) == [2_314_872, -1_000_000, -12_345, 51])
        #expect(try ledger.balance(of: btc) == 1_302_578)
        let closing = try #require(first.checkpoints.first { $0.account == "Exchange BTC" })
        #expect(closing.actual == 1_302_578)
        #expect(closing.status == .reconciled)
        #expect(try ledger.storedCommodities().map { "\($0.commodity.code) \($0.commodity.minorDigits)" } == ["BTC 8"])
        let second = BatchImporter().importFile(
            at: Self.csv, format: nil, options: Self.options(ledger: ledger), into: ledger)
        #expect(second.status == .complete)
        #expect(second.inserted == 0)
        #expect(second.duplicates == 6)
        #expect(ledger.check().isSound)
    }

    @Test("an import stopped in its first batch leaves neither the accounts nor the commodity it registered")
    func stoppedImport() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let text =
            try String(contentsOfFile: Self.csv, encoding: .utf8)
            + "2024-03-10 12:00:00,trade,BTC,0.0.1,0.00000000,0.01302578,LDG-7Q2M4X-0007\n"
        let broken = try scratch.write("exchange-broken.csv", text)
        let report = BatchImporter().importFile(
            at: broken, format: nil, options: AdapterOptions(mapping: Self.mapping), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.failure?.record == 7)
        #expect(try ledger.transactions().isEmpty)
        #expect(try ledger.allAccounts().isEmpty)
        #expect(try ledger.storedCommodities().isEmpty)
        #expect(try Ledger(path: scratch.databasePath).commodities.isEmpty)
    }

    @Test("without a declaration, the first BTC cell stops the import with how to declare it; nothing is left behind")
    func undeclared() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let json = try String(contentsOfFile: Self.mapping, encoding: .utf8)
            .replacingOccurrences(of: "  \"commodities\": { \"BTC\": 8 },\n", with: "")
        let mapping = try scratch.write("exchange-ledger.json", json)
        let report = BatchImporter().importFile(
            at: Self.csv, format: nil, options: Self.options(mapping: mapping, ledger: ledger), into: ledger)
        #expect(report.status == .stopped)
        #expect(
            report.failure?.description
                == "\(Self.csv):4:27: error: column \"Asset\": \"BTC\" is not an ISO 4217 currency or a declared "
                + "commodity; declare it with its decimals: `ledgerport commodities add BTC --digits N`, "
                + "or the mapping's \"commodities\" key ({\"BTC\": N})")
        #expect(try ledger.transactions().isEmpty)
        #expect(try ledger.allAccounts().isEmpty)
        #expect(try ledger.storedCommodities().isEmpty)
    }

    @Test(
        "a commodity the ledger declares needs no mapping key; one the ledger has with other decimals is refused first")
    func ledgerDeclarations() throws {
        let scratch = try ScratchFolder()
        let json = try String(contentsOfFile: Self.mapping, encoding: .utf8)
            .replacingOccurrences(of: "  \"commodities\": { \"BTC\": 8 },\n", with: "")
        let plain = try scratch.write("plain.json", json)
        let declared = try Ledger(path: scratch.url.appendingPathComponent("declared.sqlite").path)
        try declared.declareCommodity(try Currency.declared(code: "BTC", minorDigits: 8, at: .file("test")))
        let report = BatchImporter().importFile(
            at: Self.csv, format: nil, options: AdapterOptions(mapping: plain), into: declared)
        #expect(report.status == .complete, "\(report.failure?.description ?? "")")
        #expect(report.inserted == 6)

        let other = try Ledger(path: scratch.databasePath)
        try other.declareCommodity(try Currency.declared(code: "BTC", minorDigits: 6, at: .file("test")))
        let refused = BatchImporter().importFile(
            at: Self.csv, format: nil, options: Self.options(ledger: other), into: other)
        #expect(refused.status == .stopped)
        #expect(refused.failure?.record == nil)
        #expect(
            refused.failure?.description
                == "\(Self.mapping): error: \"commodities\": BTC is declared with 8 decimals, but the ledger already "
                + "has it with 6; expected 6 (amounts are never rescaled)")
        #expect(try other.transactions().isEmpty)
    }
}
