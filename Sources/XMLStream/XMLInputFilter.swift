import LedgerCore

/// Prepares an XML document for ``XMLStreamReader``: decodes it by evidence into UTF-8 and makes a
/// bare `&` (`<Nm>A&W</Nm>`) a literal `&`, without changing any character's line or column and
/// without a recovery mode in libxml2. OFX 2 and camt read through it.
///
/// **Encoding by evidence.** When the XML declaration names UTF-8, US-ASCII, UTF-16 or UTF-32,
/// Windows-1252 or ISO-8859-1, or nothing, the bytes decide: valid UTF-8 is UTF-8, any other byte
/// is Windows-1252 (a superset of ISO-8859-1's printable characters). The document goes to libxml2
/// as UTF-8 with the declaration's `encoding="..."` blanked out by as many spaces, so libxml2 never
/// sees a label that is wrong. Where the label contradicts the bytes (`encoding="utf-16"` over 8-bit
/// bytes, `UTF-8` over Latin-1, `windows-1252` over UTF-8), a ``notice`` says so at the first place.
/// Any other label (`ISO-8859-15`, `Shift_JIS`), and a UTF-16 or UTF-32 byte-order mark, is left to
/// libxml2 with the bytes as they are. A UTF-8 byte-order mark is handed on (libxml2 skips it).
///
/// **A bare `&`**, one that starts no entity or character reference (`&amp;`, `&#233;`), is
/// handed on as U+FDD0, a noncharacter that is valid XML text and one character wide, so every
/// column after it stays right; ``restoringAmpersands(_:)`` turns it back into `&` in a value.
/// A U+FDD0 in the file itself is refused. A reference to an undeclared entity (`&foo;`) is still
/// libxml2's error. Comments, processing instructions and CDATA sections are passed on untouched.
///
///     var filter = XMLInputFilter(head: head, fileName: name, lineOffset: 0)
///     try reader.feed(try filter.filter(chunk, isFinal: false))
public struct XMLInputFilter {
    /// What the declaration says the bytes are.
    enum Label: Equatable {
        /// Decoded here by evidence; `name` is the declared label (`nil`: none declared).
        case evidence(name: String?, family: Family)
        /// A label this reader leaves to libxml2.
        case other(String)
    }

    /// The kinds of declared label decoded by evidence.
    enum Family: Equatable {
        case utf8, wide, eightBit
    }

    /// U+FDD0 in UTF-8: what a bare `&` becomes on its way through libxml2.
    public static let placeholder: [UInt8] = [0xEF, 0xB7, 0x90]

    private let fileName: String
    private let label: Label
    private var pending: [UInt8] = []
    private var isFirstChunk = true
    private var line: Int
    private var column = 1
    private var context = Context.content
    /// The two bytes before the current one, for the end markers `-->`, `?>` and `]]>`.
    private var previous: UInt8 = 0
    private var beforePrevious: UInt8 = 0
    /// The first contradiction between the label and the bytes, once found.
    public private(set) var notice: AdapterNotice?
    private var contradictions = 0

    /// Where the filter is: in content or a tag (which need the same care), or inside a comment,
    /// processing instruction or CDATA section until its end marker.
    private enum Context: Equatable {
        case content, comment, instruction, cdata
    }

    /// Creates the filter for a body whose first bytes are `head` (from `<?xml` on).
    ///
    /// - Parameters:
    ///   - head: the body's first bytes, holding its XML declaration if it has one: at least
    ///     ``declarationWindow`` of them when the body is that long.
    ///   - fileName: for locations.
    ///   - lineOffset: lines of the file before `head`.
    public init(head: ArraySlice<UInt8>, fileName: String, lineOffset: Int) {
        self.fileName = fileName
        self.line = 1 + lineOffset
        self.label = XMLInputFilter.label(in: head)
    }

