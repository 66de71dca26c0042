import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("CellExtraction")
struct CellExtractionTests {
    @Test("an amount written with the dinar sign is read from its captured digits, to the fils")
    func dinarSign() throws {
        let run = try rulesRun("jo-decorated.csv", mapping: "jo-decorated.json")
        #expect(run.error == nil)
        #expect(run.drafts.map(\.signedMinorUnits) == [-4750, 1_250_000, -12125])
        #expect(run.drafts.allSatisfy { $0.amount.currency.code == "JOD" })
    }

    @Test("a pending mark and a currency code around the amount: the value is the named group")
    func decoratedEuros() throws {
        let run = try rulesRun("de-decorated.csv", mapping: "de-decorated.json")
        #expect(run.error == nil)
        #expect(run.drafts.map(\.signedMinorUnits) == [-123_456, -4510, 310_000])
        #expect(run.drafts.map(\.status) == [.booked, .pending, .booked])
    }

    @Test("a cell the pattern doesn't match is refused at the cell, never guessed")
    func unmatchedCell() throws {
        var text = String(decoding: try Fixture.bytes("CSV/rules/de-decorated.csv"), as: UTF8.self)
        text += "05.01.2024;Zinsen;USD 1,00\n"
        let run = try rulesRun("de-decorated.csv", mapping: "de-decorated.json", bytes: Array(text.utf8))
        #expect(run.errorLocation?.line == 5)
        #expect(run.errorLocation?.column == 19)
        #expect(run.error?.contains("\"USD 1,00\"") == true)
        #expect(run.error?.contains("\"extract\" pattern") == true)
    }

    @Test("an extracted column the header lacks is a header mismatch")
    func missingColumn() throws {
        let text = "Datum;Text;Summe\n02.01.2024;Miete;EUR -1,00\n"
        let run = try rulesRun("de-decorated.csv", mapping: "de-decorated.json", bytes: Array(text.utf8))
        #expect(run.errorLocation?.line == 1)
        #expect(run.error?.contains("Betrag") == true)
    }

    @Test(
        "mistakes in \"extract\" are located in the mapping",
        arguments: [
            (#"[{"column": "A", "pattern": "[0-9"}]"#, 29, "not a regular expression"),
            (#"[{"column": "A"}]"#, 2, "needs \"column\" and \"pattern\""),
            (#"[{"column": "A", "pattern": ""}]"#, 29, "is empty"),
            (#"{"column": "A"}"#, 1, "expected an array"),
        ])
    func located(extract: String, column: Int, words: String) {
        let prefix = #"{"columns": {"date": "D", "amount": "A"}, "extract": "#
        let problems = mappingProblems(prefix + extract + "}")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("1:\(prefix.count + column): ") == true, "\(problems)")
        #expect(problems.first?.contains(words) == true, "\(problems)")
    }
}
