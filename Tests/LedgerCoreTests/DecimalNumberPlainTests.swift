import Testing

@testable import LedgerCore

@Suite("DecimalNumber's one-pass reading of plain numbers")
struct DecimalNumberPlainTests {
    /// Both readings of `text`: the one-pass one (`nil` when it leaves the text to the other) and
    /// the byte-by-byte one every shape goes through (`nil` when it refuses the text).
    func readings(_ text: String, _ separator: UInt8) -> (plain: DecimalNumber?, full: DecimalNumber?) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            (
                DecimalNumber.plain(buffer, decimalSeparator: separator),
                try? DecimalNumber.parseAnyShape(
                    buffer, decimalSeparator: separator, groupingSeparators: [UInt8(ascii: ","), UInt8(ascii: "'")])
            )
        }
    }

    @Test(
        "plain numbers read the same both ways, trailing fraction zeros dropped",
        arguments: [
            "0", "-0", "+7", "12.50", "-33.28", "0.00", "007", "1.000", "100", "9999999999999999999",
            "-999999999999999.99", "0.00000000000000001",
        ])
    func same(_ text: String) throws {
        let (plain, full) = readings(text, UInt8(ascii: "."))
        let read = try #require(plain)
        #expect(read == full)
    }

    @Test(
        "every other shape is left to the full reading",
        arguments: ["", "-", "+", "12.", ".5", " 12", "12 ", "1,234.50", "1.2.3", "12a", "--1", "99999999999999999999"])
    func leftAlone(_ text: String) {
        #expect(readings(text, UInt8(ascii: ".")).plain == nil)
    }

    @Test("a decimal comma: 1.234 is not plain there, 12,5 is")
    func decimalComma() throws {
        #expect(readings("1.234", UInt8(ascii: ",")).plain == nil)
        let (plain, full) = readings("-12,50", UInt8(ascii: ","))
        #expect(plain == DecimalNumber(isNegative: true, significand: 125, fractionDigits: 1))
        #expect(plain == full)
    }

    @Test("random numbers of up to 17 digits read the same both ways")
    func random() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let digits = Int.random(in: 1...17, using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if Bool.random(using: &generator), digits > 1 {
                let point = Int.random(in: 1..<digits, using: &generator)
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            if Bool.random(using: &generator) { text = "-" + text }
            let (plain, full) = readings(text, UInt8(ascii: "."))
            #expect(plain != nil && plain == full, "\(text)")
        }
    }
}
