// libFuzzer target for the amount parser: `Money.parse` (bytes and text), `DecimalNumber.parse`
// and `Money.rounded`. Built by scripts/reliability/fuzz.sh, never by SwiftPM.
//
// The first byte picks the currency and the separators; the rest is the field. Besides "never
// crashes", it checks what must hold for every amount that parses: the minor units are never
// negative, and formatting then parsing again gives the same amount and direction.
import LedgerCore

private let currencies: [Currency] = [.EUR, .JPY, .BHD, Currency(code: "CLF") ?? .EUR]
private let here = SourceLocation(file: "fuzz", line: 1, column: 1)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAmount(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = data[0]
    let currency = currencies[Int(selector & 3)]
    let decimal = selector & 4 == 0 ? UInt8(ascii: ".") : UInt8(ascii: ",")
    let grouping: UInt8? =
        switch (selector >> 3) & 3 {
        case 0: nil
        case 1: decimal == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
        case 2: UInt8(ascii: " ")
        default: UInt8(ascii: "'")
        }
    let field = UnsafeBufferPointer(start: data + 1, count: count - 1)

    do {
        let (money, direction) = try Money.parse(
            bytes: field, currency: currency, decimalSeparator: decimal, groupingSeparator: grouping, at: here)
        precondition(money.minorUnits >= 0, "an amount is never negative")
        let text = Money.format(money.signedMinorUnits(direction), currency: currency)
        let (again, againDirection) = try Money.parse(text, currency: currency, at: here)
        precondition(again == money && againDirection == direction, "format then parse gives \(text) back")
    } catch {
        precondition(!error.description.isEmpty, "every error has a message")
    }

    // The text entry point must agree with the bytes one on valid UTF-8.
    let text = String(decoding: field, as: UTF8.self)
    let viaText = try? Money.parse(
        text, currency: currency, decimalSeparator: Character(UnicodeScalar(decimal)),
        groupingSeparator: grouping.map { Character(UnicodeScalar($0)) }, at: here)
    if Array(text.utf8).elementsEqual(field) {
        let viaBytes = try? Money.parse(
            bytes: field, currency: currency, decimalSeparator: decimal, groupingSeparator: grouping, at: here)
        precondition(viaText?.0 == viaBytes?.0 && viaText?.1 == viaBytes?.1, "text and bytes agree")
    }

    if let number = try? DecimalNumber.parse(field, decimalSeparator: decimal, groupingSeparator: grouping) {
        if let (rounded, _) = Money.rounded(number, currency: currency) {
            precondition(rounded.minorUnits >= 0, "a rounded amount is never negative")
        }
    }
    return 0
}
