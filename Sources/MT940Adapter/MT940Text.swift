/// Turns a field's bytes into text, choosing the encoding by evidence.
///
/// MT940 files say nothing about their encoding. SWIFT's own character set is ASCII, but the
/// files banks hand to customers carry umlauts and Polish letters in Windows-1252 (ISO-8859-1's
/// printable range is a subset) or UTF-8. Each field decides for itself: ASCII is ASCII; bytes that
/// form valid UTF-8 are UTF-8; anything else is Windows-1252. Real Windows-1252 text almost never
/// forms valid multi-byte UTF-8 by accident. (OFXAdapter and CSVAdapter have the same rule for
/// their own values; their decoders are internal to those modules, so this is MT940's own copy.)
enum MT940Text {
    /// How a field's bytes are read.
    enum Encoding {
        /// ASCII or UTF-8.
        case utf8
        /// Windows-1252.
        case windows1252
    }

    /// The encoding of a field: UTF-8 when its bytes are ASCII or valid UTF-8, else Windows-1252.
    static func encoding(of bytes: some Collection<UInt8>) -> Encoding {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return .utf8 }
        return String(validating: Array(bytes), as: UTF8.self) == nil ? .windows1252 : .utf8
    }

    /// Decodes bytes, trimming spaces at both ends unless told to keep them (a `:86:` line cut
    /// at 65 characters may end in the space between two words).
    static func decode(_ bytes: some BidirectionalCollection<UInt8>, trimming: Bool = true) -> String {
        decode(bytes, as: encoding(of: bytes), trimming: trimming)
    }

    /// Decodes bytes in place, as ``decode(_:trimming:)`` does: spaces and tabs trimmed, ASCII
    /// made a string straight from the buffer (a statement line's references and type code).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard isASCII(trimmed) else { return decode(trimmed, as: encoding(of: trimmed), trimming: false) }
        return String(decoding: trimmed, as: UTF8.self)
    }

    /// Whether every byte is below 0x80.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        return high < 0x80
    }

    /// Decodes bytes in a known encoding.
    static func decode(_ bytes: some BidirectionalCollection<UInt8>, as encoding: Encoding, trimming: Bool = true)
        -> String
    {
        var start = bytes.startIndex
        var end = bytes.endIndex
        if trimming {
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { bytes.formIndex(after: &start) }
            while end > start {
                let before = bytes.index(before: end)
                guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
                end = before
            }
        }
        let slice = bytes[start..<end]
        switch encoding {
        case .utf8: return String(decoding: slice, as: UTF8.self)
        case .windows1252: return windows1252(slice)
        }
    }

    /// The number of characters in bytes of the encoding (UTF-8 continuation bytes not counted).
    static func characterCount(_ bytes: some Collection<UInt8>, as encoding: Encoding) -> Int {
        switch encoding {
        case .utf8: return bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        case .windows1252: return bytes.count
        }
    }

    // MARK: - Private helpers

    /// Windows-1252's characters for 0x80...0x9F; the five bytes it leaves undefined map to the
    /// C1 control of the same number, as ISO-8859-1 would.
    private static let c1: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func windows1252(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value: UInt32 = byte >= 0x80 && byte <= 0x9F ? c1[Int(byte - 0x80)] : UInt32(byte)
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
