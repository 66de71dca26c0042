/// Text from files made safe to show on a terminal or in a table: control characters visible.
///
/// A description, an account name or an error quoting a field is untrusted text: an escape
/// sequence in it (`ESC ] 0 ; … BEL` sets a terminal's title, `ESC [ 31 m` colours, a
/// right-to-left override reverses what follows) would act on the terminal instead of being
/// read. Each such character is shown as its code in Swift's escape notation, `\u{1B}`:
///
/// - the C0 controls U+0000–U+001F (except line feed, and tab, where a line may hold them), DEL
///   U+007F and the C1 controls U+0080–U+009F;
/// - the bidirectional controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069, and
///   the line and paragraph separators U+2028 and U+2029.
///
/// Everything else, letters of every script included, stays as it is. JSON output needs none of
/// this: ``JSONText`` escapes the same characters as `\u001b` (see docs/cli.md).
enum TerminalText {
    /// A line (or several) of output: every control made visible but line feeds and tabs, which
    /// the program itself writes between lines and fields.
    static func visible(_ text: String) -> String {
        visible(text, keepsLineBreaks: true)
    }

    /// One table cell: line feeds and tabs made visible too, so that a cell stays on its row.
    static func visibleCell(_ text: String) -> String {
        visible(text, keepsLineBreaks: false)
    }

    /// Whether a scalar is shown as its code (see the type's summary).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            return true
        default:
            return false
        }
    }

    // MARK: - Private

    private static func visible(_ text: String, keepsLineBreaks: Bool) -> String {
        let isKept = { (value: UInt32) in keepsLineBreaks && (value == 0x0A || value == 0x09) }
        // Most text has none of these: a quick look at the bytes for a control or for the leading
        // byte of one (0xC2: U+0080–U+009F; 0xD8: U+061C; 0xE2: U+2000–U+2FFF).
        var bytes = text
        let needsWork = bytes.withUTF8 { buffer in
            buffer.contains { byte in
                byte < 0x20 ? !isKept(UInt32(byte)) : byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
            }
        }
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isHidden(scalar), !isKept(scalar.value) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
