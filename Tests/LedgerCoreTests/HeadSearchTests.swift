import LedgerCore
import Testing

/// The sniffers' byte search must find what decoding the head and searching the text found.
@Suite("HeadSearch")
struct HeadSearchTests {
    static let heads = [
        "", "O", "OFXHEADER:100", "  ofxheader:100", "<?xml?><?ofx OFXHEADER=\"200\"?>", "<OFX>", "<ofx >",
        "OOOFXHEADE", "OFXHEADEROFXHEADER", "Müller;<OFX",
        "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\">",
        "<BkToCstmrStm", "<BkToCstmrStmt>", "Straße <ofx>", "\u{212A}<OFX",
    ]
    static let words = ["OFXHEADER", "<?OFX", "<OFX>", "<OFX ", "<BkToCstmrStmt", "camt.053.001.", "O"]

    @Test("a word is found byte for byte where the text holds it", arguments: heads)
    func exact(_ head: String) {
        for word in Self.words {
            #expect(
                HeadSearch.contains(Array(head.utf8), word, within: 8192) == contains(head, word), "\(head) \(word)")
        }
    }

    @Test("ignoring case, a word is found where the upper-cased text holds it", arguments: heads)
    func ignoringCase(_ head: String) {
        for word in Self.words {
            let expected = contains(head.uppercased(), word.uppercased())
            let upper = HeadSearch.upperCased(Array(head.utf8), within: 8192)
            #expect(HeadSearch.contains(upper, word.uppercased(), within: 8192) == expected, "\(head) \(word)")
        }
    }

    @Test("only the first bytes up to the limit are searched")
    func limit() {
        let head = Array(String(repeating: "x", count: 10).utf8) + Array("<OFX>".utf8)
        #expect(HeadSearch.upperCased(head, within: 14) == Array("XXXXXXXXXX<OFX".utf8))
        #expect(HeadSearch.contains(head, "<OFX>", within: 15))
        #expect(!HeadSearch.contains(head, "<OFX>", within: 14))
        #expect(!HeadSearch.contains(Array("<OF".utf8), "<OFX>", within: 8192))
    }

    /// Whether `text`'s UTF-8 holds `word`'s, by the plain definition.
    private func contains(_ text: String, _ word: String) -> Bool {
        let bytes = Array(text.utf8)
        let needle = Array(word.utf8)
        guard !needle.isEmpty else { return true }
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }
}
