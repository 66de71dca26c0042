/// A JSON value read from a feed file, with the position where it starts.
///
/// Numbers keep their text exactly as written, so that an amount never passes through a
/// floating-point value: the amount parser reads the digits itself.
struct JSONValue: Sendable {
    /// What the value is.
    enum Kind: Sendable {
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        /// The number's text as written (`12.50`, `-3`, `1e3`).
        case number(String)
        case bool(Bool)
        case null
    }

    /// The value.
    var kind: Kind
    /// The 1-based line where the value starts.
    var line: Int
    /// The 1-based column (in bytes) where the value starts.
    var column: Int

    /// What the value is, for messages: `an object`, `a string "abc"`, `the number 12`.
    var summary: String {
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
}

/// One `"key": value` pair of a JSON object, in file order.
struct JSONMember: Sendable {
    var key: String
    var value: JSONValue
}
