import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("MappingSuggestion")
struct MappingSuggestionTests {
    /// Inspects a file no shipped mapping fits, saves the suggestion and imports with it.
    func importWithSuggestion(_ text: String, currency: Currency? = .EUR) throws -> (String, AdapterRun) {
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
            CSVFormat.self, bytes: bytes, name: "new-bank.csv",
            options: AdapterOptions(mapping: path, fileName: "x", currency: currency))
        return (json, run)
    }

    /// The suggestion for a file, saved to a mapping file, and what importing the file with it
    /// (as the command line does: no account named after the file) gives.
    func suggestThenImport(_ text: String, options: AdapterOptions) throws -> (CSVInspection, AdapterRun) {
        let bytes = Array(text.utf8)
        let report = try CSVInspection.inspect(bytes: bytes, name: "new-bank.csv", options: AdapterOptions())
        let json = try #require(report.suggestedMapping)
        #expect(!json.contains("\"auto\""), "a suggestion never leaves the date order to chance: \(json)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new-bank.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        var options = options
        options.mapping = path
        options.namesAccountAfterFile = false
        return (report, runAdapter(CSVFormat.self, bytes: bytes, name: "new-bank.csv", options: options))
    }

    @Test(
        "a suggested mapping imports the file it was made from once the decisions it lists are made",
        arguments: [
            // Spanish bank: ';', decimal comma, every day 12 or less: day first, currency to decide.
            (
                "Fecha;Concepto;Importe;Saldo\n03/01/2024;Café;-3,80;96,20\n05/02/2024;Alquiler;-900,00;-803,80\n",
                ["2024-01-03", "2024-02-05"], true, nil
            ),
            // US bank: dollar amounts decide the currency, a day past 12 decides the order.
            (
                "Posted Date,Payee,Amount\n03/14/2024,Coffee,-$3.80\n03/02/2024,Salary,\"$2,000.00\"\n",
                ["2024-03-14", "2024-03-02"], false, "USD"
            ),
            // ISO days, plain amounts: only the currency is open.
            (
                "Booked,Text,Value\n2024-03-01,Coffee,-3.80\n2024-03-04,Salary,2500.00\n",
                ["2024-03-01", "2024-03-04"], false, nil
            ),
            // UK bank with pounds, day first decided by the 25th.
            (
                "Date,Details,Amount\n25/03/2024,Coffee,-£3.80\n02/04/2024,Salary,£2000.00\n",
                ["2024-03-25", "2024-04-02"], false, "GBP"
            ),
        ] as [(String, [String], Bool, String?)])
    func suggestionImports(text: String, days: [String], dateIsOpen: Bool, currency: String?) throws {
        let (report, bare) = try suggestThenImport(text, options: AdapterOptions(fileName: "new-bank.csv"))
        let decisions = report.suggestionDecisions
        #expect(decisions.contains { $0.contains("--account NAME") })
        #expect(decisions.contains { $0.contains("dates in column") } == dateIsOpen, "\(decisions)")
        #expect(decisions.contains { $0.contains("--currency CODE") } == (currency == nil), "\(decisions)")
        // Imported as it stands, the file stops at exactly what the suggestion said to decide.
        #expect(bare.error?.contains("doesn't say which account it belongs to") == true, "\(bare.error ?? "")")
        let named = try suggestThenImport(text, options: AdapterOptions(account: "Bank", fileName: "new-bank.csv")).1
        if currency == nil {
            #expect(named.error?.contains("doesn't say which currency") == true, "\(named.error ?? "")")
        } else {
            #expect(named.error == nil, "\(named.error ?? "")")
        }
        // With the decisions made, it imports every row with the right days and currency.
        let decided = try suggestThenImport(
            text,
            options: AdapterOptions(account: "Bank", fileName: "new-bank.csv", currency: currency == nil ? .EUR : nil)
        ).1
        #expect(decided.error == nil, "\(decided.error ?? "")")
        #expect(decided.drafts.map(\.bookingDay.description) == days)
        #expect(decided.drafts.allSatisfy { $0.amount.currency.code == (currency ?? "EUR") })
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
