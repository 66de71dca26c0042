import LedgerCore

/// How a mapping's amounts are written: the decimal separator and the thousands separators, and
/// the reading of one amount cell into an exact signed number.
///
/// Around the number a cell may carry a sign (`-12.50`, `+12.50`, trailing `12.50-`, Unicode
/// minus), parentheses for a negative (`(12.50)`), a currency symbol (`€ $ £ ¥`) or an ISO code
/// (`EUR`, `1 234,56 EUR`, `-$12.00`), and spaces. Inside the number, the thousands separators
/// (any of `,` `.` space, no-break space, narrow no-break space, `'` and `’`, whichever the
/// mapping allows) must stand between groups of three digits. The digits go to LedgerCore's
/// exact parser; nothing passes through a floating-point value.
struct AmountSyntax: Sendable, Hashable {
    /// The decimal separator, `.` or `,`.
    var decimalSeparator: UInt8
    /// ASCII thousands separators accepted.
    var groupingBytes: [UInt8]
    /// Whether spaces (ASCII, no-break, narrow no-break, thin) may group thousands.
    var groupsWithSpaces: Bool

    /// The byte grouping separators are rewritten to before LedgerCore reads the digits.
    private static let canonicalGrouping = UInt8(ascii: "'")

    /// The usual syntax for a decimal separator: every other separator may group thousands.
    init(decimalSeparator: UInt8) {
        self.decimalSeparator = decimalSeparator
        let others: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "'")]
        self.groupingBytes = others.filter { $0 != decimalSeparator }
        self.groupsWithSpaces = true
    }

    /// A syntax with the given thousands separators (`""` for none).
    init(decimalSeparator: UInt8, grouping: String) {
        self.decimalSeparator = decimalSeparator
        var bytes: [UInt8] = []
        var spaces = false
        for scalar in grouping.unicodeScalars {
            switch scalar {
            case " ", "\u{00A0}", "\u{202F}", "\u{2009}": spaces = true
            case "\u{2019}": bytes.append(UInt8(ascii: "'"))
            default: if scalar.isASCII { bytes.append(UInt8(scalar.value)) }
            }
        }
        self.groupingBytes = bytes
        self.groupsWithSpaces = spaces
    }

    /// What an amount looks like, for messages: `an amount like -1.234,56`.
    var expectation: String {
        let point = String(UnicodeScalar(decimalSeparator))
        let group = groupingBytes.first.map { String(UnicodeScalar($0)) } ?? (groupsWithSpaces ? " " : "")
        return "an amount like -1\(group)234\(point)56"
    }

    /// Reads a cell's UTF-8 bytes into an exact number.
    ///
    /// - Returns: the number, or `nil` when the cell is not an amount in this syntax.
    func number(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> DecimalNumber? {
        var code: String?
        return number(bytes, scratch: &scratch, code: &code)
    }

    /// Reads a cell's UTF-8 bytes into an exact number, and the ISO currency code it names, if any
    /// (`EUR`, `CHF` for `Fr.`); symbols such as `$` name no code, they are shared by currencies.
    func number(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8], code: inout String?) -> DecimalNumber? {
        if let plain = plainNumber(bytes) { return plain }
        return fullNumber(bytes, scratch: &scratch, code: &code)
    }

    /// The full reading behind ``number(_:scratch:code:)``: every shape an amount cell may take.
    func fullNumber(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8], code: inout String?)
        -> DecimalNumber?
    {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(UInt8(ascii: "+"))  // the sign's place, set at the end
        var negative = false
        var parenthesis = 0
        var sawDigit = false
        var afterNumber = false
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte >= 0x30 && byte <= 0x39 {
                if afterNumber { return nil }
                scratch.append(byte)
                sawDigit = true
                i += 1
                continue
            }
            if byte == decimalSeparator && !afterNumber {
                scratch.append(byte)
                i += 1
                continue
            }
            if sawDigit && !afterNumber {
                if groupingBytes.contains(byte) || (byte == UInt8(ascii: "'") && groupingBytes.contains(byte)) {
                    scratch.append(Self.canonicalGrouping)
                    i += 1
                    continue
                }
                if let length = spaceLength(bytes, i), groupsWithSpaces, nextIsDigit(bytes, i + length) {
                    scratch.append(Self.canonicalGrouping)
                    i += length
                    continue
                }
                if byte == 0xE2, i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0x99,
                    groupingBytes.contains(UInt8(ascii: "'"))
                {
                    scratch.append(Self.canonicalGrouping)
                    i += 3
                    continue
                }
                afterNumber = true
            }
            // Outside the digits: signs, parentheses, currency, spaces.
            switch byte {
            case UInt8(ascii: "-"):
                if negative { return nil }
                negative = true
                i += 1
            case UInt8(ascii: "+"):
                i += 1
            case UInt8(ascii: "("):
                if sawDigit || parenthesis != 0 { return nil }
                parenthesis = 1
                i += 1
            case UInt8(ascii: ")"):
                if parenthesis != 1 || !sawDigit { return nil }
                parenthesis = 2
                i += 1
            case 0x20, 0x09:
                i += 1
            case UInt8(ascii: "$"):
                i += 1
            default:
                if byte == 0xE2, i + 2 < count, bytes[i + 1] == 0x88, bytes[i + 2] == 0x92 {  // − minus sign
                    if negative { return nil }
                    negative = true
                    i += 3
                } else if let length = symbolLength(bytes, i) {
                    i += length
                } else if let length = spaceLength(bytes, i) {
                    i += length
                } else if let (length, named) = currencyWord(bytes, i) {
                    if let named {
                        if let code, code != named { return nil }
                        code = named
                    }
                    i += length
                } else {
                    return nil
                }
            }
        }
        guard sawDigit, parenthesis != 1 else { return nil }
        if parenthesis == 2 {
            if negative { return nil }
            negative = true
        }
        if negative { scratch[0] = UInt8(ascii: "-") }
        return scratch.withUnsafeBufferPointer { buffer in
            try? DecimalNumber.parse(
                buffer, decimalSeparator: decimalSeparator,
                groupingSeparator: groupingBytes.isEmpty && !groupsWithSpaces ? nil : Self.canonicalGrouping)
        }
    }

    /// Reads the usual shape of a cell in one pass: spaces, an optional leading sign, digits with
    /// ASCII thousands separators and the decimal separator, spaces (`-1.234,56`, `12.50`).
    ///
    /// - Returns: the number, or `nil` for anything else, which the full reading then takes on:
    ///   for every cell this accepts, that reading gives the same number and no currency code.
    func plainNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
        try? DecimalNumber.parse(bytes, decimalSeparator: decimalSeparator, groupingSeparators: groupingBytes)
    }

    /// The length of a space-like character at `i`: space, NBSP, narrow NBSP, thin space.
    private func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        if bytes[i] == 0x20 { return 1 }
        if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 { return 2 }
        if bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80,
            bytes[i + 2] == 0xAF || bytes[i + 2] == 0x89
        {
            return 3
        }
        return nil
    }

    private func nextIsDigit(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39
    }

    /// The length of a currency symbol at `i`: € £ ¥ (UTF-8).
    private func symbolLength(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        if bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x82, bytes[i + 2] == 0xAC { return 3 }  // €
        if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA3 || bytes[i + 1] == 0xA5 { return 2 }  // £ ¥
        return nil
    }

    /// The length of a currency word at `i` (an ISO 4217 code in capitals, `Fr.`, `SFr.`, `CHF`,
    /// `kr`) and the code it names (`kr` names none: it is shared by three currencies).
    private func currencyWord(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> (length: Int, code: String?)? {
        var end = i
        while end < bytes.count, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") {
            end += 1
        }
        guard end > i else { return nil }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
        let lower = word.lowercased()
        if end < bytes.count, bytes[end] == UInt8(ascii: "."), lower == "fr" || lower == "sfr" {
            return (end + 1 - i, "CHF")
        }
        if word.uppercased() == word, let currency = Currency(code: word) { return (end - i, currency.code) }
        switch lower {
        case "fr", "sfr", "chf": return (end - i, "CHF")
        case "kr": return (end - i, nil)
        default: return nil
        }
    }
}
