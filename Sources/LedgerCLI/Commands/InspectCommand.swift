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
    static let opensLedger = false
    static let options: [OptionSpec] = [
        .value("--format", "ID", "The file format, when detection should not decide."),
        .value("--mapping", "NAME|PATH", "The CSV mapping to try instead of the automatic choice."),
        AdapterOptionArguments.spec,
        .value("--account", "NAME", "The ledger account the rows would go to."),
        .value(
            "--currency", "CODE",
            "The currency of a file that states none (ISO 4217 such as EUR, or a declared commodity)."),
        .value("--rows", "N", "How many rows to show (default 10)."),
        .flag("--json", "Print as JSON."),
    ]

    let file: String
    let formatID: String?
    /// The adapter's own options (`--option NAME=VALUE`, `--mapping`).
    let settings: AdapterSettings
    let account: String?
    /// `--currency`, resolved through the ledger's commodities.
    let currencyCode: String?
    let rows: Int
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("inspect needs exactly one FILE") }
        file = arguments.positionals[0]
        formatID = arguments.value("--format")
        settings = try AdapterOptionArguments.settings(in: arguments)
        account = try arguments.accountName("--account")
        currencyCode = try ParsedArguments.currencyCode(arguments.value("--currency"))
        json = arguments.has("--json")
        rows = try arguments.count("--rows", "a row count", in: 1...10_000, default: 10)
    }

    func run(in context: CommandContext) throws -> Int32 {
        let directories = LedgerLocation.mappingDirectories(environment: context.environment)
        // Read as the import would: what the file leaves open shows as the problem it will be.
        let commodities = context.declaredCommodities()
        // The existing account's currency, as the import takes it when --currency is absent.
        let target = try context.existingAccount(named: account, currencyCode: currencyCode)
        var options = AdapterOptionArguments.merged(
            settings,
            into: AdapterOptions(
                account: account, mappingDirectories: directories, fileName: file,
                currency: try ParsedArguments.currency(currencyCode, in: commodities),
                accountCurrency: target?.currency, namesAccountAfterFile: false))
        options.commodities = commodities
        let adapter: any SourceAdapter
        if let named = try context.adapter(format: formatID) {
            adapter = named
        } else {
            context.noteBlockedAdapters(notAskedAbout: file)
            let head = try FileByteStream.head(of: file)
            guard let detected = context.detect(head: head, file: file) else {
                let error = ImportError(.unknownFormat(known: context.adapters.map(\.id)), at: .file(file))
                throw RuntimeError(error.description + context.untrustedAdapterHint())
            }
            adapter = detected.adapter
        }
        try AdapterOptionArguments.check(settings, for: adapter, mappingDirectories: directories)
        let stream = try FileByteStream(path: file, hashing: false)
        let inspection = try AdapterPreview.inspect(stream, adapter: adapter, options: options, rows: rows)
        if json {
            let members: [(String, JSONOutput)] = [("file", .string(file)), ("format", .string(adapter.id))]
            context.console.print(JSONOutput.object(members + inspection.members).rendered())
        } else {
            context.console.print("file:      \(file)\nformat:    \(adapter.id) (\(adapter.summary))")
            if !inspection.text.isEmpty { context.console.print(inspection.text) }
        }
        return inspection.failure == nil ? 0 : 1
    }
}
