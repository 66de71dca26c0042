/// A JSON value written by hand, so that keys keep their order and amounts stay decimal strings.
///
/// There is deliberately no floating-point case: amounts are strings, counts are integers.
public enum JSONOutput: Sendable {
    case string(String)
    case int(Int64)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    public static func int(_ value: Int) -> JSONOutput { .int(Int64(value)) }
    public static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// The value as pretty-printed JSON text.
    public func rendered(indent: String = "") -> String {
        var text = ""
        write(to: &text, indent: indent)
        return text
    }

    /// Appends the value as pretty-printed JSON text (see ``rendered(indent:)``), building no
    /// string apart: the streamed listings write a million values this way.
    public func write(to text: inout String, indent: String = "") {
        switch self {
        case .string(let value): JSONText.appendQuoted(value, to: &text)
        case .int(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .array(let items):
            if items.isEmpty {
                text += "[]"
                return
            }
            let inner = indent + "  "
            text += "[\n"
            for (index, item) in items.enumerated() {
                if index > 0 { text += ",\n" }
                text += inner
                item.write(to: &text, indent: inner)
            }
            text += "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty {
                text += "{}"
                return
            }
            let inner = indent + "  "
            text += "{\n"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { text += ",\n" }
                text += inner
                JSONText.appendQuoted(key, to: &text)
                text += ": "
                value.write(to: &text, indent: inner)
            }
            text += "\n" + indent + "}"
        }
    }
}
