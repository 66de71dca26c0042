import Foundation
import Testing

@testable import CSVAdapter

/// The head's rows as mapping matching sees them: header keys and blank rows, worked out once per
/// row by quick paths that must agree with the plain Foundation and standard-library ones.
@Suite("HeadSample rows")
struct HeadSampleTests {
    static let texts = [
        "Buchungstag", "  Währung ", "ÜBERTRAG Sparen", "Straße", "ΣΊΣΥΦΟΣ", "İstanbul", "Café Größenwahn",
        "\t\r\nAmount\u{00A0}", "\u{2003}Valuta\u{3000}", "ǅemal", "ﬀ Ligature", "", "   ", "\u{00A0}\u{2009}",
        "\n", "a\u{0301}", "ＡＢＣ", "Ⅻ", "Bäckerei Müller, Miete", "a\u{212A}b", "\u{212A}onto", "Konto\u{212A}",
        " Betrag (EUR)", "Betrag\u{00A0}", "x\u{00A0}y", "Date", "DATE ", "date",
    ]

    @Test("a header key is the trimmed, lower-cased name, as lowercased() makes it", arguments: texts)
    func keyAgreesWithLowercased(_ name: String) {
        var view = Substring(name)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        #expect(MappingMatcher.key(name) == view.lowercased())
    }

    @Test("a field is a wanted header name exactly when its key is that name", arguments: texts)
    func hasKeyAgreesWithKey(_ field: String) {
        let wanted = Self.texts.map(MappingMatcher.key) + ["date", "akb", "konto", "betrag (eur)", "betrag", "amount"]
        for name in wanted {
            #expect(MappingMatcher.hasKey(field, name) == (MappingMatcher.key(field) == name), "\(field) \(name)")
        }
    }

    @Test("a row is blank when Foundation's whitespace trimming leaves every field empty")
    func blankAgreesWithFoundation() {
        for first in Self.texts {
            for second in [
                "", " ", "\t", "x", "\u{00A0}", "\u{200B}", "\u{200C}", "\u{FEFF}", "\u{1680}", "\u{180E}",
                "\u{2007}", "\u{205F}", "\u{3000}", "\u{0085}", "\u{2028}", "\r\n",
            ] {
                let fields = [first, second]
                let expected = fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                #expect(HeadSample.Row(line: 1, fields: fields).isBlank == expected, "\(fields)")
            }
        }
    }
}
