import LedgerCore

/// Parsing JSON into a tree, with grammar failures turned into ``FeedError``.
enum FeedJSON {
    static func parse(_ bytes: [UInt8], range: Range<Int>? = nil, file: String, firstLine: Int = 1)
        throws(FeedError) -> JSONValue
    {
        do {
            return try JSONParser.parse(bytes, range: range, firstLine: firstLine)
        } catch {
            throw FeedError(
                .notJSON(error.reason), at: SourceLocation(file: file, line: error.line, column: error.column))
        }
    }
}
