/// PostgreSQL's text form of one-dimensional arrays, for sending a batch's column as one
/// parameter (`unnest($1::bigint[], $2::text[], …)`).
///
/// Every element is written in double quotes, with `"` and `\` escaped by a backslash, so any
/// text (spaces, commas, braces, the word `NULL`, the empty string) reads back as itself; `nil`
/// is the unquoted `NULL`. A quoted element is read as the array's element type, so the same
/// form carries integers (`{"1","-2"}` cast to `bigint[]`). A NUL character can't be sent in a
/// parameter at all: ``PostgresConnection/query(_:_:)`` refuses it.
enum PostgresArray {
    /// The array literal of `values`, in order: `{"a","b",NULL}`.
    static func text(_ values: [String?]) -> String {
        var literal = "{"
        literal.reserveCapacity(2 + values.count * 12)
        for (index, value) in values.enumerated() {
            if index > 0 { literal.append(",") }
            guard let value else {
                literal.append("NULL")
                continue
            }
            literal.append("\"")
            if value.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                for character in value.unicodeScalars {
                    if character == "\"" || character == "\\" { literal.append("\\") }
                    literal.unicodeScalars.append(character)
                }
            } else {
                literal.append(value)
            }
            literal.append("\"")
        }
        literal.append("}")
        return literal
    }
}
