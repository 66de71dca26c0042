import Foundation
import Testing

@testable import CSVAdapter

/// `trimmingBlanks()` stands in for Foundation's `trimmingCharacters(in: .whitespaces)` when
/// mappings and headers are read, and must trim exactly what it trims.
@Suite("Blank trimming")
struct BlankTrimmingTests {
    static let texts =
        HeadSampleTests.texts + [
            "\t Soll \t", "\u{202F}Haben\u{205F}", "\u{1680}x", "y\u{180E}", "\u{200B}zero width\u{200B}",
            " \n Betrag \n ", "\r\n", "\u{FEFF}Datum", "Datum\u{0085}", "e\u{0301} ", " \u{0301}",
        ]

    @Test("it trims what Foundation's whitespaces set trims, and nothing else", arguments: texts)
    func agreesWithFoundation(_ text: String) {
        #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces))
        let inner = text.isEmpty ? text[...] : text[text.index(after: text.startIndex)...]
        #expect(inner.trimmingBlanks() == inner.trimmingCharacters(in: .whitespaces))
    }

    @Test("a scalar is blank exactly when Foundation's whitespaces set holds it, for every scalar")
    func everyScalar() {
        var disagreeing: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isBlank != CharacterSet.whitespaces.contains(scalar) { disagreeing.append(value) }
        }
        #expect(disagreeing == [])
    }

    @Test("tabs and space separators go, line breaks and inner spaces stay")
    func examples() {
        #expect(" \tKonto\u{00A0}\u{3000}".trimmingBlanks() == "Konto")
        #expect("\nKonto ".trimmingBlanks() == "\nKonto")
        #expect("Soll Haben".trimmingBlanks() == "Soll Haben")
        #expect("\u{2003} \t".trimmingBlanks() == "")
    }
}
