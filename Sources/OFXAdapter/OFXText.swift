import XMLStream

/// Turns an element's bytes into text: trims, picks the encoding, decodes entity references.
///
/// **Encoding.** Headers are unreliable (`CHARSET:1252` over a UTF-8 body, and the reverse, are
/// both common), so each value decides for itself: ASCII is ASCII; bytes that form valid UTF-8
/// are UTF-8; anything else is Windows-1252 (of which ISO-8859-1's printable range is a subset).
/// Real Windows-1252 text almost never forms valid multi-byte UTF-8 by accident, so the rule
/// reads both kinds of file right whatever the header claims.
///
/// **Entities.** `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` and numeric references
/// (`&#233;`, `&#xE9;`) are decoded; any other `&` is kept as written, so an unescaped
/// `A&W RESTAURANT` stays whole.
enum OFXText {
    /// Decodes an element's value.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if start == end { return "" }
        let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
        var isASCII = true
        var hasAmpersand = false
        for byte in body {
            if byte >= 0x80 { isASCII = false }
            if byte == UInt8(ascii: "&") { hasAmpersand = true }
        }
        var text: String
        if isASCII {
            text = String(decoding: body, as: UTF8.self)
        } else if let utf8 = String(validating: body, as: UTF8.self) {
            text = utf8
        } else {
            text = windows1252(body)
        }
        if hasAmpersand { text = decodeEntities(text) }
        return text
    }

    /// Trims spaces, tabs and line breaks from both ends of a byte range.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    // MARK: - Private helpers

    /// Windows-1252's characters for 0x80...0x9F (the shared table in XMLStream).
    static let c1 = XMLInputFilter.windows1252C1

    private static func windows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value: UInt32 = byte >= 0x80 && byte <= 0x9F ? c1[Int(byte - 0x80)] : UInt32(byte)
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    private static func decodeEntities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let limit = rest.index(afterAmpersand, offsetBy: 10, limitedBy: rest.endIndex) ?? rest.endIndex
            if let semicolon = rest[afterAmpersand..<limit].firstIndex(of: ";"),
                let scalar = entity(rest[afterAmpersand..<semicolon])
            {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        switch name.lowercased() {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default: break
        }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, value != 0 else { return nil }
        return Unicode.Scalar(value)
    }
}
