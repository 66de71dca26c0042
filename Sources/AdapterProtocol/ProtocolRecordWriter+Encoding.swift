import LedgerCore

/// The bytes of JSON values, appended without building strings: literals, integers, decimal
/// amounts from minor units, days, and escaped strings.
extension ProtocolRecordWriter {
    /// Appends literal JSON text written in the program (keys, punctuation).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a whole number in decimal, with a `-` when negative.
    mutating func appendInteger(_ value: Int64) {
        appendDecimal(value, digits: 0)
    }

    /// Appends a count of minor units as a decimal with `digits` fraction digits: `-1250` with 2
    /// digits is `-12.50`, `7` with 3 is `0.007`, `5` with 0 is `5`.
    mutating func appendDecimal(_ minorUnits: Int64, digits: Int) {
        precondition((0...18).contains(digits), "a currency has 0 to 18 minor digits")
        // 20 digits of a UInt64, a '.', a leading '0' and a '-': at most 24 bytes, written from
        // the end.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            var position = raw.count
            var magnitude = minorUnits.magnitude
            var written = 0
            repeat {
                if written == digits, digits > 0 {
                    position -= 1
                    raw[position] = UInt8(ascii: ".")
                }
                let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
                position -= 1
                raw[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
                magnitude = quotient
                written += 1
            } while magnitude > 0 || written <= digits
            if minorUnits < 0 {
                position -= 1
                raw[position] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[position...]))
        }
    }

    /// Appends a day as `YYYY-MM-DD` (without quotes).
    mutating func appendDay(_ day: Day) {
        let zero = UInt8(ascii: "0")
        let year = day.year
        bytes.append(zero &+ UInt8(truncatingIfNeeded: year / 1000 % 10))
        bytes.append(zero &+ UInt8(truncatingIfNeeded: year / 100 % 10))
        bytes.append(zero &+ UInt8(truncatingIfNeeded: year / 10 % 10))
        bytes.append(zero &+ UInt8(truncatingIfNeeded: year % 10))
        bytes.append(UInt8(ascii: "-"))
        bytes.append(zero &+ UInt8(truncatingIfNeeded: day.month / 10))
        bytes.append(zero &+ UInt8(truncatingIfNeeded: day.month % 10))
        bytes.append(UInt8(ascii: "-"))
        bytes.append(zero &+ UInt8(truncatingIfNeeded: day.day / 10))
        bytes.append(zero &+ UInt8(truncatingIfNeeded: day.day % 10))
    }

    /// Appends a string as a JSON string literal, quotes included.
    ///
    /// Escaped: `"` and `\` with a backslash; line feed, carriage return, tab, backspace and form
    /// feed as `\n`, `\r`, `\t`, `\b`, `\f`; the other C0 controls, DEL, the C1 controls, the
    /// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the
    /// line and paragraph separators (U+2028, U+2029) as `\u00XX`/`\uXXXX`, as ``JSONText`` does.
    /// Everything else is copied as its UTF-8 bytes; a Swift string holds only valid Unicode
    /// scalars, so no invalid one can be written.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendEscaped($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: - Private

    /// Copies runs of bytes that need no escape whole; escapes the rest.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            // Most bytes are printable ASCII or plain UTF-8: one comparison chain decides.
            guard
                byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xD8
                    || byte == 0xE2
            else {
                index += 1
                continue
            }
            let (scalar, length) = scalarStarting(at: index, in: utf8)
            guard let escape = escapeText(for: scalar) else {
                index += length
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            bytes.append(contentsOf: escape)
            index += length
            runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    }

    /// The scalar value of the (valid) UTF-8 sequence at `index` and its length in bytes; only
    /// the one- to three-byte forms matter here (every escaped scalar is below U+10000).
    private static func scalarStarting(at index: Int, in utf8: UnsafeBufferPointer<UInt8>) -> (UInt32, Int) {
        let lead = UInt32(utf8[index])
        switch lead {
        case 0..<0x80:
            return (lead, 1)
        case 0xC0..<0xE0 where index + 1 < utf8.count:
            return ((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2)
        case 0xE0..<0xF0 where index + 2 < utf8.count:
            return ((lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F), 3)
        default:
            return (lead, 1)
        }
    }

    /// The escape for a scalar, or `nil` when it is written as it is.
    private static func escapeText(for scalar: UInt32) -> [UInt8]? {
        switch scalar {
        case 0x22: return Array(#"\""#.utf8)
        case 0x5C: return Array(#"\\"#.utf8)
        case 0x0A: return Array(#"\n"#.utf8)
        case 0x0D: return Array(#"\r"#.utf8)
        case 0x09: return Array(#"\t"#.utf8)
        case 0x08: return Array(#"\b"#.utf8)
        case 0x0C: return Array(#"\f"#.utf8)
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            let hex = Array("0123456789abcdef".utf8)
            return [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), hex[Int(scalar >> 12 & 0xF)], hex[Int(scalar >> 8 & 0xF)],
                hex[Int(scalar >> 4 & 0xF)], hex[Int(scalar & 0xF)],
            ]
        default: return nil
        }
    }
}
