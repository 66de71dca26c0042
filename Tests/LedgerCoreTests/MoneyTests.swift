import LedgerCore
import Testing

private let here = SourceLocation(file: "test.csv", line: 3, column: 7)

@Suite("Money")
struct MoneyTests {
    @Test(
        "reads plain amounts exactly",
        arguments: [
            ("1234.56", Int64(123_456), Direction.credit), ("-12", -1_200, .debit), (".5", 50, .credit),
            ("0.10", 10, .credit), ("+3.1", 310, .credit), ("  7.00 ", 700, .credit), ("12.500", 1_250, .credit),
            ("-0.00", 0, .credit),
        ])
    func readsPlainAmounts(text: String, signed: Int64, direction: Direction) throws {
        let (money, parsedDirection) = try Money.parse(text, currency: .EUR, at: here)
        #expect(money.signedMinorUnits(parsedDirection) == signed)
        #expect(parsedDirection == direction)
        #expect(money.minorUnits >= 0)
    }

    @Test(
        "refuses text that is not an amount",
        arguments: ["12abc", "1,2.3", "1e3", "", "-", ".", "1.2.3", "--1", "12 34"])
    func refusesNonAmounts(text: String) {
        #expect(throws: CoreError.self) { try Money.parse(text, currency: .EUR, at: here) }
    }

