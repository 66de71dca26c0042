import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

func fixtureRun(_ name: String, mapping: String? = nil, account: String? = nil) throws -> AdapterRun {
    runAdapter(
        CSVFormat.self, bytes: try Fixture.bytes("CSV/\(name)"), name: name,
        options: fixtureOptions(name, mapping: mapping, account: account))
}

@Suite("CSVFormat")
struct CSVFormatTests {
    @Test("the adapter's id is csv and it sniffs tabular text, not markup")
    func sniffing() {
        #expect(CSVFormat.id == "csv")
        let table = Array("Date,Description,Amount\n2024-01-01,A,1.00\n2024-01-02,B,2.00\n".utf8)
        #expect(CSVFormat.sniff(table, fileName: "x.csv") == 70)
        #expect(CSVFormat.sniff(table, fileName: "x.dat") == 40)
        #expect(CSVFormat.sniff(Array("OFXHEADER:100\nDATA:OFXSGML\n".utf8), fileName: "x.ofx") == 0)
        #expect(CSVFormat.sniff(Array("<?xml version=\"1.0\"?><OFX>".utf8), fileName: "x.qfx") == 0)
        #expect(CSVFormat.sniff([0x00, 0x01, 0x02], fileName: "x.bin") == 0)
        #expect(
            CSVFormat.sniff(Array("[{\"id\": 1, \"amount\": 2},\n{\"id\": 3, \"amount\": 4}]".utf8), fileName: "f.json")
                == 0)
    }

    @Test("rows on one day listed newest first are ordered by how their balances chain")
    func sameDayNewestFirst() throws {
        let run = try fixtureRun("same-day-newest-first.csv")
        let balances = run.balances.map { "\($0.kind.rawValue) \($0.asOf) \($0.formatted)" }
        #expect(balances == ["ledger 2024-06-30 94.00", "opening 2024-06-29 100.00"])
        #expect(run.drafts.map(\.runningBalance) == [9400, 9700, 9900])
    }

    @Test("auto dates hold rows back until a day above 12 settles the order, then emit them in file order")
    func autoDates() throws {
        let run = try fixtureRun("auto-dates-day-first.csv")
        #expect(run.error == nil)
        #expect(run.drafts.map { "\($0.bookingDay)" } == ["2024-02-01", "2024-04-03", "2024-06-25"])
        #expect(run.drafts.map(\.location.line) == [2, 3, 4])
        #expect(
            checkFormatAdapter(
                CSVFormat.self, bytes: try Fixture.bytes("CSV/auto-dates-day-first.csv"),
                name: "auto-dates-day-first.csv", options: fixtureOptions("auto-dates-day-first.csv")
            ).isEmpty)
    }

    @Test("an undeclared file that is not UTF-8 is read as Windows-1252")
    func detectedWindows1252() throws {
        let run = try fixtureRun("windows-1252-undeclared.csv")
        #expect(run.drafts.map(\.description) == ["Bäckerei Müller", "Café"])
    }

    @Test("a header-less file is read by column positions after its skipped lines")
    func headerless() throws {
        let run = try fixtureRun("headerless.csv", mapping: "headerless")
        #expect(run.error == nil)
        #expect(run.drafts.map(\.description) == ["Bäckerei: Kartenzahlung", "Arbeitgeber: Gutschrift"])
        #expect(run.drafts.map(\.signedMinorUnits) == [-380, 125_000])
        #expect(run.accounts.map(\.name) == ["Headerless"])
    }

    @Test("--account wins over the mapping, the preamble and the file name")
    func accountOption() throws {
        let run = runAdapter(
            CSVFormat.self, bytes: try sampleBytes("samples/csv/de-girokonto.csv"), name: "de.csv",
            options: AdapterOptions(account: "Giro", mappingDirectories: [bundledMappings], fileName: "de.csv"))
        #expect(run.accounts.map(\.name) == ["Giro"])
        #expect(Set(run.drafts.map(\.account)) == ["Giro"])
        #expect(Set(run.balances.map(\.account)) == ["Giro"])
    }

    @Test("the account is declared before its first draft, with the currency and a masked number")
    func accountFirst() throws {
        let run = runAdapter(
            CSVFormat.self, bytes: try sampleBytes("samples/csv/nl-betaalrekening.csv"), name: "nl.csv",
            options: sampleOptions("nl.csv"))
        #expect(run.events.first == .mapping("nl-betaalrekening"))
        guard case .account(let account)? = run.events.dropFirst().first else {
            Issue.record("the first event is not an account")
            return
        }
        #expect(account.currency == .EUR)
        #expect(account.maskedNumber == "••••6789")
    }

    @Test("an indicator column decides the direction of an unsigned amount")
    func indicator() throws {
        let run = runAdapter(
            CSVFormat.self, bytes: try sampleBytes("samples/csv/de-girokonto.csv"), name: "de.csv",
            options: sampleOptions("de.csv"))
        #expect(run.drafts.prefix(3).map(\.signedMinorUnits) == [-8500, -640, 284_517])
        #expect(run.drafts[3].description == "Hausverwaltung Süd / Miete Oktober; Whg. 3")
        #expect(run.drafts[4].description == "Drogerie Fröhlich / Einkauf \"Hygieneartikel\"")
    }

    @Test("a card mapping flips signs: purchases become debits of a liability")
    func cardSigns() throws {
        let run = runAdapter(
            CSVFormat.self, bytes: try sampleBytes("samples/csv/us-credit-card.csv"), name: "card.csv",
            options: sampleOptions("card.csv"))
        #expect(run.accounts.first?.kind == .liability)
        #expect(run.drafts[0].direction == .debit)
        #expect(run.drafts[3].direction == .credit)
        #expect(run.drafts[2].amount.minorUnits == 124_560)
    }

    @Test("UTF-16 files import like their UTF-8 text, with or without a byte-order mark", arguments: [true, false])
    func utf16(_ marked: Bool) throws {
        let text = "Date,Description,Amount\r\n2024-01-02,Café,-3.80\r\n"
        var bytes: [UInt8] = marked ? [0xFF, 0xFE] : []
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(CSVFormat.sniff(bytes, fileName: "u.csv") == 70)
        let run = runAdapter(CSVFormat.self, bytes: bytes, name: "u.csv", options: sampleOptions("u.csv"))
        #expect(run.drafts.map(\.description) == ["Café"])
        #expect(
            checkFormatAdapter(CSVFormat.self, bytes: bytes, name: "u.csv", options: sampleOptions("u.csv")).isEmpty)
    }

    @Test("a bank export re-saved as UTF-8 is read as UTF-8 even though its mapping declares Windows-1252")
    func resavedAsUTF8() throws {
        let run = try fixtureRun("de-girokonto-utf8.csv")
        #expect(run.error == nil)
        #expect(run.drafts.count == 8)
        #expect(run.drafts[1].description == "Bäckerei Müller / Kartenzahlung girocard")
        let report = try CSVInspection.inspect(
            bytes: try Fixture.bytes("CSV/de-girokonto-utf8.csv"), name: "de.csv", options: fixtureOptions("de.csv"))
        #expect(report.encoding.hasPrefix("utf-8 (detected; the mapping declares windows-1252"))
    }

    @Test("a UTF-8 byte-order mark wins over a declared encoding")
    func byteOrderMarkWins() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + (try Fixture.bytes("CSV/de-girokonto-utf8.csv"))
        let run = runAdapter(CSVFormat.self, bytes: bytes, name: "de.csv", options: fixtureOptions("de.csv"))
        #expect(run.drafts.first?.description == "Stadtwerke Musterstadt / Abschlag Strom Oktober")
        #expect(run.drafts[1].description == "Bäckerei Müller / Kartenzahlung girocard")
    }

    @Test("a wallet with several currencies gets one account per currency, each with its balances")
    func perCurrency() throws {
        let run = try fixtureRun("paypal-two-currencies.csv")
        #expect(run.error == nil)
        #expect(run.accounts.map(\.name) == ["PayPal USD", "PayPal EUR"])
        #expect(run.accounts.map(\.currency) == [.USD, .EUR])
        #expect(run.drafts.map(\.account) == ["PayPal USD", "PayPal EUR", "PayPal USD"])
        let balances = run.balances.map { "\($0.account) \($0.kind.rawValue) \($0.asOf) \($0.formatted)" }
        #expect(
            balances == [
                "PayPal USD ledger 2024-12-03 183.13", "PayPal USD opening 2024-11-30 210.00",
                "PayPal EUR ledger 2024-12-02 77.10", "PayPal EUR opening 2024-12-01 0.00",
            ])
    }

    @Test("without one account per currency, a second currency in one account is an error at its row")
    func currencyChange() throws {
        let text = "Date,Description,Amount,Currency\n2024-01-01,A,-1.00,USD\n2024-01-02,B,-2.00,EUR\n"
        let run = runAdapter(CSVFormat.self, bytes: Array(text.utf8), name: "c.csv", options: fixtureOptions("c.csv"))
        #expect(run.errorLocation?.line == 3)
        #expect(run.error?.contains("EUR differs from account \"c\"'s USD") == true)
    }

    @Test("a transaction date column is read with its own format")
    func transactionDateFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = """
            {"columns": {"date": {"column": "Posted", "format": "yyyy-MM-dd"},
             "transactionDate": {"column": "Bought", "format": "dd MMM yy"}, "amount": "Amount"}, "currency": "EUR"}
            """
        let path = folder.appendingPathComponent("two-days.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let text = "Posted,Bought,Amount\n2024-03-04,29 Feb 24,-3.80\n2024-03-05,,-1.00\n"
        let run = runAdapter(
            CSVFormat.self, bytes: Array(text.utf8), name: "t.csv",
            options: AdapterOptions(mapping: path, fileName: "t.csv"))
        #expect(run.error == nil)
        #expect(run.drafts.map { $0.transactionDay.map(String.init(describing:)) } == ["2024-02-29", nil])
    }
}
