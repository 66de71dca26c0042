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
