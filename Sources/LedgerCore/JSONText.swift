/// Writing JSON by hand, where key order and exact decimal strings matter.
public enum JSONText {
    /// A string as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var result = ""
        appendQuoted(text, to: &result)
        return result
    }

    /// Appends a string as a JSON string literal (see ``quoted(_:)``) without building it apart.
    ///
    /// Printable ASCII with no quote or backslash, most of any bank's text, is appended as it is.
    public static func appendQuoted(_ text: String, to result: inout String) {
        result += "\""
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            result += text
            result += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                // C0 controls must be escaped; DEL, the C1 controls, the bidirectional controls and
                // the line separators may be, and are, so that JSON shown on a terminal acts on
                // nothing and no text-reversing character hides in a value.
                if scalar.value < 0x20 || isEscapedForDisplay(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
    }

    /// DEL, C1, bidirectional controls and line/paragraph separators: valid raw in JSON, escaped
    /// anyway as `\uXXXX`.
    private static func isEscapedForDisplay(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
