/// The typed reading of a JSON configuration file (a CSV mapping, a rules file): each value of the
/// wrong kind, unknown key or repeated key is noted as a problem at its own line and column, and
/// reading goes on, so one run lists every mistake.
public protocol JSONFileReading {
    /// The file being read, for locations.
    var file: String { get }
    /// Notes a problem at `location`.
    mutating func problem(_ text: String, at location: SourceLocation)
}

extension JSONFileReading {
    /// A problem with a value, at the value.
    public mutating func problem(_ text: String, at value: JSONValue) {
        problem(text, at: value.location(in: file))
    }

    /// The members of an object, reporting keys outside `known` (typos are the usual mistake) and
    /// a key given twice (one of the two values would be dropped) at the key.
    public mutating func members(_ value: JSONValue, _ what: String, known: [String]) -> [String: JSONValue] {
        guard case .object(let list) = value.kind else {
            problem("\(what) is \(value.typeName); expected an object", at: value)
            return [:]
        }
        var result: [String: JSONValue] = [:]
        for member in list {
            let key = SourceLocation(file: file, line: member.keyLine, column: member.keyColumn)
            if known.contains(member.key) {
                if result[member.key] != nil {
                    problem("key \"\(member.key)\" appears twice in \(what); expected it once", at: key)
                }
                result[member.key] = member.value
            } else {
                let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
                problem("unknown key \"\(member.key)\" in \(what); expected one of \(list)", at: key)
            }
        }
        return result
    }

    /// A string, or `nil` (with a problem when the value is of another kind).
    public mutating func string(_ value: JSONValue?, _ what: String) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value.kind else {
            problem("\(what) is \(value.typeName); expected a string", at: value)
            return nil
        }
        return text
    }

    /// `true` or `false`, or `nil` (with a problem when the value is of another kind).
    public mutating func bool(_ value: JSONValue?, _ what: String) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let flag) = value.kind else {
            problem("\(what) is \(value.typeName); expected true or false", at: value)
            return nil
        }
        return flag
    }
}
