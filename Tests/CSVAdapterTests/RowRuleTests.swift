import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// Reads a fixture of `CSV/rules/` with the mapping file of the same folder.
func rulesRun(_ name: String, mapping: String, bytes: [UInt8]? = nil, account: String? = nil) throws -> AdapterRun {
    let mappingPath = Fixture.url("CSV/rules/\(mapping)").path
    return runAdapter(
        CSVFormat.self, bytes: try bytes ?? Fixture.bytes("CSV/rules/\(name)"), name: name,
        options: AdapterOptions(account: account, mapping: mappingPath, fileName: name))
}

/// The problems `mappings check` reports for a mapping's text, as `LINE:COLUMN: message`.
func mappingProblems(_ json: String, path: String = "m.json") -> [String] {
    MappingCheck.problems(json: Array(json.utf8), path: path).map {
        "\($0.location.line):\($0.location.column): \($0.description)"
    }
}

@Suite("RowRule")
struct RowRuleTests {
    @Test("summary rows narrower than the header are skipped by a width rule, not refused")
    func swedishSummaryRows() throws {
        let run = try rulesRun("se-summary-rows.csv", mapping: "se-summary-rows.json")
        #expect(run.error == nil)
        #expect(run.drafts.map(\.description) == ["ICA Nära Söder", "Lön mars", "SL Access"])
        #expect(run.drafts.map(\.signedMinorUnits) == [-24550, 2_500_000, -97000])
        #expect(run.drafts.map(\.location.line) == [3, 4, 7])
        let skipped = run.events.compactMap { if case .skipped(let note) = $0 { return note } else { return nil } }
        #expect(skipped.map(\.count) == [3])
        #expect(skipped.first?.location.line == 5)
    }

    @Test("a row no rule skips still gets the located width error")
    func unskippedNarrowRow() throws {
        var text = String(decoding: try Fixture.bytes("CSV/rules/se-summary-rows.csv"), as: UTF8.self)
        text += "Saldo;;;;SEK;2024-04-30;;;;Saldo;1,00;;;;\n"
        let run = try rulesRun("se-summary-rows.csv", mapping: "se-summary-rows.json", bytes: Array(text.utf8))
        #expect(run.errorLocation?.line == 9)
        #expect(run.error?.contains("15 fields") == true)
        #expect(run.error?.contains("expected 17") == true)
    }

    @Test("a rule on a column the row lacks skips the rows without it")
    func existsCondition() throws {
        let mapping = String(decoding: try Fixture.bytes("CSV/rules/se-summary-rows.json"), as: UTF8.self)
            .replacingOccurrences(
                of: #"{ "width": { "max": 13 } }"#, with: #"{ "column": "Land", "exists": false }"#)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("se-exists-\(UUID()).json").path
        try #require(FileManager.default.createFile(atPath: path, contents: Data(mapping.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = runAdapter(
            CSVFormat.self, bytes: try Fixture.bytes("CSV/rules/se-summary-rows.csv"), name: "se.csv",
            options: AdapterOptions(mapping: path, fileName: "se.csv"))
        #expect(run.error == nil)
        #expect(run.drafts.count == 3)
    }

