/// One JSON value of a protocol line, as the decoder needs it: strings decoded, numbers kept as
/// their text, objects as their members in order.
enum ProtocolValue {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case object([ProtocolField])
    case array

    /// `the number 12.5`, `an object`: what was found, for messages.
    var summary: String {
        switch self {
        case .string(let text): return "the string \(quotedForMessage(text))"
        case .number(let text): return "the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text)"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        }
    }
}

/// A member of a JSON object: its key, its value, and the column where the key starts.
struct ProtocolField {
    var key: String
    var value: ProtocolValue
    var column: Int
}

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
    private var index = 0
    private var depth = 0
    /// Reused for strings with escapes.
    private var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The members of the object the line holds.
    ///
    /// - Throws: ``ProtocolScanFailure`` for anything but exactly one JSON value, or
    ///   `notAnObject` with the value's summary when the value isn't an object.
    mutating func scanObject() throws(ProtocolScanFailure) -> Result<[ProtocolField], NotAnObject> {
        skipWhitespace()
        guard index < bytes.count else { throw failure("the line is empty; expected one JSON object") }
        let value = try scanValue()
        skipWhitespace()
        if index < bytes.count {
            throw failure("unexpected \(describeByte()) after the JSON value; expected the end of the line")
        }
        guard case .object(let fields) = value else { return .failure(NotAnObject(summary: value.summary)) }
        return .success(fields)
    }

    /// A line holding valid JSON that isn't an object.
    struct NotAnObject: Error {
        var summary: String
    }

    // MARK: - Grammar

    private mutating func scanValue() throws(ProtocolScanFailure) -> ProtocolValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("the line ends early; expected a JSON value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try scanMembers())
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

    private mutating func scanMembers() throws(ProtocolScanFailure) -> [ProtocolField] {
        try enter()
        index += 1
        var fields: [ProtocolField] = []
        fields.reserveCapacity(16)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return fields
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeByte()); expected a member name in double quotes")
            }
            let column = index + 1
            let key = try scanString()
            if fields.contains(where: { $0.key == key }) {
                throw ProtocolScanFailure(
                    column: column, reason: "the member \(quotedForMessage(key)) appears twice; expected it once")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeByte()); expected ':' after a member name")
            }
            index += 1
            let value = try scanValue()
            fields.append(ProtocolField(key: key, value: value, column: column))
            skipWhitespace()
            guard index < bytes.count else { throw failure("the line ends inside an object; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw failure("unexpected \(describeByte()) in an object; expected ',' or '}'")
            }
            index += 1
            depth -= 1
            return fields
        }
    }

    private mutating func scanArray() throws(ProtocolScanFailure) {
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            _ = try scanValue()
            skipWhitespace()
            guard index < bytes.count else { throw failure("the line ends inside an array; expected ',' or ']'") }
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

    /// A string from its opening quote; plain ASCII without escapes (most text) is copied at once.
    private mutating func scanString() throws(ProtocolScanFailure) -> String {
        let opening = index
        index += 1
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if isASCII { return String(decoding: slice, as: UTF8.self) }
                return try validUTF8(slice, at: start)
            }
            if byte == UInt8(ascii: "\\") { return try scanEscapedString(from: start) }
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
        while index < bytes.count {
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
            guard index < bytes.count else { throw failure("the line ends inside an escape; expected a character") }
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
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
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

    private mutating func scanNumber() throws(ProtocolScanFailure) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw failure("unexpected \(describeByte()) in a number; expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure("unexpected \(describeByte()) after '.'; expected a digit")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure("unexpected \(describeByte()) in an exponent; expected a digit")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    // MARK: - Helpers

    private mutating func enter() throws(ProtocolScanFailure) {
        depth += 1
        if depth > 64 { throw failure("objects and arrays nest more than 64 deep; expected at most 64") }
    }

    private mutating func expectWord(_ word: String) throws(ProtocolScanFailure) {
        var position = index
        for expected in word.utf8 {
            guard position < bytes.count, bytes[position] == expected else {
                throw failure("unexpected \(describeByte()); expected a JSON value")
            }
            position += 1
        }
        index = position
    }

    private mutating func hexQuad() throws(ProtocolScanFailure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure("the line ends inside \\u; expected four hex digits") }
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
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func describeByte() -> String {
        guard index < bytes.count else { return "the end of the line" }
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
