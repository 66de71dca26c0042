#if canImport(Glibc)
    import Glibc
#endif

/// Why a line is not one valid JSON object.
struct ProtocolScanFailure: Error {
    /// The 1-based byte column of the problem.
    var column: Int
    var reason: String
    /// Whether the problem is bytes that aren't UTF-8.
    var isEncoding = false
}

/// Reads one line of JSON (RFC 8259, strict: no duplicate keys, strings valid UTF-8, nesting at
/// most 64 deep) into its top-level members, without building a general tree: fast enough that
/// reading an adapter's output costs little beside writing it to the ledger.
struct ProtocolLineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let end: Int
    private var depth = 0
    /// Reused for strings with escapes.
    private var scratch: [UInt8] = []
    /// The top-level members found.
    private(set) var fields: [ProtocolField] = []
    /// Texts that had to be decoded (escapes, non-ASCII) and unknown member names.
    private(set) var decoded: [String] = []
    /// The `line` and `column` of a top-level `source` object, found while scanning it.
    private(set) var sourceLine: ProtocolValue?
    private(set) var sourceColumn: ProtocolValue?
    /// Whether the value about to be scanned is the top-level `source`.
    private var nextIsSource = false

    /// Which members of an object are kept.
    private enum Recording {
        /// The line's own members, in ``fields``.
        case top
        /// `source`'s `line` and `column`.
        case source
        /// None: a nested object is only checked.
        case none
    }

    /// Prepares to read `bytes`, or only `bytes[range]` (a nested object read again).
    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
        self.bytes = bytes
        self.index = range?.lowerBound ?? 0
        self.end = range?.upperBound ?? bytes.count
    }

    /// Prepares to read a line, reusing the member storage of a previous scanner (taken with
    /// ``takeFields()``) so that no line allocates it anew.
    init(_ bytes: UnsafeBufferPointer<UInt8>, reusing storage: [ProtocolField]) {
        self.init(bytes)
        fields = storage
        fields.removeAll(keepingCapacity: true)
    }

    /// The member storage, for the next line's scanner.
    mutating func takeFields() -> [ProtocolField] {
        let storage = fields
        fields = []
        return storage
    }

    /// The members of the object the line holds.
    ///
    /// - Throws: ``ProtocolScanFailure`` for anything but exactly one JSON value.
    /// - Returns: the members, or `NotAnObject` with the value's summary when the value isn't an object.
    mutating func scanObject() throws(ProtocolScanFailure) -> Result<[ProtocolField], NotAnObject> {
        skipWhitespace()
        guard index < end else { throw failure("the line is empty; expected one JSON object") }
        var value = ProtocolValue.null
        let isObject = bytes[index] == UInt8(ascii: "{")
        if isObject {
            try scanMembers(.top)
        } else {
            value = try scanValue()
        }
        skipWhitespace()
        if index < end {
            throw failure("unexpected \(describeByte()) after the JSON value; expected the end of the line")
        }
        guard isObject else {
            return .failure(NotAnObject(summary: value.summary(in: bytes, decoded: decoded)))
        }
        return .success(fields)
    }

    /// A line holding valid JSON that isn't an object.
    struct NotAnObject: Error {
        var summary: String
    }

    // MARK: - Grammar

    private mutating func scanValue() throws(ProtocolScanFailure) -> ProtocolValue {
        let isSource = nextIsSource
        nextIsSource = false
        skipWhitespace()
        guard index < end else { throw failure("the line ends early; expected a JSON value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            let start = index
            try scanMembers(isSource ? .source : .none)
            return .object(ProtocolText(start: start, count: index - start, decoded: -1))
        case UInt8(ascii: "["):
            try scanArray()
            return .array
        case UInt8(ascii: "\""): return .string(try scanString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try scanNumber())
        default: throw failure("unexpected \(describeByte()); expected a JSON value")
        }
    }

    /// An object's members; the top level's are recorded in ``fields``, a nested one's only checked.
    private mutating func scanMembers(_ recording: Recording) throws(ProtocolScanFailure) {
        try enter()
        index += 1
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeByte()); expected a member name in double quotes")
            }
            let column = index + 1
            let (key, otherName) = try scanKey(recording: recording != .none)
            if recording == .source, (key == .line && sourceLine != nil) || (key == .column && sourceColumn != nil) {
                throw ProtocolScanFailure(
                    column: column, reason: "the member \"\(key.rawValue)\" appears twice; expected it once")
            }
            if recording == .top {
                let isDuplicate =
                    key == .other
                    ? fields.contains { $0.key == .other && decoded[$0.otherName] == decoded[otherName] }
                    : fields.contains { $0.key == key }
                if isDuplicate {
                    let name = key == .other ? decoded[otherName] : key.rawValue
                    throw ProtocolScanFailure(
                        column: column, reason: "the member \(quotedForMessage(name)) appears twice; expected it once")
                }
            }
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeByte()); expected ':' after a member name")
            }
            index += 1
            nextIsSource = recording == .top && key == .source
            let value = try scanValue()
            switch recording {
            case .top: fields.append(ProtocolField(key: key, otherName: otherName, value: value, column: column))
            case .source where key == .line: sourceLine = value
            case .source where key == .column: sourceColumn = value
            default: break
            }
            skipWhitespace()
            guard index < end else { throw failure("the line ends inside an object; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw failure("unexpected \(describeByte()) in an object; expected ',' or '}'")
            }
            index += 1
            depth -= 1
            return
        }
    }

    private mutating func scanArray() throws(ProtocolScanFailure) {
        try enter()
        index += 1
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            _ = try scanValue()
            skipWhitespace()
            guard index < end else { throw failure("the line ends inside an array; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else {
                throw failure("unexpected \(describeByte()) in an array; expected ',' or ']'")
            }
            index += 1
            depth -= 1
            return
        }
    }

    /// A member name: a known key matched on its bytes, or another name as text.
    private mutating func scanKey(recording: Bool) throws(ProtocolScanFailure) -> (ProtocolKey, Int) {
        let text = try scanString()
        guard recording else { return (.other, -1) }
        if text.decoded >= 0 {
            let key = ProtocolKey(rawValue: decoded[text.decoded]) ?? .other
            return (key, key == .other ? text.decoded : -1)
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[text.start..<(text.start + text.count)])
        let key = ProtocolKey.matching(slice)
        guard key == .other else { return (key, -1) }
        decoded.append(String(decoding: slice, as: UTF8.self))
        return (key, decoded.count - 1)
    }

    /// A string from its opening quote: plain ASCII without escapes (most text) is left where it
    /// lies; anything else is decoded and checked as UTF-8.
    private mutating func scanString() throws(ProtocolScanFailure) -> ProtocolText {
        let opening = index
        index += 1
        let start = index
        var isASCII = true
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let count = index - start
                index += 1
                if isASCII { return ProtocolText(start: start, count: count, decoded: -1) }
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<(start + count)])
                decoded.append(try validUTF8(slice, at: start))
                return ProtocolText(start: start, count: count, decoded: decoded.count - 1)
            }
            if byte == UInt8(ascii: "\\") {
                decoded.append(try scanEscapedString(from: start))
                return ProtocolText(start: start, count: index - 1 - start, decoded: decoded.count - 1)
            }
            if byte < 0x20 {
                throw failure("a control character (byte \(hex(byte))) inside a string; expected it escaped")
            }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw ProtocolScanFailure(column: opening + 1, reason: "a string is not closed; expected '\"' before the end")
    }

    private mutating func scanEscapedString(from start: Int) throws(ProtocolScanFailure) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<index])
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    throw ProtocolScanFailure(
                        column: start, reason: "a string holds bytes that are not UTF-8; expected UTF-8 text",
                        isEncoding: true)
                }
                return text
            }
            if byte < 0x20 {
                throw failure("a control character (byte \(hex(byte))) inside a string; expected it escaped")
            }
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < end else { throw failure("the line ends inside an escape; expected a character") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var value = try hexQuad()
                if (0xD800...0xDBFF).contains(value) {
                    guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("a lone high surrogate; expected a \\u low surrogate after it") }
                    index += 2
                    let low = try hexQuad()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw failure("a high surrogate followed by \\u\(hex16(low)); expected a low surrogate")
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(value) {
                    throw failure("a lone low surrogate \\u\(hex16(value)); expected a character")
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw failure("\\u\(hex16(value)) is not a character")
                }
                scratch.append(contentsOf: String(Character(scalar)).utf8)
            default:
                index -= 1
                throw failure(
                    "unknown escape \\\(describeByte()); expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
            }
        }
        throw ProtocolScanFailure(column: start, reason: "a string is not closed; expected '\"' before the end")
    }

    private mutating func scanNumber() throws(ProtocolScanFailure) -> ProtocolText {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end, isDigit(bytes[index]) else {
            throw failure("unexpected \(describeByte()) in a number; expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, isDigit(bytes[index]) else {
                throw failure("unexpected \(describeByte()) after '.'; expected a digit")
            }
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < end, isDigit(bytes[index]) else {
                throw failure("unexpected \(describeByte()) in an exponent; expected a digit")
            }
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        return ProtocolText(start: start, count: index - start, decoded: -1)
    }

    // MARK: - Helpers

    private mutating func enter() throws(ProtocolScanFailure) {
        depth += 1
        if depth > 64 { throw failure("objects and arrays nest more than 64 deep; expected at most 64") }
    }

    private mutating func expectWord(_ word: String) throws(ProtocolScanFailure) {
        var position = index
        for expected in word.utf8 {
            guard position < end, bytes[position] == expected else {
                throw failure("unexpected \(describeByte()); expected a JSON value")
            }
            position += 1
        }
        index = position
    }

    private mutating func hexQuad() throws(ProtocolScanFailure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < end else { throw failure("the line ends inside \\u; expected four hex digits") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("unexpected \(describeByte()) in \\u; expected four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func validUTF8(_ slice: UnsafeBufferPointer<UInt8>, at start: Int) throws(ProtocolScanFailure) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw ProtocolScanFailure(
                column: start, reason: "a string holds bytes that are not UTF-8; expected UTF-8 text", isEncoding: true)
        }
        return text
    }

    private mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func describeByte() -> String {
        guard index < end else { return "end of the line" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte \(hex(byte))"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }

    private func hex16(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func failure(_ reason: String) -> ProtocolScanFailure {
        ProtocolScanFailure(column: index + 1, reason: reason)
    }
}

/// Text from an adapter quoted for a message: shortened, with control characters made harmless.
func quotedForMessage(_ text: String) -> String {
    let shown = text.count > 48 ? String(text.prefix(48)) + "…" : text
    return "\"" + ProtocolError.displayable(shown) + "\""
}