    @Test("the first matching rule skips a row or sets its fields over the mapping's \"set\"")
    func cardRules() throws {
        let run = try rulesRun("card-rules.csv", mapping: "card-rules.json")
        #expect(run.error == nil)
        let shown = run.drafts.map {
            "\($0.account)|\($0.bookingDay)|\($0.description)|\($0.memo)|\($0.status.rawValue)|\($0.signedMinorUnits) \($0.amount.currency.code)"
        }
        #expect(
            shown == [
                "Card|2024-03-02|Amazon|card 1111|booked|-2399 EUR",
                "Card|2024-03-03|Amazon refund|card 1111|booked|2399 EUR",
                "Card|2024-03-04|Starbucks 0042|not yet booked|pending|-450 EUR",
                "Card fees 1111|2024-03-05|Foreign transaction fee|card 1111|booked|-100 USD",
                "Card|2024-03-06|Payment received - thank you|card 1111|booked|25000 EUR",
            ])
        #expect(
            run.events.contains { if case .skipped(let note) = $0 { return note.count == 1 } else { return false } })
        #expect(
            checkFormatAdapter(
                CSVFormat.self, bytes: try Fixture.bytes("CSV/rules/card-rules.csv"), name: "card-rules.csv",
                options: AdapterOptions(mapping: Fixture.url("CSV/rules/card-rules.json").path, fileName: "card.csv")
            ).isEmpty)
    }

    @Test("rows held back while an auto date pattern is open keep what their rule set")
    func heldBackRows() throws {
        let mapping = """
            {"columns": {"date": "Date", "description": "Text", "amount": "Amount"}, "currency": "EUR",
             "account": {"name": "A"},
             "rules": [{"if": {"column": "Text", "matches": "^card"}, "set": {"description": "Card", "status": "pending"}}]}
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("held-\(UUID()).json").path
        try #require(FileManager.default.createFile(atPath: path, contents: Data(mapping.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let csv = "Date,Text,Amount\n03/04/2024,CARD 1,-1.00\n05/04/2024,Rent,-2.00\n25/04/2024,card 2,-3.00\n"
        let run = runAdapter(
            CSVFormat.self, bytes: Array(csv.utf8), name: "held.csv",
            options: AdapterOptions(mapping: path, fileName: "held.csv"))
        #expect(run.error == nil)
        #expect(run.drafts.map(\.description) == ["Card", "Rent", "Card"])
        #expect(run.drafts.map(\.status) == [.pending, .booked, .pending])
        #expect(run.drafts.map { "\($0.bookingDay)" } == ["2024-04-03", "2024-04-05", "2024-04-25"])
    }

    @Test("the user's --account wins over a rule's account")
    func userAccountWins() throws {
        let run = try rulesRun("card-rules.csv", mapping: "card-rules.json", account: "Mine")
        #expect(run.drafts.map(\.account) == ["Mine", "Mine", "Mine"])
        // The fee row's USD then can't join the EUR account: refused, not converted.
        #expect(run.errorLocation?.line == 6)
        #expect(run.error?.contains("USD") == true)
    }

    @Test(
        "mistakes in rules are located in the mapping",
        arguments: [
            (
                #"{"rules": [{"if": {"column": "A", "matches": "("}, "skip": true}]}"#, "1:46",
                "not a regular expression"
            ),
            (#"{"rules": [{"if": {"column": "A", "equals": "x"}}]}"#, "1:12", "a rule does nothing"),
            (#"{"rules": [{"if": {"column": "A"}, "skip": true}]}"#, "1:19", "a condition needs one test"),
            (#"{"rules": [{"if": {"width": {"min": 5, "max": 2}}, "skip": true}]}"#, "1:29", "min ≤ max"),
            (#"{"rules": [{"set": {"status": "held"}}]}"#, "1:31", "\"booked\" or \"pending\""),
            (#"{"rules": [{"set": {"direction": "up"}}]}"#, "1:34", "\"debit\" or \"credit\""),
            (#"{"rules": [{"set": {"currency": "EURO"}}]}"#, "1:33", "ISO 4217"),
            (#"{"rules": [{"skip": true, "set": {}}]}"#, "1:12", "both skips and sets"),
            (#"{"rules": [{"iff": [], "skip": true}]}"#, "1:13", "unknown key \"iff\""),
            (#"{"rules": {"skip": true}}"#, "1:11", "expected an array of rules"),
        ])
    func located(json: String, at: String, words: String) {
        let text = json.replacingOccurrences(
            of: "{\"rules\"", with: "{\"columns\": {\"date\": \"D\", \"amount\": \"A\"}, \"rules\"")
        let problems = mappingProblems(text)
        let shift = text.count - json.count
        let (line, column) = (
            at.split(separator: ":").map { Int($0) ?? 0 }[0], at.split(separator: ":").map { Int($0) ?? 0 }[1]
        )
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("\(line):\(column + shift): ") == true, "\(problems)")
        #expect(problems.first?.contains(words) == true, "\(problems)")
    }
}

@Suite("RowRule in a header-less mapping")
struct HeaderlessRuleTests {
    @Test("a header-less mapping's rules and templates must name columns by position")
    func namedColumns() {
        let json = """
            {"file": {"header": false}, "columns": {"date": 1, "amount": 2},
             "rules": [{"if": {"column": "Type", "equals": "X"}, "skip": true}], "set": {"memo": "%{Ref}"}}
            """
        let problems = mappingProblems(json)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("(Type, Ref)") == true, "\(problems)")
    }
}
