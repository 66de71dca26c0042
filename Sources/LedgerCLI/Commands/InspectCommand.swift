import CSVAdapter
import LedgerCore
import LedgerImport

/// `ledgerport inspect FILE`: what ledgerport would read from a file, without writing anything.
struct InspectCommand: Command {
    static let name = "inspect"
    static let abstract = "Show how a file would be read: its format, dialect, mapping and first rows."
    static let arguments = "FILE"
    static let discussion = """
        For a CSV file: the encoding, the delimiter and quote, the preamble and header, the mapping
        that would be picked and why, and the first rows as they would be imported (a file no mapping
        fits gets a suggested mapping to start from). For other formats: the format detected, the
        accounts and the first rows. Nothing is written.
        """
    static let options: [OptionSpec] = [
        .value("--format", "ID", "The file format, when detection should not decide."),
        .value("--mapping", "NAME|PATH", "The CSV mapping to try instead of the automatic choice."),
        .value("--account", "NAME", "The ledger account the rows would go to."),
        .value("--currency", "CODE", "The currency of a file that states none (ISO 4217, such as EUR)."),
        .value("--rows", "N", "How many rows to show (default 10)."),
        .flag("--json", "Print as JSON."),
    ]

    let file: String
    let format: (any FormatAdapter.Type)?
    let mapping: String?
    let account: String?
    let currency: Currency?
    let rows: Int
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("inspect needs exactly one FILE") }
        file = arguments.positionals[0]
        format = try ParsedArguments.format(arguments.value("--format"))
        mapping = arguments.value("--mapping")
        account = try arguments.accountName("--account")
        currency = try ParsedArguments.currency(arguments.value("--currency"))
        json = arguments.has("--json")
        rows = try arguments.count("--rows", "a row count", in: 1...10_000, default: 10)
    }

    func run(in context: CommandContext) throws -> Int32 {
        let directories = LedgerLocation.mappingDirectories(environment: context.environment)
        try ImportCommand.checkMapping(mapping, in: directories)
        // Read as the import would: what the file leaves open shows as the problem it will be.
        let options = AdapterOptions(
            account: account, mapping: mapping, mappingDirectories: directories, fileName: file, currency: currency,
            namesAccountAfterFile: false)
        let adapter: any FormatAdapter.Type
        if let format {
            adapter = format
        } else {
            let head = try FileByteStream.head(of: file)
            guard let detected = FormatRegistry.detect(head: head, fileName: file) else {
                throw ImportError(.unknownFormat(known: FormatRegistry.ids), at: .file(file))
            }
            adapter = detected.adapter
        }
        let stream = try FileByteStream(path: file, hashing: false)
        if adapter == CSVFormat.self {
            let report = try CSVInspection.inspect(stream: stream, options: options, rowLimit: rows)
            context.console.print(json ? Self.json(report).rendered() : "format:    csv\n" + report.rendered())
            return report.failure == nil ? 0 : 1
        }
        let preview = try Self.preview(adapter, stream: stream, options: options, rows: rows)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("file", .string(file)), ("format", .string(adapter.id)),
                    ("failure", .optional(preview.failure)),
                    ("drafts", .array(preview.events.compactMap(Self.draftJSON))),
                ]
                ).rendered())
        } else {
            context.console.print("file:      \(file)\nformat:    \(adapter.id) (\(adapter.summary))")
            for event in preview.events { Self.describe(event).map { context.console.print($0) } }
            if let failure = preview.failure { context.console.print("problem:   \(failure)") }
        }
        return preview.failure == nil ? 0 : 1
    }

    /// Reads the first events of a non-CSV file, stopping after `rows` drafts.
    private static func preview(
        _ adapter: any FormatAdapter.Type, stream: FileByteStream, options: AdapterOptions, rows: Int
    ) throws -> (events: [AdapterEvent], failure: String?) {
        var events: [AdapterEvent] = []
        var drafts = 0
        do {
            try adapter.init(options: options).drafts(from: stream) { event in
                if case .draft = event {
                    guard drafts < rows else { throw PreviewFull() }
                    drafts += 1
                }
                events.append(event)
            }
        } catch is PreviewFull {
            return (events, nil)
        } catch let error as any LocatedError {
            return (events, error.description)
        }
        return (events, nil)
    }

    private struct PreviewFull: Error {}

    private static func describe(_ event: AdapterEvent) -> String? {
        switch event {
        case .account(let account):
            return "account:   \(account.name) (\(account.kind.rawValue), \(account.currency?.code ?? "?"))"
        case .draft(let draft):
            let signed = Money.format(draft.signedMinorUnits, currency: draft.amount.currency)
            let status = draft.status == .pending ? " [pending]" : ""
            return "  line \(draft.location.line): \(draft.bookingDay)  \(signed) \(draft.amount.currency.code)  "
                + "\(draft.description)\(status)"
        case .balance(let balance):
            return
                "balance:   \(balance.kind.rawValue) \(balance.formatted) \(balance.currency.code) on \(balance.asOf)"
        case .skipped(let skipped):
            return "skipped:   \(skipped.count) \(skipped.reason)"
        case .mapping, .correction:
            return nil
        }
    }

    private static func draftJSON(_ event: AdapterEvent) -> JSONOutput? {
        guard case .draft(let draft) = event else { return nil }
        return .object([
            ("account", .string(draft.account)), ("date", .string(draft.bookingDay.description)),
            ("transactionDate", .optional(draft.transactionDay?.description)),
            ("amount", .string(draft.amount.description)), ("direction", .string(draft.direction.rawValue)),
            ("currency", .string(draft.amount.currency.code)), ("description", .string(draft.description)),
            ("memo", .string(draft.memo)), ("status", .string(draft.status.rawValue)),
            ("externalID", .optional(draft.externalID)), ("location", .string(draft.location.description)),
        ])
    }

    private static func json(_ report: CSVInspection) -> JSONOutput {
        let choice: JSONOutput =
            report.choice.map { choice in
                .object([
                    ("name", .string(choice.mapping.name)), ("path", .string(choice.mapping.path)),
                    ("reason", .string(choice.reason)),
                    ("alsoMatched", .array(choice.alsoMatched.map(JSONOutput.string))),
                ])
            } ?? .null
        return .object([
            ("file", .string(report.file)), ("format", .string("csv")), ("encoding", .string(report.encoding)),
            ("delimiter", .string(report.dialect.delimiterName)),
            ("quote", .optional(report.dialect.quote.map { String(UnicodeScalar($0)) })),
            ("headerLine", .int(report.headerLine)), ("header", .array(report.header.map(JSONOutput.string))),
            ("preamble", .array(report.preamble.map(JSONOutput.string))), ("mapping", choice),
            ("failure", .optional(report.failure)), ("suggestedMapping", .optional(report.suggestedMapping)),
            ("decisions", .array(report.suggestionDecisions.map(JSONOutput.string))),
            ("drafts", .array(report.events.compactMap(draftJSON))),
        ])
    }
}
