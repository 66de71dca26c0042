import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("CSVMapping and MappingCatalog")
struct CSVMappingTests {
    @Test("every shipped mapping is valid")
    func shippedMappingsAreValid() {
        let catalog = MappingCatalog(directories: [bundledMappings])
        #expect(catalog.entries.count >= 10)
        let withSchema =
            #"{"$schema": "../docs/mapping.schema.json", "columns": {"date": "D", "amount": "A"}, "currency": "EUR"}"#
        #expect(MappingCheck.problems(json: Array(withSchema.utf8), path: "s.json").isEmpty)
        for entry in catalog.entries {
            #expect(entry.problems.isEmpty, "\(entry.path): \(entry.problems)")
            #expect(!entry.summary.isEmpty, "\(entry.name) has no description")
        }
    }

    @Test("mistakes are reported each at its own line and column")
    func lineNumberedProblems() throws {
        let path = Fixture.url("CSV/mappings/broken.json").path
        let problems = MappingCheck.problems(inFileAt: path)
        let lines = problems.map { "\($0.location.line):\($0.location.column)" }
        #expect(lines == ["3:3", "4:25", "4:48", "6:44", "7:15", "9:15"])
        #expect(problems[0].message.contains("unknown key \"colums\""))
        #expect(problems[1].message.contains("\"ebcdic\" is not known"))
        #expect(problems[3].message.contains("\"dd.QQ.yyyy\" is not a date pattern"))
        #expect(problems[4].message.contains("both \"debit\" and \"credit\""))
        #expect(problems[5].message.contains("\"XYZ\" is not an ISO 4217 code"))
        #expect(problems[0].description.hasPrefix("\(path):3:3: error: "))
    }

    @Test("JSON syntax errors name their line and column")
    func syntaxError() {
        let json = "{\n  \"columns\": {\n    \"date\": \"Date\",\n    \"amount\" \"Amount\"\n  }\n}\n"
        let problems = MappingCheck.problems(json: Array(json.utf8), path: "m.json")
        #expect(problems.count == 1)
        #expect(problems.first?.location == SourceLocation(file: "m.json", line: 4, column: 14))
        #expect(problems.first?.message.contains("expected ':'") == true)
    }

    @Test("a header-less mapping must name columns by position")
    func headerlessNames() {
        let json = """
            {"file": {"header": false}, "columns": {"date": {"column": 1, "format": "yyyy-MM-dd"},
             "amount": "Amount"}, "currency": "EUR"}
            """
        let problems = MappingCheck.problems(json: Array(json.utf8), path: "m.json")
        #expect(problems.first?.message.contains("Amount") == true)
    }

    @Test("a name is looked up folder by folder, and the first folder wins")
    func lookupOrder() throws {
        let user = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-mappings-\(UUID())")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: user) }
        let own = """
            {"description": "my own generic", "columns": {"date": {"column": "Date", "format": "dd/MM/yyyy"},
             "description": "Description", "amount": "Amount"}, "currency": "GBP"}
            """
        try Data(own.utf8).write(to: user.appendingPathComponent("generic.json"))
        let catalog = MappingCatalog(directories: [user.path, bundledMappings])
        #expect(try catalog.mapping(named: "generic").summary == "my own generic")
        #expect(catalog.entries.filter { $0.name == "generic" }.map(\.isShadowed) == [false, true])
        // The generic layout is used by banks everywhere: it leaves the currency to the file or the user.
        #expect(try catalog.mapping(named: "\(bundledMappings)/generic.json").currency == nil)
    }

