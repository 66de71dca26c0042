/// Text from a bank file made safe for each tool's syntax, changing as little as it can, written
/// straight into the export's bytes in one pass.
///
/// Every tool: a control character (C0, DEL, C1, U+2028, U+2029: a line feed, a tab) becomes a
/// space, since each entry's texts sit on one line.
enum JournalText {
    /// What to do to a text on its way out.
    struct Rule {
        /// Runs of spaces become one, and leading and trailing spaces go.
        var collapsing = false
        /// `() ` before a text that starts with `(`, which hledger and Ledger would otherwise read
        /// as the transaction's code (an empty code is read and dropped by both).
        var guardsCode = false
        /// `;` becomes `,` (hledger: it would start a comment, and can't be escaped).
        var replacesSemicolon = false
        /// `|` becomes `/` (hledger's payee: a `|` ends it).
        var replacesBar = false
        /// `"` and `\` get a `\` before them (beancount strings).
        var escapesQuotes = false
    }

    /// hledger's description or payee.
    static func hledger(isPayee: Bool) -> Rule {
        Rule(collapsing: true, guardsCode: true, replacesSemicolon: true, replacesBar: isPayee)
    }

    /// Ledger's payee line: a `;` starts a note only after a tab or two spaces, so spaces are
    /// collapsed and `;` is kept.
    static let ledger = Rule(collapsing: true, guardsCode: true)
    /// A comment or metadata value for hledger and Ledger (to the end of the line).
    static let comment = Rule(collapsing: true)
    /// The inside of a beancount string.
    static let beancount = Rule(escapesQuotes: true)

    /// Appends `text` under `rule`.
    static func append(_ text: String, _ rule: Rule, to output: inout ExportBuffer) {
        var text = text
        text.withUTF8 { bytes in append(bytes, rule, to: &output) }
    }

    /// Appends a beancount string: `"TEXT"`, escaped.
    static func appendBeancountString(_ text: UnsafeBufferPointer<UInt8>, to output: inout ExportBuffer) {
        output.append(ascii: 0x22)
        append(text, beancount, to: &output)
        output.append(ascii: 0x22)
    }

    /// Whether the text comes out empty under the comment rule (only spaces and controls).
    static func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.allSatisfy { $0 == 0x20 || $0 < 0x20 || $0 == 0x7F }
    }

    /// Appends UTF-8 `bytes` under `rule`.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, _ rule: Rule, to output: inout ExportBuffer) {
        if isUnchanged(bytes, rule) {
            output.append(bytes)
            return
        }
        var pendingSpaces = 0
        var wroteAny = false
        var index = 0
        let count = bytes.count
        while index < count {
            var byte = bytes[index]
            var width = 1
            var isSpace = byte == 0x20 || byte < 0x20 || byte == 0x7F
            if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) {
                isSpace = true
                width = 2
            } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                isSpace = true
                width = 3
            }
            index += width
            if isSpace {
                if rule.collapsing {
                    if wroteAny { pendingSpaces = 1 }
                } else {
                    output.append(ascii: 0x20)
                }
                continue
            }
            if pendingSpaces > 0 {
                output.append(ascii: 0x20)
                pendingSpaces = 0
            }
            if !wroteAny {
                wroteAny = true
                if rule.guardsCode && byte == 0x28 { output += "() " }
            }
            if rule.replacesSemicolon && byte == 0x3B { byte = 0x2C }
            if rule.replacesBar && byte == 0x7C { byte = 0x2F }
            if rule.escapesQuotes && (byte == 0x22 || byte == 0x5C) { output.append(ascii: 0x5C) }
            output.append(ascii: byte)
        }
    }

    /// Whether `rule` leaves the text as it is (most bank texts): then it is copied whole.
    private static func isUnchanged(_ bytes: UnsafeBufferPointer<UInt8>, _ rule: Rule) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if rule.collapsing && (first == 0x20 || last == 0x20) { return false }
        if rule.guardsCode && first == 0x28 { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0..<0x20, 0x7F, 0xC2, 0xE2: return false
            case 0x20 where rule.collapsing && previous == 0x20: return false
            case 0x3B where rule.replacesSemicolon: return false
            case 0x7C where rule.replacesBar: return false
            case 0x22, 0x5C: if rule.escapesQuotes { return false }
            default: break
            }
            previous = byte
        }
        return true
    }
}
