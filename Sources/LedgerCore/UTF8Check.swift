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
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte, and how many bytes follow the lead.
            let low: UInt8
            let high: UInt8
            let trailing: Int
            switch lead {
            case 0xC2...0xDF: (low, high, trailing) = (0x80, 0xBF, 1)
            case 0xE0: (low, high, trailing) = (0xA0, 0xBF, 2)
            case 0xE1...0xEC, 0xEE...0xEF: (low, high, trailing) = (0x80, 0xBF, 2)
            case 0xED: (low, high, trailing) = (0x80, 0x9F, 2)
            case 0xF0: (low, high, trailing) = (0x90, 0xBF, 3)
            case 0xF1...0xF3: (low, high, trailing) = (0x80, 0xBF, 3)
            case 0xF4: (low, high, trailing) = (0x80, 0x8F, 3)
            default: return false
            }
            guard index + trailing < count else { return false }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return false }
            var next = index + 2
            while next <= index + trailing {
                guard bytes[next] & 0xC0 == 0x80 else { return false }
                next += 1
            }
            index = next
        }
        return true
    }
}
