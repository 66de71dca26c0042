import LedgerCore
import Testing

@Suite("JSONText")
struct JSONTextTests {
    @Test("quotes, backslashes and control characters are escaped; other text stays as it is")
    func quoting() {
        #expect(JSONText.quoted("Café \"A&W\" \\ x\n\t\u{1}") == #""Café \"A&W\" \\ x\n\t\u0001""#)
        #expect(JSONText.quoted("") == "\"\"")
    }
}

@Suite("JSONText escaping of every control")
struct JSONTextControlTests {
    @Test("every C0 control, DEL, C1 and the bidirectional controls are written as \\u escapes")
    func everyControl() throws {
        let named: [UInt32: String] = [0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"]
        let values =
            Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]
            + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        for value in values.map(UInt32.init) {
            let scalar = try #require(Unicode.Scalar(value))
            let hex = String(value, radix: 16)
            let escape = named[value] ?? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            #expect(JSONText.quoted(String(scalar)) == "\"\(escape)\"", "U+\(hex)")
        }
        #expect(JSONText.quoted("\u{1B}[31m") == #""\u001b[31m""#)
    }
}
