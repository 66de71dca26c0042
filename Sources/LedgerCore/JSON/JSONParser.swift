/// Reads one JSON document (RFC 8259) from UTF-8 bytes into a ``JSONValue`` tree: a feed's
/// batches and manifest, a CSV mapping file.
///
/// Strict: no comments, no trailing commas, no duplicate keys, strings must be valid UTF-8,
/// nesting is limited to ``maximumDepth``. Numbers are checked against JSON's grammar and kept as
/// text. Every value records its line and column so that errors can point at it.
public struct JSONParser {
    /// Why a document could not be read, with the byte position of the problem.
    public struct Failure: Error, Sendable {
        public var line: Int
        public var column: Int
        public var reason: String
    }

    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index: Int
    private let end: Int
    private var line: Int
    private var lineStart: Int
    private var depth = 0

    /// Prepares to read `bytes[range]`, whose first byte is at `line`, column 1.
    init(bytes: [UInt8], range: Range<Int>? = nil, firstLine: Int = 1) {
        self.bytes = bytes
        let range = range ?? 0..<bytes.count
        self.index = range.lowerBound
        self.end = range.upperBound
        self.line = firstLine
        self.lineStart = range.lowerBound
    }

    /// Parses the whole range as exactly one value surrounded by optional white space.
    ///
    /// - Throws: ``Failure`` at the first byte that breaks the grammar.
    public static func parse(_ bytes: [UInt8], range: Range<Int>? = nil, firstLine: Int = 1) throws(Failure)
        -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, range: range, firstLine: firstLine)
        parser.skipWhitespace()
        if parser.index >= parser.end { throw parser.failure("the input is empty; expected a JSON value") }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.end {
            throw parser.failure("unexpected \(parser.describeByte()) after the JSON value; expected the end")
        }
        return value
    }

    // MARK: - Grammar

    private mutating func parseValue() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard index < end else { throw failure("the input ends early; expected a JSON value") }
        let line = self.line
        let column = index - lineStart + 1
        let kind: JSONValue.Kind
        switch bytes[index] {
        case UInt8(ascii: "{"): kind = try parseObject()
        case UInt8(ascii: "["): kind = try parseArray()
        case UInt8(ascii: "\""): kind = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectWord("true")
            kind = .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            kind = .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            kind = .null
        default:
            throw failure("unexpected \(describeByte()); expected a JSON value")
        }
        return JSONValue(kind: kind, line: line, column: column)
    }

    private mutating func parseObject() throws(Failure) -> JSONValue.Kind {
        try enter()
        index += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeByte()); expected a key in double quotes")
            }
            let keyLine = line
            let keyColumn = index - lineStart + 1
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw Failure(
                    line: keyLine, column: keyColumn, reason: "the key \"\(key)\" appears twice in one object")
            }
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeByte()); expected ':' after the key \"\(key)\"")
            }
            index += 1
            members.append(JSONMember(key: key, value: try parseValue(), keyLine: keyLine, keyColumn: keyColumn))
            skipWhitespace()
            guard index < end else { throw failure("the input ends inside an object; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            }
            throw failure("unexpected \(describeByte()) in an object; expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue.Kind {
        try enter()
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < end else { throw failure("the input ends inside an array; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            }
            throw failure("unexpected \(describeByte()) in an array; expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try validUTF8(bytes[start..<index], at: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw failure("a control character (0x\(hex(byte))) inside a string; expected it escaped")
            }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try validUTF8(buffer[...], at: start)
                index += 1
                return text
            }
            if byte < 0x20 {
                throw failure("a control character (0x\(hex(byte))) inside a string; expected it escaped")
            }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < end else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("a lone UTF-16 high surrogate; expected a \\u low surrogate after it") }
                    index += 2
                    let low = try hexQuad()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw failure("a UTF-16 high surrogate followed by \\u\(hex16(low)); expected a low surrogate")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw failure("a lone UTF-16 low surrogate; expected a high surrogate before it")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("\\u escape is not a character") }
                buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                index -= 1
                throw failure(
                    "unknown escape \\\(describeByte()); expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
            }
        }
        throw failure("the input ends inside a string; expected a closing '\"'")
    }

    private mutating func parseNumber() throws(Failure) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end, isDigit(bytes[index]) else { throw failure("expected a digit in the number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, isDigit(bytes[index]) { throw failure("a number with a leading zero; JSON forbids it") }
        } else {
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, isDigit(bytes[index]) else { throw failure("expected a digit after the decimal point") }
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end, isDigit(bytes[index]) else { throw failure("expected a digit in the exponent") }
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: - Helpers

    private mutating func enter() throws(Failure) {
        depth += 1
        let most = JSONParser.maximumDepth
        if depth > most { throw failure("nesting deeper than \(most) levels; expected at most \(most)") }
    }

    private mutating func expectWord(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= end, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw failure("unexpected \(describeByte()); expected a JSON value")
        }
        index += expected.count
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= end else { throw failure("the input ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("unexpected \(describeByte()) in a \\u escape; expected four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func validUTF8(_ slice: ArraySlice<UInt8>, at start: Int) throws(Failure) -> String {
        var isASCII = true
        for byte in slice where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw Failure(line: line, column: start - lineStart + 1, reason: "a string that is not valid UTF-8")
        }
        return text
    }

    private mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func describeByte() -> String {
        guard index < end else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return "byte 0x\(hex(byte))"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private func hex16(_ value: UInt32) -> String {
        hex(UInt8(truncatingIfNeeded: value >> 8)) + hex(UInt8(truncatingIfNeeded: value))
    }

    private func failure(_ reason: String) -> Failure {
        Failure(line: line, column: index - lineStart + 1, reason: reason)
    }
}
