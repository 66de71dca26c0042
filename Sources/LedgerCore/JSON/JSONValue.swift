/// A JSON value read by ``JSONParser`` (a feed's batches, a CSV mapping), with the position where
/// it starts.
///
/// Numbers keep their text exactly as written, so that an amount never passes through a
/// floating-point value: the amount parser reads the digits itself.
public struct JSONValue: Sendable {
    /// What the value is.
    public enum Kind: Sendable {
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        /// The number's text as written (`12.50`, `-3`, `1e3`).
        case number(String)
        case bool(Bool)
        case null
    }

    /// The value.
    public var kind: Kind
    /// The 1-based line where the value starts.
    public var line: Int
    /// The 1-based column (in bytes) where the value starts.
    public var column: Int

    /// What the value is, for messages: `an object`, `a string "abc"`, `the number 12`.
    public var summary: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "the string \"\(shown)\""
        case .number(let text): return "the number \(text)"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    /// What kind of value it is, for messages: `a string`, `an object`, `true or false`.
    public var typeName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    /// Where the value starts in `file`.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}

/// One `"key": value` pair of a JSON object, in file order, with where its key starts.
public struct JSONMember: Sendable {
    public var key: String
    public var value: JSONValue
    /// The 1-based line and byte column of the key's opening quote.
    public var keyLine: Int
    public var keyColumn: Int
}
