import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// A malformed file, the location its error must name, and words the message must contain.
struct MalformedCase: Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var words: [String]
    var description: String { file }
}

let fixtureMappings = Fixture.url("CSV/mappings").path

func fixtureOptions(_ name: String, mapping: String? = nil, account: String? = nil) -> AdapterOptions {
    AdapterOptions(
        account: account, mapping: mapping, mappingDirectories: [bundledMappings, fixtureMappings], fileName: name,
        accountCurrency: .USD)
}

@Suite("malformed input")
struct MalformedInputTests {
    static let corpus: [MalformedCase] = [
        MalformedCase(file: "ragged-row.csv", line: 3, column: 12, words: ["2 fields", "expected 3"]),
        MalformedCase(file: "unterminated-quote.csv", line: 2, column: 12, words: ["never closed", "closing '\"'"]),
        MalformedCase(file: "bad-date.csv", line: 3, column: 1, words: ["\"2024-13-02\"", "yyyy-MM-dd"]),
        MalformedCase(file: "bad-amount.csv", line: 3, column: 22, words: ["\"12abc\"", "an amount like"]),
        MalformedCase(file: "invalid-bytes.csv", line: 2, column: 12, words: ["0xE9", "UTF-8"]),
        MalformedCase(file: "empty.csv", line: 1, column: 1, words: ["empty", "expected a header"]),
        MalformedCase(
            file: "header-only.csv", line: 1, column: 1, words: ["no transaction rows", "expected at least one"]),
        MalformedCase(
            file: "ambiguous-dates.csv", line: 2, column: 1,
            words: ["ambiguous", "dd/MM/yyyy or MM/dd/yyyy", "\"format\""]),
    ]

    @Test("each malformed file gets an error naming its line, column and what was expected", arguments: corpus)
    func located(_ expected: MalformedCase) throws {
        let name = "malformed/\(expected.file)"
        let run = runAdapter(
            CSVFormat.self, bytes: try Fixture.bytes("CSV/\(name)"), name: name, options: fixtureOptions(name))
        #expect(run.errorLocation == SourceLocation(file: name, line: expected.line, column: expected.column))
        for word in expected.words {
            #expect(run.error?.contains(word) == true, "\(run.error ?? "no error") lacks \(word)")
        }
        #expect(run.error?.hasPrefix("\(name):\(expected.line):\(expected.column): error: ") == true)
    }

    @Test("no draft is emitted after the row that failed", arguments: corpus)
    func stopsAtTheError(_ expected: MalformedCase) throws {
        let name = "malformed/\(expected.file)"
        let run = runAdapter(
            CSVFormat.self, bytes: try Fixture.bytes("CSV/\(name)"), name: name, options: fixtureOptions(name))
        #expect(run.drafts.allSatisfy { $0.location.line < expected.line })
    }

    @Test("a needed column missing from the header shows the expected header beside the one found")
    func headerChanged() {
        let text = "Date,Memo,Amount\n2024-01-01,Coffee,-3.80\n"
        let run = runAdapter(
            CSVFormat.self, bytes: Array(text.utf8), name: "renamed.csv",
            options: fixtureOptions("renamed.csv", mapping: "generic"))
        #expect(run.errorLocation == SourceLocation(file: "renamed.csv", line: 1, column: 1))
        #expect(run.error?.contains("needs column \"Description\"") == true)
        #expect(run.error?.contains("expected a header like: \"Date\", \"Description\", \"Amount\"") == true)
        #expect(run.error?.contains("found: \"Date\", \"Memo\", \"Amount\"") == true)
    }

    @Test("a file no mapping knows names its header and how to choose a mapping")
    func noMapping() {
        let text = "When,What,HowMuch\n2024-01-01,Coffee,-3.80\n"
        let run = runAdapter(
            CSVFormat.self, bytes: Array(text.utf8), name: "odd.csv", options: fixtureOptions("odd.csv"))
        #expect(run.errorLocation == SourceLocation(file: "odd.csv", line: 1, column: 1))
        #expect(run.error?.contains("--mapping") == true)
        #expect(run.error?.contains("\"When\", \"What\", \"HowMuch\"") == true)
    }

    @Test("when a bank renames a column, the error names the closest mapping and what it lacks")
    func renamedColumnWithoutMapping() throws {
        var text = String(decoding: try sampleBytes("samples/csv/ch-privatkonto.csv"), as: UTF8.self)
        text = text.replacingOccurrences(of: "Gutschrift", with: "Eingang")
        let run = runAdapter(CSVFormat.self, bytes: Array(text.utf8), name: "ch.csv", options: fixtureOptions("ch.csv"))
        #expect(run.error?.contains("the closest, \"ch-privatkonto\", lacks \"Gutschrift\"") == true)
    }

    @Test("more decimals than the currency has is refused, not rounded")
    func tooPrecise() {
        let text = "Date,Description,Amount\n2024-01-01,Coffee,-3.805\n"
        let run = runAdapter(CSVFormat.self, bytes: Array(text.utf8), name: "p.csv", options: fixtureOptions("p.csv"))
        #expect(run.errorLocation == SourceLocation(file: "p.csv", line: 2, column: 19))
        #expect(run.error?.contains("at most 2 decimals for USD") == true)
    }

    @Test("a mapping position beyond the header's columns is an error, not a crash")
    func positionBeyondHeader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = """
            {"columns": {"date": {"column": "Date", "format": "yyyy-MM-dd"}, "amount": 9}, "currency": "EUR"}
            """
        let path = folder.appendingPathComponent("wide.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let text = "Date,Description,Amount\n2024-01-01,Coffee,-3.80\n"
        let run = runAdapter(
            CSVFormat.self, bytes: Array(text.utf8), name: "w.csv",
            options: AdapterOptions(mapping: path, fileName: "w.csv"))
        #expect(run.errorLocation == SourceLocation(file: "w.csv", line: 1, column: 1))
        #expect(run.error?.contains("\"#9\"") == true)
    }

    @Test("an amount cell naming another currency than the row's is refused, not converted")
    func foreignCode() {
        let text = "Date,Description,Amount\n2024-01-01,Coffee,-3.80 EUR\n"
        let run = runAdapter(CSVFormat.self, bytes: Array(text.utf8), name: "c.csv", options: fixtureOptions("c.csv"))
        #expect(run.errorLocation == SourceLocation(file: "c.csv", line: 2, column: 19))
        #expect(run.error?.contains("\"-3.80 EUR\" is not an amount in USD") == true)
    }
}