    /// The bytes to hand libxml2 for the next chunk; some may be held back until the next call.
    ///
    /// - Parameters:
    ///   - chunk: the next bytes of the body.
    ///   - isFinal: whether no more bytes follow.
    /// - Throws: ``XMLStreamError`` `.malformed` for a U+FDD0 in the file.
    public mutating func filter(_ chunk: some Collection<UInt8>, isFinal: Bool) throws(XMLStreamError) -> [UInt8] {
        guard case .evidence(let name, let family) = label else { return Array(chunk) }
        pending.append(contentsOf: chunk)
        if isFirstChunk {
            isFirstChunk = false
            blankEncoding(family: family, name: name)
        }
        var output: [UInt8] = []
        output.reserveCapacity(pending.count + pending.count / 8)
        var index = 0
        /// `pending[copied..<index]` goes to the output unchanged, in one copy when something
        /// changes or the loop ends.
        var copied = 0
        let count = pending.count
        while index < count {
            // Most bytes need nothing: pass the run up to the next one that might, at once.
            let runEnd =
                context == .content
                ? skipPlainContent(from: index) : XMLInputFilter.plainRunEnd(pending, from: index)
            if runEnd > index {
                if context != .content { column += runEnd - index }
                beforePrevious = runEnd - index >= 2 ? pending[runEnd - 2] : previous
                previous = pending[runEnd - 1]
                index = runEnd
                continue
            }
            let byte = pending[index]
            // Lookahead a construct needs; held back when the chunk ends inside it.
            if !isFinal, byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte >= 0x80, count - index < 40 {
                break
            }
            if byte >= 0x80 {
                output.append(contentsOf: pending[copied..<index])
                index = try decodeHighByte(at: index, into: &output, family: family, name: name)
                copied = index
                column += 1
                beforePrevious = previous
                previous = byte
                continue
            }
            switch context {
            case .content:
                if byte == UInt8(ascii: "&"), !startsReference(at: index) {
                    output.append(contentsOf: pending[copied..<index])
                    output.append(contentsOf: XMLInputFilter.placeholder)
                    copied = index + 1
                }
                if byte == UInt8(ascii: "<") {
                    let next = index + 1 < count ? pending[index + 1] : 0
                    if next == UInt8(ascii: "!"), hasPrefix(XMLInputFilter.commentStart, at: index) {
                        context = .comment
                    } else if next == UInt8(ascii: "!"), hasPrefix(XMLInputFilter.cdataStart, at: index) {
                        context = .cdata
                    } else if next == UInt8(ascii: "?") {
                        context = .instruction
                    }
                }
            case .comment:
                if byte == UInt8(ascii: ">"), previous == 0x2D, beforePrevious == 0x2D { context = .content }
            case .instruction:
                if byte == UInt8(ascii: ">"), previous == UInt8(ascii: "?") { context = .content }
            case .cdata:
                if byte == UInt8(ascii: ">"), previous == UInt8(ascii: "]"), beforePrevious == UInt8(ascii: "]") {
                    context = .content
                }
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            beforePrevious = previous
            previous = byte
            index += 1
        }
        if copied == 0, index == count {
            // Nothing changed and nothing is held back: hand the bytes on without a copy.
            defer { pending = [] }
            return pending
        }
        output.append(contentsOf: pending[copied..<index])
        pending.removeSubrange(0..<index)
        return output
    }

    /// Turns each U+FDD0 (a bare `&` on its way through libxml2) in a value back into `&`.
    ///
    /// - Parameter value: UTF-8 text as a handler collected it.
    /// - Returns: the text with `&` where the document had a bare one.
    public static func restoringAmpersands(_ value: [UInt8]) -> [UInt8] {
        guard value.contains(placeholder[0]) else { return value }
        var restored: [UInt8] = []
        restored.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            if index + 2 < value.count, value[index] == 0xEF, value[index + 1] == 0xB7, value[index + 2] == 0x90 {
                restored.append(UInt8(ascii: "&"))
                index += 3
            } else {
                restored.append(value[index])
                index += 1
            }
        }
        return restored
    }

    /// Windows-1252's characters for 0x80...0x9F; the five bytes it leaves undefined map to the
    /// C1 control of the same number, as ISO-8859-1 would.
    public static let windows1252C1: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    // MARK: - Private helpers

