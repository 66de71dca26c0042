/// Text from a bank file made safe for each tool's syntax, changing as little as it can.
///
/// Every tool: a control character (a line feed, a tab) becomes a space, since each entry's
/// texts sit on one line.
enum JournalText {
    /// A control character as a space; runs of spaces as one when `collapsing`.
    static func oneLine(_ text: String, collapsing: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { Self.isControl($0) || (collapsing && $0 == " ") }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let space = isControl(scalar) || scalar == " "
            if space {
                if collapsing && lastWasSpace { continue }
                result.append(" ")
            } else {
                result.append(scalar)
            }
            lastWasSpace = space
        }
        return String(result)
    }

    /// hledger's description: `;` starts a comment and can't be escaped, so it becomes `,`; `|`
    /// splits the payee from the note, so one in `part` (the payee side) becomes `/`; spaces are
    /// collapsed. An entry whose text starts with `(` gets an empty code `()` first (see
    /// ``codeGuard(_:)``).
    static func hledger(_ text: String, isPayee: Bool) -> String {
        var result = oneLine(text, collapsing: true)
        if result.contains(";") { result = result.replacingOccurrences(of: ";", with: ",") }
        if isPayee && result.contains("|") { result = result.replacingOccurrences(of: "|", with: "/") }
        return trimmed(result)
    }

    /// Ledger's payee: a `;` starts a note only after a tab or two spaces, so spaces are
    /// collapsed and `;` is kept.
    static func ledger(_ text: String) -> String {
        trimmed(oneLine(text, collapsing: true))
    }

    /// A comment or metadata value for hledger and ledger (to the end of the line).
    static func comment(_ text: String) -> String {
        trimmed(oneLine(text, collapsing: true))
    }

    /// `() ` before a description that starts with `(`, which hledger and ledger would otherwise
    /// read as the transaction's code; an empty code is read and dropped by both.
    static func codeGuard(_ description: String) -> String {
        description.hasPrefix("(") ? "() " : ""
    }

    /// A beancount string, in double quotes, with `"` and `\` escaped.
    static func beancountString(_ text: String, into output: inout String) {
        output += "\""
        let line = oneLine(text)
        if line.contains(where: { $0 == "\"" || $0 == "\\" }) {
            for character in line {
                if character == "\"" || character == "\\" { output += "\\" }
                output.append(character)
            }
        } else {
            output += line
        }
        output += "\""
    }

    private static func trimmed(_ text: String) -> String {
        guard text.first == " " || text.last == " " else { return text }
        return String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
