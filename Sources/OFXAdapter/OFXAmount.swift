import LedgerCore

/// An OFX amount as written (`TRNAMT`, `BALAMT`, `CURRATE`; OFX 2.2 §3.2.9), read exactly.
///
/// The specification allows a sign, digits and one `.` or `,` as the decimal point. Banks also
/// send thousands separators and spaces, so this reader accepts, and nothing more:
///
/// - surrounding spaces, a leading `+` or `-`, spaces between the sign and the digits;
/// - one decimal separator, `.` or `,` (`-12,50` is 12.50);
/// - a thousands separator between groups of exactly three digits: the other one of `.` and `,`
///   when both appear (the last one is the decimal point: `-1,100.00`, `1.100,00`), or `,`
///   alone when it is followed by exactly three digits (`1,100` is 1100), or `.` repeated
///   (`1.100.000`).
///
/// Anything else is an error: `12,3.4` (a group of one digit), `1e3`, `12abc`, an empty value.
struct OFXAmount: Sendable, Hashable {
    /// The exact number.
    var number: DecimalNumber
    /// The text as written, for messages.
    var text: String

    /// Reads an amount.
    ///
    /// - Parameters:
    ///   - bytes: the element's text.
    ///   - element: the element's name, for the error.
    ///   - location: where the element is, for the error.
    /// - Throws: ``OFXError`` with reason `.notAnAmount` or `.amountOverflow`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, element: OFXTag, at location: () -> SourceLocation) throws(OFXError) {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        var isNegative = false
        if start < end, bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "+") {
            isNegative = bytes[start] == UInt8(ascii: "-")
            start += 1
            while start < end, bytes[start] == 0x20 { start += 1 }
        }
        var commas = 0
        var points = 0
        var lastComma = -1
        var lastPoint = -1
        for index in start..<end {
            switch bytes[index] {
            case UInt8(ascii: ","):
                commas += 1
                lastComma = index
            case UInt8(ascii: "."):
                points += 1
                lastPoint = index
            default: break
            }
        }
        var decimal = UInt8(ascii: ".")
        var grouping: UInt8? = nil
        if commas > 0 && points > 0 {
            if lastComma > lastPoint {
                decimal = UInt8(ascii: ",")
                grouping = UInt8(ascii: ".")
            } else {
                grouping = UInt8(ascii: ",")
            }
        } else if commas == 1 {
            let digitsAfter = end - lastComma - 1
            if digitsAfter == 3 && lastComma > start {
                grouping = UInt8(ascii: ",")
            } else {
                decimal = UInt8(ascii: ",")
            }
        } else if commas > 1 {
            grouping = UInt8(ascii: ",")
        } else if points > 1 {
            grouping = UInt8(ascii: ".")
            decimal = UInt8(ascii: ",")
        }
        // A sign must be followed by a digit or separator, never by a second sign.
        let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let text = { OFXText.decode(bytes) }
        if let first = body.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            throw OFXError(.notAnAmount(element: element.name, found: text()), at: location())
        }
        do {
            var number = try DecimalNumber.parse(body, decimalSeparator: decimal, groupingSeparator: grouping)
            number.isNegative = isNegative
            self.number = number
        } catch .overflow {
            throw OFXError(.amountOverflow(element: element.name, found: text()), at: location())
        } catch {
            throw OFXError(.notAnAmount(element: element.name, found: text()), at: location())
        }
        // One string, the sign written in front of the digits (making two and joining them cost
        // a second validation and an append for every negative amount).
        self.text = String(unsafeUninitializedCapacity: body.count + 1) { buffer in
            var written = 0
            if isNegative {
                buffer[0] = UInt8(ascii: "-")
                written = 1
            }
            for byte in body {
                buffer[written] = byte
                written += 1
            }
            return written
        }
    }

    /// The amount in a currency, with the direction its sign gives.
    ///
    /// - Throws: ``OFXError`` `.tooPrecise` or `.amountOverflow`.
    func money(in currency: Currency, element: OFXTag, at location: SourceLocation) throws(OFXError)
        -> (Money, Direction)
    {
        do {
            return try Money.exactly(number, currency: currency)
        } catch .tooPrecise {
            throw OFXError(
                .tooPrecise(element: element.name, found: text, currency: currency.code, digits: currency.minorDigits),
                at: location)
        } catch {
            throw OFXError(.amountOverflow(element: element.name, found: text), at: location)
        }
    }

    /// The amount in a currency, rounded half to even to its minor unit when the text has more
    /// decimals than the currency (money-market and brokerage cash lines: `-8.4850` USD is 8.48).
    ///
    /// The rounding is `Money.rounded`, ledgerport's one rounding place: `0.125` USD is 0.12,
    /// `0.135` is 0.14, and JPY `1.50` is 2, `0.50` is 0.
    ///
    /// - Returns: the amount, the direction its sign gives, and whether it was rounded.
    /// - Throws: ``OFXError`` `.amountOverflow`.
    func roundedMoney(in currency: Currency, element: OFXTag, at location: SourceLocation) throws(OFXError)
        -> (money: Money, direction: Direction, isRounded: Bool)
    {
        do {
            let (money, direction) = try Money.exactly(number, currency: currency)
            return (money, direction, false)
        } catch .tooPrecise {
            guard let (money, direction) = Money.rounded(number, currency: currency) else {
                throw OFXError(.amountOverflow(element: element.name, found: text), at: location)
            }
            return (money, direction, true)
        } catch {
            throw OFXError(.amountOverflow(element: element.name, found: text), at: location)
        }
    }

    /// The amount in signed minor units of a currency.
    ///
    /// - Throws: ``OFXError`` `.tooPrecise` or `.amountOverflow`.
    func signedMinorUnits(in currency: Currency, element: OFXTag, at location: SourceLocation) throws(OFXError)
        -> Int64
    {
        let (money, direction) = try money(in: currency, element: element, at: location)
        return money.signedMinorUnits(direction)
    }
}
