import LedgerCore
import Testing

@Suite("JSONParser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    private func failure(_ text: String) -> JSONParser.Failure? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("a number keeps its text exactly as written")
    func numberText() throws {
        let value = try parse(#"{"a": 0.1, "b": 12345678901234567890.123456789, "c": -0}"#)
        guard case .object(let members) = value.kind else {
            Issue.record("not an object")
            return
        }
        let texts = members.map { member -> String in
            if case .number(let text) = member.value.kind { return text }
            return "?"
        }
        #expect(texts == ["0.1", "12345678901234567890.123456789", "-0"])
    }

    @Test("every value records its line and column")
    func positions() throws {
        let value = try parse("{\n  \"a\": [1,\n    \"x\"]\n}")
        guard case .object(let members) = value.kind, case .array(let items) = members[0].value.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect((value.line, value.column) == (1, 1))
        #expect((members[0].value.line, members[0].value.column) == (2, 8))
        #expect((items[1].line, items[1].column) == (3, 5))
    }

    @Test("escapes and surrogate pairs decode to the characters they name")
    func escapes() throws {
        let value = try parse(#""a\"b\\c\/\n\u00e9\ud83d\ude00""#)
        guard case .string(let text) = value.kind else {
            Issue.record("not a string")
            return
        }
        #expect(text == "a\"b\\c/\né😀")
    }

    @Test(
        "malformed documents are refused with a position",
        arguments: [
            "", "{", "[1,]", #"{"a":1,}"#, #"{"a":1 "b":2}"#, "01", "1.", "-", "1e", "tru", "nul",
            #"{"a":1}{"#, #""abc"#, "\"a\u{01}b\"", #""\x""#, #""\ud800""#, #"{'a':1}"#, "NaN", "[1] x",
        ])
    func malformed(text: String) {
        let failure = failure(text)
        #expect(failure != nil)
        #expect((failure?.line ?? 0) >= 1)
    }

    @Test("a key that appears twice in one object is refused")
    func duplicateKeys() {
        #expect(failure(#"{"amount":"1.00","amount":"2.00"}"#)?.reason.contains("twice") == true)
    }

    @Test("bytes that are not UTF-8 inside a string are refused")
    func invalidUTF8() {
        var bytes = Array(#"{"a":"x"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}"#.utf8)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(bytes) }
    }

    @Test("nesting deeper than the limit is refused instead of exhausting the stack")
    func deepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(failure(deep)?.reason.contains("nesting") == true)
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(failure(fine) == nil)
    }
}

@Suite("JSONParser positions")
struct JSONParserPositionTests {
    @Test("values and keys keep the line and column where they start")
    func locations() throws {
        let value = try JSONParser.parse(
            Array("{\n  \"a\": [1, \"x\\u00e9\\n\"],\n  \"b\": {\"c\": true, \"d\": null}\n}".utf8))
        guard case .object(let members) = value.kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect((members[0].keyLine, members[0].keyColumn) == (2, 3))
        #expect(members[1].value.location(in: "m.json") == SourceLocation(file: "m.json", line: 3, column: 8))
        guard case .array(let elements) = members[0].value.kind, case .string(let text) = elements[1].kind else {
            Issue.record("not an array of a number and a string")
            return
        }
        #expect(text == "xé\n")
        #expect(members[1].value.typeName == "an object")
    }
}
