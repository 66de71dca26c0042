import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// A footer balance written in a number format of its own (`Saldo: -76.77 EUR` under rows in
/// `1.234,56`) becomes the closing checkpoint, exactly.
@Suite("CSV footer balance format")
struct FooterBalanceImportTests {
    static let folder = "CSV/shapes"

    static func options(_ mapping: String) -> AdapterOptions {
        AdapterOptions(mapping: Fixture.url("\(folder)/\(mapping)").path)
    }

    @Test("the footer's own decimal point reads -76.77 under decimal-comma rows, and checkpoints at it")
    func footerWithItsOwnFormat() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let path = Fixture.url("\(Self.folder)/saldo-footer.csv").path
        let report = BatchImporter().importFile(
            at: path, format: nil, options: Self.options("saldo-footer.json"), into: ledger)
        #expect(report.status == .complete, "\(report.failure?.description ?? "")")
        #expect(report.inserted == 3)
        let checkpoint = try #require(report.checkpoints.first)
        #expect(report.checkpoints.count == 1)
        #expect(checkpoint.actual == -7677)
        #expect(checkpoint.asOf.description == "2024-01-04")
        #expect(checkpoint.currency == .EUR)
    }

    @Test("read with the rows' decimal comma, the same footer stops the import at its line")
    func footerInTheRowsFormat() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let path = Fixture.url("\(Self.folder)/saldo-footer.csv").path
        let report = BatchImporter().importFile(
            at: path, format: nil, options: Self.options("saldo-footer-rows-format.json"), into: ledger)
        let failure = try #require(report.failure)
        #expect(failure.location.line == 5)
        #expect(failure.description.contains("\"-76.77 EUR\" is not an amount like -1.234,56"))
    }

    @Test("a footer line in a currency other than the account's is refused at the line")
    func footerInAnotherCurrency() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        let mapping = try String(contentsOf: Fixture.url("\(Self.folder)/saldo-footer.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"currency\": \"EUR\" }", with: "\"currency\": \"CHF\" }")
        let mappingPath = try scratch.write("chf-footer.json", mapping)
        let report = BatchImporter().importFile(
            at: Fixture.url("\(Self.folder)/saldo-footer.csv").path, format: nil,
            options: AdapterOptions(mapping: mappingPath), into: ledger)
        let failure = try #require(report.failure)
        #expect(failure.location.line == 5)
        #expect(failure.description.contains("a balance in EUR, the account's currency"))
    }
}
