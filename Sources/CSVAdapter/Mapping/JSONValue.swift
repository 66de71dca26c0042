import LedgerCore

/// A JSON value read from a mapping file, with the line and column where it starts.
///
/// Mappings are parsed by this small reader rather than `JSONDecoder` so that every complaint
/// about a mapping (an unknown key, a wrong type, a typo in a column name) can point at its line.
/// Numbers are kept as their source text; no floating-point value is ever made.
struct JSONValue: Sendable {
    /// The shape of a value.
    enum Kind: Sendable {
        case object([(key: String, keyLocation: SourceLocation, value: JSONValue)])
        case array([JSONValue])
        case string(String)
        /// A number, as written (`3`, `-1.5`).
        case number(String)
        case bool(Bool)
        case null
    }

    var kind: Kind
    var location: SourceLocation

    /// A short name of the value's type, for messages (`a string`, `an object`).
    var typeName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    /// Parses a whole document.
    ///
    /// - Throws: ``CSVError`` with reason `.invalidMapping` at the offending byte.
    static func parse(_ bytes: [UInt8], file: String) throws(CSVError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}
