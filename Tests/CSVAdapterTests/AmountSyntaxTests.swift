import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// The signed value of a cell in hundredths, or `nil` when it is refused.
func cents(_ text: String, _ syntax: AmountSyntax) -> Int64? {
    var copy = text
    var scratch: [UInt8] = []
    guard let number = copy.withUTF8({ syntax.number($0, scratch: &scratch) }),
        let (money, direction) = try? Money.exactly(number, currency: .EUR)
    else { return nil }
    return money.signedMinorUnits(direction)
}

@Suite("AmountSyntax")
struct AmountSyntaxTests {
    static let point = AmountSyntax(decimalSeparator: UInt8(ascii: "."))
    static let comma = AmountSyntax(decimalSeparator: UInt8(ascii: ","))

    @Test(
        "decimal-point cells in every shape banks write",
        arguments: [
            ("-12.50", -1250), ("12.50", 1250), ("+12.50", 1250), ("(12.50)", -1250), ("12.50-", -1250),
            ("-$12.00", -1200), ("$-12.00", -1200), ("$1,234.56", 123_456), ("1,234,567.89", 123_456_789),
            ("USD 12.00", 1200), ("12.00 USD", 1200), ("£1,204.11", 120_411), ("−7.25", -725), (".5", 50),
            ("1'234.50", 123_450), ("CHF 1'234.50", 123_450), ("Fr. 12.00", 1200), ("12", 1200), (" 3.80 ", 380),
        ] as [(String, Int64)])
    func decimalPoint(_ text: String, _ expected: Int64) {
        #expect(cents(text, Self.point) == expected)
    }

    @Test(
        "decimal-comma cells with dots, spaces and no-break spaces between thousands",
        arguments: [
            ("-1.234,56", -123_456), ("€1.234,56", 123_456), ("1 234,56 EUR", 123_456), ("1\u{00A0}234,56", 123_456),
            ("1\u{202F}234,56", 123_456), ("-0,01", -1), ("12,5", 1250), ("1.234.567,00", 123_456_700),
            ("1'234,50", 123_450),
        ] as [(String, Int64)])
    func decimalComma(_ text: String, _ expected: Int64) {
        #expect(cents(text, Self.comma) == expected)
    }

    @Test(
        "cells that are not amounts are refused, never guessed",
        arguments: ["12abc", "1,2.3", "", "--5", "(12.50", "12.50 CR", "1.2.3", "abc", "12 34", "1,23", "$", "-(5)"])
    func refused(_ text: String) {
        #expect(cents(text, Self.point) == nil)
    }

    @Test("a comma is not a thousands separator in a decimal-comma file, so 1,234.56 is refused there")
    func wrongSeparator() {
        #expect(cents("1,234.56", Self.comma) == nil)
    }

    @Test("declared thousands separators replace the defaults")
    func declaredGrouping() {
        let none = AmountSyntax(decimalSeparator: UInt8(ascii: "."), grouping: "")
        #expect(cents("1,234.56", none) == nil)
        #expect(cents("1234.56", none) == 123_456)
        let swiss = AmountSyntax(decimalSeparator: UInt8(ascii: "."), grouping: "'’")
        #expect(cents("1’234.50", swiss) == 123_450)
    }

    @Test("a currency code in the cell is reported, and two different codes are refused")
    func codes() {
        var scratch: [UInt8] = []
        for (text, expected) in [("12.00 USD", "USD"), ("Fr. 12.00", "CHF"), ("$12.00", nil), ("12 kr", nil)] {
            var copy = text
            var code: String?
            let number = copy.withUTF8 { Self.point.number($0, scratch: &scratch, code: &code) }
            #expect(number != nil)
            #expect(code == expected)
        }
        #expect(cents("EUR 12.00 USD", Self.point) == nil)
    }
}

@Suite("AmountSyntax one-pass reading")
struct PlainNumberTests {
    /// Random cells over the characters amounts are made of, and some they must not hold.
    static func cells(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [Character] = Array("0123456789012345678901234567890123456789.,.,' -+ ()$€EUR\t")
        return (0..<count).map { _ in
            let length = Int(generator.next() % 14)
            return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
    }

    @Test(
        "every cell the one-pass reading accepts reads the same, with no currency code, in the full reading",
        arguments: [
            AmountSyntax(decimalSeparator: UInt8(ascii: ".")), AmountSyntax(decimalSeparator: UInt8(ascii: ",")),
            AmountSyntax(decimalSeparator: UInt8(ascii: "."), grouping: ""),
            AmountSyntax(decimalSeparator: UInt8(ascii: "."), grouping: "'"),
        ])
    func agreesWithFullReading(_ syntax: AmountSyntax) {
        var scratch: [UInt8] = []
        var accepted = 0
        let fixed = ["1.234,56", "-1.234,56", "1,234.56", "+12.50", " 3.80 ", "12,", ",5", "0", "1.234", "1,23,456"]
        for cell in fixed + Self.cells(count: 20_000, seed: UInt64(syntax.decimalSeparator)) {
            var copy = cell
            copy.withUTF8 { bytes in
                guard let plain = syntax.plainNumber(bytes) else { return }
                accepted += 1
                var code: String?
                let full = syntax.fullNumber(bytes, scratch: &scratch, code: &code)
                #expect(full == plain, "\(cell)")
                #expect(code == nil, "\(cell)")
            }
        }
        #expect(accepted > 100)
    }

    @Test("the one-pass reading leaves unusual cells to the full reading")
    func declines() {
        let syntax = AmountSyntax(decimalSeparator: UInt8(ascii: ","))
        for cell in [
            "12,50-", "(12,50)", "€1.234,56", "1 234,56", "1.23,45", "12,50 EUR", "--1", "", " ",
            "99999999999999999999",
        ] {
            var copy = cell
            #expect(copy.withUTF8 { syntax.plainNumber($0) } == nil, "\(cell)")
        }
        var copy = "-1.234,56"
        #expect(
            copy.withUTF8 { syntax.plainNumber($0) }
                == DecimalNumber(isNegative: true, significand: 123_456, fractionDigits: 2))
    }
}
