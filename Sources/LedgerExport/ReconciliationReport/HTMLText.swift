/// Text made safe to stand in an HTML page or an SVG drawing, in content or a quoted attribute.
///
/// Text from a bank file is untrusted: `&`, `<`, `>`, `"` and `'` become character references,
/// and control characters (which neither HTML nor XML 1.0 allows) become their visible pictures
/// (U+2400 + code, U+2421 for DEL), so nothing in a description can open a tag or end an
/// attribute, and the page stays well-formed XML as well as HTML.
enum HTMLText {
    /// The text escaped for element content and double- or single-quoted attribute values.
    static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\u{7F}": result += "\u{2421}"
            default:
                if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                    result.unicodeScalars.append(picture)
                } else if (0x80...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
