import LedgerCore

/// A recursive-descent JSON reader that tracks lines and columns.
struct JSONParser {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    var location: SourceLocation { SourceLocation(file: file, line: line, column: index - lineStart + 1) }

    func error(_ message: String) -> CSVError {
        CSVError(.invalidMapping(message), at: location)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            case 0x20, 0x09, 0x0D:
                index += 1
            default:
                return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(CSVError) -> JSONValue {
        skipWhitespace()
        guard depth < 64 else { throw error("values nested more than 64 deep") }
        guard index < bytes.count else { throw error("the JSON ends early; expected a value") }
        let start = location
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(kind: try parseObject(depth: depth), location: start)
        case UInt8(ascii: "["): return JSONValue(kind: try parseArray(depth: depth), location: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), location: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(kind: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(kind: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(kind: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber()), location: start)
        default:
            throw error("unexpected character; expected a JSON value")
        }
    }

    private mutating func expectWord(_ word: String) throws(CSVError) {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unexpected word; expected \(word)")
        }
        index += utf8.count
    }

    private mutating func parseObject(depth: Int) throws(CSVError) -> JSONValue.Kind {
        index += 1
        var members: [(key: String, keyLocation: SourceLocation, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes")
            }
            let keyLocation = location
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw CSVError(.invalidMapping("the key \"\(key)\" appears twice"), at: keyLocation)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\"")
            }
            index += 1
            let value = try parseValue(depth: depth + 1)
            members.append((key, keyLocation, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("the object is not closed; expected '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}' after a member")
        }
    }

    private mutating func parseArray(depth: Int) throws(CSVError) -> JSONValue.Kind {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("the array is not closed; expected ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("expected ',' or ']' after an element")
        }
    }

    private mutating func parseString() throws(CSVError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""):
                    scalars.append(Unicode.Scalar(escape))
                case UInt8(ascii: "u"):
                    scalars.append(try parseUnicodeEscape())
                default:
                    throw error("unknown escape in a string")
                }
            case 0x0A, 0x0D:
                throw error("a line break inside a string; expected the closing '\"'")
            default:
                raw.append(byte)
                index += 1
            }
        }
        throw error("the string is not closed; expected '\"'")
    }

    private mutating func parseUnicodeEscape() throws(CSVError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800..<0xDC00).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a lone surrogate in a \\u escape") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            if let scalar = Unicode.Scalar(value) { return scalar }
        } else if let scalar = Unicode.Scalar(high) {
            return scalar
        }
        throw error("an invalid \\u escape")
    }

    private mutating func parseHex4() throws(CSVError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(CSVError) -> String {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
