/// What `ledgerport inspect` shows of a file: how its adapter would read it, for people and as JSON.
public struct AdapterInspection: Sendable {
    /// The lines for a terminal, after the file and format lines the command prints itself.
    public var text: String
    /// The same as a JSON object's members, after `file` and `format`.
    public var members: [(String, JSONOutput)]
    /// The problem that would stop an import of the file, if any.
    public var failure: String?

    /// Creates an inspection.
    public init(text: String, members: [(String, JSONOutput)], failure: String?) {
        self.text = text
        self.members = members
        self.failure = failure
    }
}

extension Draft {
    /// The draft as `inspect --json` and the previews show it.
    public var inspectionJSON: JSONOutput {
        .object([
            ("account", .string(account)), ("date", .string(bookingDay.description)),
            ("transactionDate", .optional(transactionDay?.description)),
            ("amount", .string(amount.description)), ("direction", .string(direction.rawValue)),
            ("currency", .string(amount.currency.code)), ("description", .string(description)),
            ("memo", .string(memo)), ("status", .string(status.rawValue)),
            ("externalID", .optional(externalID)), ("location", .string(location.description)),
        ])
    }
}