    @Test("an unknown name lists the folders searched")
    func unknownName() {
        let catalog = MappingCatalog(directories: [bundledMappings])
        #expect {
            _ = try catalog.mapping(named: "no-such-bank")
        } throws: { error in
            (error as? CSVError)?.message.contains(bundledMappings) == true
        }
    }

    @Test("a mapping reads columns by name, position and with optional ones")
    func columnReferences() throws {
        let json = #"""
            {"columns": {"date": {"column": 2, "format": "yyyy-MM-dd"}, "description": ["Payee", "Memo"],
             "amount": {"column": "Sum", "indicator": "DC"}, "balance": {"column": "Balance", "optional": true}},
             "currency": "EUR", "match": {"header": ["Payee", "Sum", "DC"]}}
            """#
        let mapping = try CSVMapping(json: Array(json.utf8), path: "/tmp/x/my-bank.json")
        #expect(mapping.name == "my-bank")
        #expect(mapping.date.column == .index(2))
        #expect(mapping.requiredColumnNames == ["Sum", "DC", "Payee", "Memo"])
        #expect(mapping.matchingNames == ["Payee", "Sum", "DC"])
    }

    @Test("a German export with Soll and Haben amount columns is read by de-girokonto-soll-haben")
    func germanDebitCreditColumns() throws {
        let bytes = try sampleBytes("samples/csv/de-girokonto-soll-haben.csv")
        let run = runAdapter(
            CSVFormat.self, bytes: bytes, name: "dc.csv", options: sampleOptions("dc.csv"))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.events.first == .mapping("de-girokonto-soll-haben"))
        // The Soll cell is written negative, the Haben cell unsigned; the column decides.
        #expect(run.drafts.prefix(3).map(\.signedMinorUnits) == [-8500, -640, 284_517])
        #expect(run.drafts.prefix(3).map(\.memo) == ["SEPA-Lastschrift von", "Kartenzahlung", "Gutschrift"])
        #expect(run.drafts[3].description == "Hausverwaltung Süd / Miete November; Whg. 3")
        #expect(run.drafts[4].description == "Drogerie Fröhlich / Einkauf \"Hygieneartikel\"")
        // A row with both cells filled is refused at its line, not guessed.
        let text = try #require(String(data: Data(bytes), encoding: .windowsCP1252))
        let changed = text.replacingOccurrences(of: "-6,40;;EUR", with: "-6,40;6,40;EUR")
        let bothBytes = try #require(changed.data(using: .windowsCP1252))
        let both = runAdapter(
            CSVFormat.self, bytes: Array(bothBytes), name: "dc.csv", options: sampleOptions("dc.csv"))
        #expect(both.error?.hasPrefix("dc.csv:7:82: error: column \"Haben\"") == true, "\(both.error ?? "")")
    }

    @Test("an indicator word in both lists is a problem at the indicator")
    func ambiguousIndicator() {
        let json = """
            {"columns": {"date": "Date", "amount": {"column": "Amount",
              "indicator": {"column": "DC", "debit": ["D", "X"], "credit": ["C", "x"]}}}, "currency": "EUR"}
            """
        let problems = MappingCheck.problems(json: Array(json.utf8), path: "m.json")
        #expect(problems.map(\.location.line) == [2])
        #expect(problems.first?.message.contains("\"x\" is both a debit and a credit word") == true)
    }
}

@Suite("CSV mapping JSON")
struct CSVMappingJSONTests {
    static let minimal = #"{"version": 1, "columns": {"date": "Date", "amount": "Amount"}, "currency": "EUR"}"#

    @Test("a mapping saved with a UTF-8 byte-order mark reads like one without")
    func byteOrderMark() {
        let (plain, plainProblems) = CSVMapping.decode(json: Array(Self.minimal.utf8), path: "m.json")
        let (marked, markedProblems) = CSVMapping.decode(
            json: [0xEF, 0xBB, 0xBF] + Array(Self.minimal.utf8), path: "m.json")
        #expect(plainProblems.isEmpty && markedProblems.isEmpty)
        #expect(plain != nil && marked != nil)
    }

    @Test("a JSON syntax error names the mapping file, its line and its column")
    func syntaxError() {
        let text = "{\n  \"version\": 1,\n  \"columns\": {\"date\": \"Date\",}\n}"
        let (mapping, problems) = CSVMapping.decode(json: Array(text.utf8), path: "broken.json")
        #expect(mapping == nil)
        #expect(problems.count == 1)
        #expect(problems.first?.location == SourceLocation(file: "broken.json", line: 3, column: 30))
        #expect(problems.first?.description.contains("expected a key in double quotes") == true)
    }

    @Test("an unknown key is reported at the key")
    func unknownKey() {
        let text = "{\"version\": 1,\n \"colums\": {}}"
        let (_, problems) = CSVMapping.decode(json: Array(text.utf8), path: "typo.json")
        let typo = problems.first { $0.description.contains("unknown key \"colums\"") }
        #expect(typo?.location == SourceLocation(file: "typo.json", line: 2, column: 2))
    }

    @Test("a key given twice is reported at its second place, not read as the last value")
    func repeatedKey() {
        let text = "{\"version\": 1,\n \"version\": 1}"
        let (mapping, problems) = CSVMapping.decode(json: Array(text.utf8), path: "twice.json")
        #expect(mapping == nil)
        let twice = problems.first { $0.description.contains("key \"version\" appears twice") }
        #expect(twice?.location == SourceLocation(file: "twice.json", line: 2, column: 2))
    }
}
