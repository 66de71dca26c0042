import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("MappingSuggestion")
struct MappingSuggestionTests {
    /// Inspects a file no shipped mapping fits, saves the suggestion and imports with it.
    func importWithSuggestion(_ text: String) throws -> (String, AdapterRun) {
        let bytes = Array(text.utf8)
        let report = try CSVInspection.inspect(
            bytes: bytes, name: "new-bank.csv", options: sampleOptions("new-bank.csv"))
        #expect(report.choice == nil)
        let json = try #require(report.suggestedMapping)
        #expect(MappingCheck.problems(json: Array(json.utf8), path: "s.json").isEmpty, "\(json)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new-bank.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let run = runAdapter(
            CSVFormat.self, bytes: bytes, name: "new-bank.csv", options: AdapterOptions(mapping: path, fileName: "x"))
        return (json, run)
    }

    @Test("a semicolon export with a decimal comma and a balance gets a mapping that imports it")
    func decimalComma() throws {
        let text = "Buchung;Vorgang;Betrag;Saldo\n01.03.2024;Kaffee;-3,80;96,20\n15.03.2024;Miete;-900,00;-803,80\n"
        let (json, run) = try importWithSuggestion(text)
        #expect(json.contains("\"format\": \"dd.MM.yyyy\""))
        #expect(json.contains("\"balance\": \"Saldo\""))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.signedMinorUnits) == [-380, -90_000])
        #expect(run.drafts.map(\.description) == ["Kaffee", "Miete"])
    }

    @Test("money out and money in columns are recognised by name")
    func debitCredit() throws {
        let text = "Posted,Details,Paid out,Paid in\n03/14/2024,Coffee,$3.80,\n03/15/2024,Salary,,\"$2,000.00\"\n"
        let (json, run) = try importWithSuggestion(text)
        #expect(json.contains("\"debit\": \"Paid out\""))
        #expect(json.contains("\"currency\": \"USD\""))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.signedMinorUnits) == [-380, 200_000])
    }

    @Test("no suggestion without a date column")
    func noDate() throws {
        let report = try CSVInspection.inspect(
            bytes: Array("When,What\nsoon,coffee\nlater,tea\n".utf8), name: "x.csv", options: sampleOptions("x.csv"))
        #expect(report.suggestedMapping == nil)
    }
}
