/// A QIF field's text: UTF-8 when its bytes are valid UTF-8, else Windows-1252.
///
/// QIF declares no encoding. Quicken and Money write the Windows "ANSI" code page (1252 in
/// Western Europe and the US), newer apps UTF-8. Real Windows-1252 text almost never forms valid
/// multi-byte UTF-8 by accident, so the bytes decide, field by field (the rule OFX uses for
/// its bodies; the decoder is a copy of no other module's: adapters share only LedgerCore).
enum QIFText {
    /// Decodes a field's bytes (ASCII, the common case, costs one scan).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if byte >= 0x80, byte <= 0x9F {
                scalars.append(windows1252High[Int(byte - 0x80)])
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    /// Windows-1252's characters for 0x80...0x9F; the five bytes it leaves undefined keep their
    /// C1 code points, as Windows itself maps them.
    private static let windows1252High: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", "\u{8D}", "\u{017D}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", "\u{9D}", "\u{017E}", "\u{0178}",
    ]
}
