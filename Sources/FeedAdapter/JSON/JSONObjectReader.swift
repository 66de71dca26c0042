import LedgerCore

/// Typed access to the fields of one JSON object, turning every problem into a ``FeedError``
/// that names the file, the field's JSON path and its position.
///
/// `null` counts as absent: an optional field may be `null` or missing, a required one may be
/// neither. Unknown keys are ignored, so that a newer writer can add fields.
struct JSONObjectReader {
    /// The object's members, in file order.
    let members: [JSONMember]
    /// The object itself (for its position).
    let node: JSONValue
    /// The object's JSON path (`$`, `$.inserted[3]`).
    let path: String
    /// The file the object is in.
    let file: String

    /// Reads `value` as an object.
    ///
    /// - Throws: ``FeedError`` `.wrongType` when it is anything else.
    init(_ value: JSONValue, path: String, file: String) throws(FeedError) {
        guard case .object(let members) = value.kind else {
            throw FeedError(
                .wrongType(found: value.summary, expected: "an object"),
                at: SourceLocation(file: file, line: value.line, column: value.column), jsonPath: path)
        }
        self.members = members
        self.node = value
        self.path = path
        self.file = file
    }

    // MARK: - Fields

    /// The value of `key`, or `nil` when it is missing or `null`.
    func value(_ key: String) -> JSONValue? {
        for member in members where member.key == key {
            if case .null = member.value.kind { return nil }
            return member.value
        }
        return nil
    }

    /// The value of a required field.
    func required(_ key: String) throws(FeedError) -> JSONValue {
        guard let value = value(key) else {
            throw FeedError(.missingField(key), at: location(of: node), jsonPath: path)
        }
        return value
    }

    /// A required string.
    ///
    /// - Throws: ``FeedError`` for a missing field, another type, or a NUL in the text (written
    ///   `\u0000`; LedgerCore's `TextRule`), at the value.
    func string(_ key: String) throws(FeedError) -> String {
        let value = try required(key)
        guard case .string(let text) = value.kind else { throw wrongType(value, key, expected: "a string") }
        try checkText(text, key, at: value)
        return text
    }

    /// An optional string.
    ///
    /// - Throws: as ``string(_:)``, but an absent field is `nil`.
    func optionalString(_ key: String) throws(FeedError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value.kind else { throw wrongType(value, key, expected: "a string") }
        try checkText(text, key, at: value)
        return text
    }

    /// Every string a feed holds follows the text rule every adapter's does: no NUL.
    private func checkText(_ text: String, _ key: String, at value: JSONValue) throws(FeedError) {
        if TextRule.containsNUL(text) { throw error(.core(.nulInText(field: key)), key, at: value) }
    }

    /// A required non-empty string (an id, a token).
    func nonEmptyString(_ key: String) throws(FeedError) -> String {
        let text = try string(key)
        if text.isEmpty { throw error(.invalidValue(found: "an empty string", expected: "a non-empty \(key)"), key) }
        return text
    }

    /// A required boolean.
    func bool(_ key: String) throws(FeedError) -> Bool {
        let value = try required(key)
        guard case .bool(let flag) = value.kind else { throw wrongType(value, key, expected: "true or false") }
        return flag
    }

    /// A required integer, written without a fraction or exponent.
    func integer(_ key: String) throws(FeedError) -> Int {
        try integer(of: try required(key), key)
    }

    /// An optional integer.
    func optionalInteger(_ key: String) throws(FeedError) -> Int? {
        guard let value = value(key) else { return nil }
        return try integer(of: value, key)
    }

    /// A required nested object.
    func object(_ key: String) throws(FeedError) -> JSONObjectReader {
        try JSONObjectReader(try required(key), path: childPath(key), file: file)
    }

    /// An optional nested object.
    func optionalObject(_ key: String) throws(FeedError) -> JSONObjectReader? {
        guard let value = value(key) else { return nil }
        return try JSONObjectReader(value, path: childPath(key), file: file)
    }

    /// A required array.
    func array(_ key: String) throws(FeedError) -> [JSONValue] {
        let value = try required(key)
        guard case .array(let elements) = value.kind else { throw wrongType(value, key, expected: "an array") }
        return elements
    }

    /// A decimal number written as a JSON string or a JSON number, as its exact text.
    ///
    /// - Throws: ``FeedError`` for any other JSON value, or a number with an exponent.
    func decimalText(_ key: String) throws(FeedError) -> (text: String, value: JSONValue) {
        let value = try required(key)
        switch value.kind {
        case .string(let text): return (text, value)
        case .number(let text):
            if text.contains(where: { $0 == "e" || $0 == "E" }) {
                throw error(
                    .invalidValue(found: "the number \(text)", expected: "a number written without an exponent"),
                    key, at: value)
            }
            return (text, value)
        default:
            throw wrongType(value, key, expected: "a decimal as a string (\"12.50\") or a number (12.50)")
        }
    }

    // MARK: - Errors

    /// The JSON path of a field of this object.
    func childPath(_ key: String) -> String {
        let isPlain = key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F
        }
        if isPlain { return path + "." + key }
        return path + "[\"" + key + "\"]"
    }

    /// The location of a value in this object's file.
    func location(of value: JSONValue) -> SourceLocation {
        SourceLocation(file: file, line: value.line, column: value.column)
    }

    /// An error about field `key`, located at its value when present, else at the object.
    func error(_ reason: FeedError.Reason, _ key: String, at value: JSONValue? = nil) -> FeedError {
        let anchor = value ?? self.value(key) ?? node
        return FeedError(reason, at: location(of: anchor), jsonPath: childPath(key))
    }

    private func wrongType(_ value: JSONValue, _ key: String, expected: String) -> FeedError {
        error(.wrongType(found: value.summary, expected: expected), key, at: value)
    }

    private func integer(of value: JSONValue, _ key: String) throws(FeedError) -> Int {
        guard case .number(let text) = value.kind, let number = Int(text) else {
            throw wrongType(value, key, expected: "an integer")
        }
        return number
    }
}