    @Test("the error names the location, what was found and what was expected")
    func errorMessage() {
        do {
            _ = try Money.parse("12,3.4", currency: .USD, groupingSeparator: ",", at: here)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == here)
            #expect(error.description.hasPrefix("test.csv:3:7: error: \"12,3.4\" is not an amount; expected digits"))
        }
    }

    @Test("a ten-thousand-digit amount is a one-line error quoting only its start, in bounded time")
    func hugeAmountMessage() {
        let digits = String(repeating: "9", count: 10_000)
        for text in [digits, "1." + digits, digits + "x", "-" + digits] {
            do {
                _ = try Money.parse(text, currency: .EUR, at: here)
                Issue.record("expected an error for \(text.count) characters")
            } catch {
                #expect(error.description.utf8.count < 200)
                #expect(error.description.contains("\"\(text.prefix(48))…\" (\(text.count) characters)"))
            }
        }
        #expect(quotedExcerpt("12,3.4") == "\"12,3.4\"")
        #expect(quotedExcerpt(String(repeating: "é", count: 49), limit: 48).hasSuffix("é…\" (49 characters)"))
        #expect(
            quotedExcerpt(String(repeating: "é", count: 48), limit: 48) == "\"" + String(repeating: "é", count: 48)
                + "\"")
    }

    @Test("a thousands separator is accepted only between groups of three")
    func grouping() throws {
        let (money, direction) = try Money.parse("-1,100.00", currency: .USD, groupingSeparator: ",", at: here)
        #expect(money.minorUnits == 110_000 && direction == .debit)
        #expect(throws: CoreError.self) { try Money.parse("12,34.5", currency: .USD, groupingSeparator: ",", at: here) }
        #expect(throws: CoreError.self) { try Money.parse("1,0000", currency: .USD, groupingSeparator: ",", at: here) }
    }

    @Test("a decimal comma reads as the decimal point")
    func decimalComma() throws {
        let (money, _) = try Money.parse(
            "1.234,56", currency: .EUR, decimalSeparator: ",", groupingSeparator: ".", at: here)
        #expect(money.minorUnits == 123_456)
    }

    @Test("zero-digit currencies refuse cents and three-digit currencies keep fils")
    func minorDigits() throws {
        #expect(try Money.parse("1500", currency: .JPY, at: here).0.minorUnits == 1_500)
        #expect(throws: CoreError.self) { try Money.parse("15.5", currency: .JPY, at: here) }
        #expect(try Money.parse("1.234", currency: .BHD, at: here).0.minorUnits == 1_234)
        #expect(throws: CoreError.self) { try Money.parse("1.2345", currency: .BHD, at: here) }
        #expect(throws: CoreError.self) { try Money.parse("0.001", currency: .EUR, at: here) }
        #expect(Currency(code: "krw")?.minorDigits == 0)
        #expect(Currency(code: "KWD")?.minorDigits == 3)
        #expect(Currency(code: "TND")?.minorDigits == 3)
        #expect(Currency(code: "XYZ") == nil)
    }

    @Test("overflow is an error, never a wrap or a trap")
    func overflow() {
        #expect(throws: CoreError.self) { try Money.parse("92233720368547758.08", currency: .EUR, at: here) }
        #expect(throws: CoreError.self) {
            try Money.parse(String(repeating: "9", count: 10_000), currency: .EUR, at: here)
        }
        let big = Money(minorUnits: Int64.max, currency: .EUR)
        #expect(big.adding(Money(minorUnits: 1, currency: .EUR)) == nil)
        #expect(Money.sum([Int64.max, 1]) == nil)
        #expect(Money.sum([5, -3, 10]) == 12)
    }

    @Test(
        "trailing zeros add no precision, however many",
        arguments: ["1.00000000000000000000", "1.0000000000000000000000000000000000000000", "1.", "01.00"])
    func trailingZeros(text: String) throws {
        let (money, direction) = try Money.parse(text, currency: .EUR, at: here)
        #expect(money == Money(minorUnits: 100, currency: .EUR) && direction == .credit)
        #expect(try Money.parse(text, currency: .JPY, at: here).0 == Money(minorUnits: 1, currency: .JPY))
    }

    @Test("a significant digit after trailing zeros is still more precision than the currency has")
    func zerosThenDigit() {
        #expect(throws: CoreError(.tooPrecise(found: "1.0001", currency: "EUR", digits: 2), at: here)) {
            try Money.parse("1.0001", currency: .EUR, at: here)
        }
    }

    @Test("the overflow message states the real limit: 9.2 quintillion minor units")
    func overflowMessage() {
        let error = CoreError(.overflow(found: "92233720368547758.08"), at: here)
        #expect(
            error.message == "\"92233720368547758.08\" is too large; expected at most "
                + "9223372036854775807 minor units (92233720368547758.07 with two decimals)")
        #expect(Money.format(Int64.max, currency: .EUR) == "92233720368547758.07")
    }

    @Test("formats back to text with the currency's minor digits")
    func formatting() {
        #expect(Money.format(-1_250, currency: .EUR) == "-12.50")
        #expect(Money.format(5, currency: .JPY) == "5")
        #expect(Money.format(7, currency: .BHD) == "0.007")
        #expect(Money.format(0, currency: .USD) == "0.00")
        #expect(Money.format(Int64.min, currency: .USD) == "-92233720368547758.08")
        #expect(Money(minorUnits: 123_456, currency: .EUR).description == "1234.56")
    }

    @Test(
        "rounds half to even in one place",
        arguments: [
            ("2.345", Int64(234)), ("2.355", 236), ("2.3450001", 235), ("-0.005", 0), ("0.015", 2), ("0.025", 2),
            ("1.994", 199), ("-2.675", -268),
        ])
    func roundsHalfToEven(text: String, expected: Int64) throws {
        var copy = text
        let number = try copy.withUTF8 { try DecimalNumber.parse($0) }
        let result = try #require(Money.rounded(number, currency: .EUR))
        #expect(result.0.signedMinorUnits(result.1) == expected)
    }

    @Test("the signed value comes from the direction alone")
    func signedValue() {
        let money = Money(minorUnits: 380, currency: .EUR)
        #expect(money.signedMinorUnits(.credit) == 380)
        #expect(money.signedMinorUnits(.debit) == -380)
        #expect(Money.fromSigned(-380, currency: .EUR).map { $0.1 } == .debit)
        #expect(Money.fromSigned(Int64.min, currency: .EUR) == nil)
        #expect(Direction.credit.reversed() == .debit)
    }
}

@Suite("DecimalNumber with several thousands separators")
struct DecimalNumberGroupingTests {
    func parse(_ text: String, _ separators: [UInt8]) -> DecimalNumber? {
        var copy = text
        return copy.withUTF8 {
            try? DecimalNumber.parse($0, decimalSeparator: UInt8(ascii: ","), groupingSeparators: separators)
        }
    }

    @Test("any of the separators may stand between groups of three digits")
    func mixed() {
        let separators: [UInt8] = [UInt8(ascii: "."), UInt8(ascii: "'")]
        #expect(
            parse("1.234'567,89", separators)
                == DecimalNumber(isNegative: false, significand: 123_456_789, fractionDigits: 2))
        #expect(
            parse(" -1'234,5 ", separators) == DecimalNumber(isNegative: true, significand: 12_345, fractionDigits: 1))
        #expect(parse("1.23,45", separators) == nil)
        #expect(parse("1'234.5", separators) == nil)
        #expect(parse("1 234,5", separators) == nil)
        #expect(parse("1.234", []) == nil)
        #expect(parse("1234,56", []) == DecimalNumber(isNegative: false, significand: 123_456, fractionDigits: 2))
    }
}
