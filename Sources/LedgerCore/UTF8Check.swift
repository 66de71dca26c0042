/// Whether bytes are well-formed UTF-8, decided without making a `String`: what the CSV reader
/// keeps as a field's text and what an export writes as it is.
public enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates or
    /// code points past U+10FFFF), as `String(validating:as:)` decides. Runs of ASCII, most of a
    /// bank's text, are passed eight bytes at a time.
    @inlinable
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(base, index, count)
            guard length > 0 else { return false }
            index += length
        }
        return true
    }

    /// The length of the well-formed UTF-8 character whose lead byte (above ASCII) is at `index`
    /// of `end` bytes; 0 where none is (Unicode's table 3-7: no overlong forms, surrogates or code
    /// points past U+10FFFF).
    @inlinable @inline(__always)
    public static func sequenceLength(_ bytes: UnsafePointer<UInt8>, _ index: Int, _ end: Int) -> Int {
        // The allowed range of the second byte, and how many bytes follow the lead.
        let low: UInt8
        let high: UInt8
        let trailing: Int
        switch bytes[index] {
        case 0xC2...0xDF: (low, high, trailing) = (0x80, 0xBF, 1)
        case 0xE0: (low, high, trailing) = (0xA0, 0xBF, 2)
        case 0xE1...0xEC, 0xEE...0xEF: (low, high, trailing) = (0x80, 0xBF, 2)
        case 0xED: (low, high, trailing) = (0x80, 0x9F, 2)
        case 0xF0: (low, high, trailing) = (0x90, 0xBF, 3)
        case 0xF1...0xF3: (low, high, trailing) = (0x80, 0xBF, 3)
        case 0xF4: (low, high, trailing) = (0x80, 0x8F, 3)
        default: return 0
        }
        guard index + trailing < end else { return 0 }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return 0 }
        var next = index + 2
        while next <= index + trailing {
            guard bytes[next] & 0xC0 == 0x80 else { return 0 }
            next += 1
        }
        return trailing + 1
    }
}
