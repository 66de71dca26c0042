import LedgerCore

/// A JSON value written by hand, so that keys keep their order and amounts stay decimal strings.
///
/// There is deliberately no floating-point case: amounts are strings, counts are integers.
enum JSONOutput {
    case string(String)
    case int(Int64)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func int(_ value: Int) -> JSONOutput { .int(Int64(value)) }
    static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// The value as pretty-printed JSON text.
    func rendered(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return JSONOutput.quoted(text)
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let lines = members.map { key, value in inner + Self.quoted(key) + ": " + value.rendered(indent: inner)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    private static func quoted(_ text: String) -> String { JSONText.quoted(text) }
}
