import LedgerCore

extension CSVFormat {
    /// `ledgerport inspect` for CSV: the encoding, dialect, preamble and header, the mapping that
    /// would be picked and why, the first rows, and for a file no mapping fits a suggested mapping.
    public static func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws
        -> AdapterInspection?
    {
        let report = try CSVInspection.inspect(stream: input, options: options, rowLimit: rows)
        // The command prints the file's line itself.
        let text = report.rendered().split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .joined(separator: "\n")
        return AdapterInspection(text: text, members: report.jsonMembers, failure: report.failure)
    }
}

extension CSVInspection {
    /// The inspection as `inspect --json` shows it, after the file and format.
    var jsonMembers: [(String, JSONOutput)] {
        let choice: JSONOutput =
            self.choice.map { choice in
                .object([
                    ("name", .string(choice.mapping.name)), ("path", .string(choice.mapping.path)),
                    ("reason", .string(choice.reason)),
                    ("alsoMatched", .array(choice.alsoMatched.map(JSONOutput.string))),
                ])
            } ?? .null
        return [
            ("encoding", .string(encoding)),
            ("delimiter", .string(dialect.delimiterName)),
            ("quote", .optional(dialect.quote.map { String(UnicodeScalar($0)) })),
            ("headerLine", .int(headerLine)), ("header", .array(header.map(JSONOutput.string))),
            ("preamble", .array(preamble.map(JSONOutput.string))), ("mapping", choice),
            ("failure", .optional(failure)), ("suggestedMapping", .optional(suggestedMapping)),
            ("decisions", .array(suggestionDecisions.map(JSONOutput.string))),
            (
                "drafts",
                .array(
                    events.compactMap { event in
                        guard case .draft(let draft) = event else { return nil }
                        return draft.inspectionJSON
                    })
            ),
        ]
    }
}