    /// 3 when `bytes` start with a UTF-8 byte-order mark, else 0.
    private static func byteOrderMarkLength(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The end of the run from `start` of bytes that change no state and need no decoding:
    /// ASCII other than `&`, `<`, `>` and a line feed.
    private static func plainRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var end = start
            while end < buffer.count {
                let byte = buffer[end]
                if byte >= 0x80 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x0A { break }
                end += 1
            }
            return end
        }
    }

    /// The end of the run of content from `start` that changes nothing and needs no decoding:
    /// up to a `&`, a byte at or above 0x80, a `<` that may start a comment, CDATA section or
    /// processing instruction, or a `<` that ends the bytes. Counts the run's lines and columns.
    private mutating func skipPlainContent(from start: Int) -> Int {
        let (end, line, column) = pending.withUnsafeBufferPointer { buffer in
            var index = start
            var line = self.line
            var column = self.column
            let count = buffer.count
            if let base = buffer.baseAddress {
                // Eight bytes at a time while a byte follows them (a `<` that ends the bytes is
                // looked at one by one below), up to the first that needs a look: a `&`, a byte
                // at or above 0x80, or a `!` or `?` right after a `<`. Tags and line breaks pass.
                while index + 8 < count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let marks = XMLInputFilter.stopBytes(in: word)
                    let plain = marks == 0 ? 8 : marks.trailingZeroBitCount / 8
                    // A `!` or `?` not after a `<` is plain text: it and the bytes before it pass.
                    var passed = plain
                    var stops = false
                    if plain < 8 {
                        let byte = base[index + plain]
                        if byte == 0x21 || byte == 0x3F {
                            if index + plain > start, base[index + plain - 1] == 0x3C {
                                stops = true
                            } else {
                                passed = plain + 1
                            }
                        } else {
                            stops = true
                        }
                    }
                    // Lines and columns of the bytes passed (all ASCII).
                    let kept: UInt64 = passed == 8 ? ~0 : (1 << UInt64(passed * 8)) &- 1
                    let newlines = XMLInputFilter.exactZeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) & kept
                    if newlines == 0 {
                        column += passed
                    } else {
                        // One bit per line break, rarely more than one: no population count (a
                        // library call without POPCNT in the baseline target).
                        var remaining = newlines
                        while remaining != 0 {
                            line += 1
                            remaining &= remaining &- 1
                        }
                        let last = (63 - newlines.leadingZeroBitCount) / 8
                        column = passed - last
                    }
                    index += passed
                    if stops {
                        // A `<` before a `!` or `?`: stop at it (it was passed, and is no line break).
                        if base[index] == 0x21 || base[index] == 0x3F {
                            index -= 1
                            column -= 1
                        }
                        break
                    }
                }
                // A `<` that ended the last word is looked at again with the byte after it.
                if index > start, base[index - 1] == 0x3C {
                    index -= 1
                    column -= 1
                }
            }
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte >= 0x80 || byte == 0x26 {
                    break
                } else if byte == 0x3C {
                    guard index + 1 < count else { break }
                    let next = buffer[index + 1]
                    if next == 0x21 || next == 0x3F { break }
                    column += 1
                } else {
                    column += 1
                }
                index += 1
            }
            return (index, line, column)
        }
        self.line = line
        self.column = column
        return end
    }

    /// The high bit of each byte of `word` (first byte lowest) that is a `&`, a `!`, a `?` or at
    /// or above 0x80; exact up to the first such byte, which is all a caller uses.
    private static func stopBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        return (word & highs) | zeroBytes(word ^ (ones &* 0x26)) | zeroBytes(word ^ (ones &* 0x21))
            | zeroBytes(word ^ (ones &* 0x3F))
    }

    /// The high bit of each byte of `word` that is zero, exactly (no borrow between bytes).
    private static func exactZeroBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & lows) &+ lows) | word | lows)
    }

    /// Reads the label of the XML declaration at the start of `head`.
    private static func label(in head: ArraySlice<UInt8>) -> Label {
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0, 0, 0xFE, 0xFF]) {
            return .other("UTF-16 or UTF-32 byte-order mark")
        }
        let head = head.dropFirst(byteOrderMarkLength(head))
        guard let value = encodingValue(in: head)?.value else { return .evidence(name: nil, family: .utf8) }
        let name = String(decoding: head[value], as: UTF8.self)
        switch name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii":
            return .evidence(name: name, family: .utf8)
        case "utf-16", "utf16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be", "ucs-2", "ucs-4",
            "unicode":
            return .evidence(name: name, family: .wide)
        case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso_8859-1", "latin1", "latin-1", "l1":
            return .evidence(name: name, family: .eightBit)
        default:
            return .other(name)
        }
    }

    /// How far into the document an XML declaration's `?>` is looked for. A fixed window, so that
    /// the label read never depends on how much of the file the first chunk held (a declaration
    /// left open would otherwise end at a later document's `?>`, found or not by chunk size).
    public static let declarationWindow = 256

    /// The byte ranges of ` encoding="..."` (from the space before it through the closing quote)
    /// and of its value, in the declaration at the start of `bytes` (within ``declarationWindow``).
    private static func encodingValue(in bytes: ArraySlice<UInt8>) -> (whole: Range<Int>, value: Range<Int>)? {
        let bytes = bytes.prefix(declarationWindow)
        let start = bytes.startIndex
        let xml: [UInt8] = Array("<?xml".utf8)
        guard bytes.count > xml.count, Array(bytes[start..<(start + xml.count)]) == xml else { return nil }
        var end = start
        while end + 1 < bytes.endIndex, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) {
            end += 1
        }
        let key: [UInt8] = Array("encoding".utf8)
        var index = start + xml.count
        while index + key.count <= end {
            if Array(bytes[index..<(index + key.count)]) == key,
                bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09
                    || bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D
            {
                var cursor = index + key.count
                while cursor < end, bytes[cursor] == 0x20 { cursor += 1 }
                guard cursor < end, bytes[cursor] == UInt8(ascii: "=") else { return nil }
                cursor += 1
                while cursor < end, bytes[cursor] == 0x20 { cursor += 1 }
                guard cursor < end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else {
                    return nil
                }
                let quote = bytes[cursor]
                let valueStart = cursor + 1
                var valueEnd = valueStart
                while valueEnd < end, bytes[valueEnd] != quote { valueEnd += 1 }
                guard valueEnd < end else { return nil }
                return (index - 1..<(valueEnd + 1), valueStart..<valueEnd)
            }
            index += 1
        }
        return nil
    }

    /// Replaces a label that isn't UTF-8 with spaces, so that libxml2 reads the UTF-8 it is given;
    /// a UTF-16 or UTF-32 label over these 8-bit bytes is a contradiction, noted at once.
    private mutating func blankEncoding(family: Family, name: String?) {
        let start = XMLInputFilter.byteOrderMarkLength(pending[...])
        guard family != .utf8, let ranges = XMLInputFilter.encodingValue(in: pending[start...]) else { return }
        for index in ranges.whole { pending[index] = 0x20 }
        if family == .wide, let name {
            note(
                "the XML declaration says encoding=\"\(name)\" over 8-bit bytes: read by evidence as UTF-8, "
                    + "else Windows-1252", at: SourceLocation(file: fileName, line: line, column: 1))
        }
    }

    /// Hands on a byte at or above 0x80: a valid UTF-8 sequence as it is, any other byte as its
    /// Windows-1252 character in UTF-8.
    ///
    /// - Returns: the index after what was consumed.
    private mutating func decodeHighByte(at index: Int, into output: inout [UInt8], family: Family, name: String?)
        throws(XMLStreamError) -> Int
    {
        let length = XMLInputFilter.utf8SequenceLength(pending, at: index)
        if length > 0 {
            if pending[index] == 0xEF, index + 2 < pending.count, pending[index + 1] == 0xB7,
                pending[index + 2] == 0x90
            {
                throw XMLStreamError(
                    .malformed("U+FDD0 is a noncharacter; expected text"),
                    at: SourceLocation(file: fileName, line: line, column: column))
            }
            if family == .eightBit {
                note(
                    "the XML declaration says encoding=\"\(name ?? "")\" but the bytes are UTF-8: read as UTF-8",
                    at: SourceLocation(file: fileName, line: line, column: column))
            }
            output.append(contentsOf: pending[index..<(index + length)])
            return index + length
        }
        if family == .utf8 {
            let said = name.map { "encoding=\"\($0)\"" } ?? "no encoding (UTF-8)"
            note(
                "the XML declaration says \(said) but the bytes are not UTF-8: read as Windows-1252",
                at: SourceLocation(file: fileName, line: line, column: column))
        }
        let byte = pending[index]
        let scalar = byte <= 0x9F ? XMLInputFilter.windows1252C1[Int(byte - 0x80)] : UInt32(byte)
        if scalar < 0x800 {
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
        return index + 1
    }

    private mutating func note(_ reason: String, at location: SourceLocation) {
        guard notice == nil else { return }
        notice = AdapterNotice(count: 1, reason: reason, location: location)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0.
    private static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        guard bytes[index + 1] >= low, bytes[index + 1] <= high else { return 0 }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// Whether the `&` at `index` starts an entity or character reference: `&name;`, `&#123;`,
    /// `&#x1F;`.
    private func startsReference(at index: Int) -> Bool {
        var cursor = index + 1
        let limit = min(pending.count, index + 34)
        guard cursor < limit else { return false }
        if pending[cursor] == UInt8(ascii: "#") {
            cursor += 1
            var isHex = false
            if cursor < limit, pending[cursor] == UInt8(ascii: "x") {
                isHex = true
                cursor += 1
            }
            let digitsStart = cursor
            while cursor < limit, XMLInputFilter.isDigit(pending[cursor], hex: isHex) { cursor += 1 }
            return cursor > digitsStart && cursor < limit && pending[cursor] == UInt8(ascii: ";")
        }
        guard XMLInputFilter.isNameStart(pending[cursor]) else { return false }
        cursor += 1
        while cursor < limit, XMLInputFilter.isNameByte(pending[cursor]) { cursor += 1 }
        return cursor < limit && pending[cursor] == UInt8(ascii: ";")
    }

    private static let commentStart = Array("<!--".utf8)
    private static let cdataStart = Array("<![CDATA[".utf8)

    private func hasPrefix(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + bytes.count <= pending.count else { return false }
        for (offset, byte) in bytes.enumerated() where pending[index + offset] != byte { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (hex && ((byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)))
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }
}
