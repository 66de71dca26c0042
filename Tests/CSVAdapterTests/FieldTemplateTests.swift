import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("FieldTemplate")
struct FieldTemplateTests {
    @Test("a description interpolated from column numbers and a memo from a name with a literal %")
    func interpolated() throws {
        let run = try rulesRun("jo-decorated.csv", mapping: "jo-decorated.json")
        #expect(run.error == nil)
        #expect(run.drafts.map(\.description) == ["Carrefour Amman – groceries", "Salary – May", "Zain – "])
        // Templates read the cells after extraction: %5 is the amount's captured digits.
        #expect(run.drafts.first?.memo == "REF-1001 (100% of -4.750)")
    }

    @Test(
        "a template is read into text and fields",
        arguments: [
            ("%2 – %4", "[2]| – |[4]"),
            ("%{Payee} (%{ Ref })", "[Payee]| (|[Ref]|)"),
            ("100%% sure", "100% sure"),
            ("Rent", "Rent"),
            ("%12x", "[12]|x"),
        ])
    func parsed(source: String, shown: String) throws {
        let template = try FieldTemplate.parse(source).get()
        let parts = template.parts.map { part -> String in
            switch part {
            case .text(let text): return text
            case .field(.index(let index)): return "[\(index)]"
            case .field(.name(let name)): return "[\(name)]"
            }
        }
        #expect(parts.joined(separator: "|") == shown)
    }

    @Test(
        "a broken template is located in the mapping and names the character",
        arguments: [
            ("50%", "character 3", "expected %1, %{Name} or %%"),
            ("%{Payee", "character 1", "no closing"),
            ("%0", "character 1", "count from 1"),
            ("%{}", "character 1", "names no column"),
        ])
    func broken(source: String, place: String, words: String) {
        let prefix = #"{"columns": {"date": "D", "amount": "A"}, "set": {"description": "#
        let problems = mappingProblems(prefix + "\"\(source)\"}}")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("1:\(prefix.count + 1): ") == true, "\(problems)")
        #expect(problems.first?.contains(place) == true, "\(problems)")
        #expect(problems.first?.contains(words) == true, "\(problems)")
    }
}
