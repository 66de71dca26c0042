import LedgerCore
import Testing

@testable import CSVAdapter

@Suite("JSONValue")
struct JSONValueTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8), file: "m.json") }

    @Test("values keep the line and column where they start")
    func locations() throws {
        let value = try parse("{\n  \"a\": [1, \"x\\u00e9\\n\"],\n  \"b\": {\"c\": true, \"d\": null}\n}")
        guard case .object(let members) = value.kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyLocation == SourceLocation(file: "m.json", line: 2, column: 3))
        #expect(members[1].value.location == SourceLocation(file: "m.json", line: 3, column: 8))
        guard case .array(let elements) = members[0].value.kind, case .string(let text) = elements[1].kind else {
            Issue.record("not an array of a number and a string")
            return
        }
        #expect(text == "xé\n")
    }

    @Test(
        "syntax errors are refused with their location",
        arguments: ["{", "{\"a\" 1}", "[1,]", "{\"a\": 1, \"a\": 2}", "\"open", "{} x", "{\"a\": tru}", ""])
    func refused(_ text: String) {
        #expect(throws: CSVError.self) { _ = try parse(text) }
    }

    @Test("numbers stay text, never floating point")
    func numbers() throws {
        guard case .number(let text) = try parse("12.50").kind else {
            Issue.record("not a number")
            return
        }
        #expect(text == "12.50")
    }
}
