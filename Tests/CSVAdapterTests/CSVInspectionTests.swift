import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("CSVInspection")
struct CSVInspectionTests {
    @Test("inspect names the dialect, the preamble, the header, the mapping and why, and previews drafts")
    func germanSample() throws {
        let report = try CSVInspection.inspect(
            bytes: try sampleBytes("samples/csv/de-girokonto.csv"), name: "de.csv", options: sampleOptions("de.csv"),
            rowLimit: 3)
        #expect(report.dialect.delimiter == UInt8(ascii: ";"))
        #expect(report.encoding.hasPrefix("windows-1252"))
        #expect(report.headerLine == 5)
        #expect(report.preamble.count == 3)
        #expect(report.header.contains("Auftraggeber/Empfänger"))
        #expect(report.choice?.mapping.name == "de-girokonto")
        #expect(report.choice?.reason.contains("line 5") == true)
        #expect(report.drafts.count == 3)
        #expect(report.failure == nil)
        let text = report.rendered()
        #expect(text.contains("mapping:   de-girokonto"))
        #expect(text.contains("-85.00 EUR"))
    }

    @Test("when a more specific mapping wins, the reason names the generic one that also matched")
    func alsoMatched() throws {
        let report = try CSVInspection.inspect(
            bytes: try sampleBytes("samples/csv/us-credit-card.csv"), name: "card.csv",
            options: sampleOptions("card.csv"))
        #expect(report.choice?.mapping.name == "us-credit-card")
        #expect(report.choice?.alsoMatched == ["generic"])
    }

    @Test("a file no mapping fits still gives a report, with the problem")
    func noMapping() throws {
        let report = try CSVInspection.inspect(
            bytes: Array("When;What\n1;2\n3;4\n".utf8), name: "odd.csv", options: sampleOptions("odd.csv"))
        #expect(report.choice == nil)
        #expect(report.failure?.contains("no mapping matches") == true)
        #expect(report.header == ["When", "What"])
    }
}
