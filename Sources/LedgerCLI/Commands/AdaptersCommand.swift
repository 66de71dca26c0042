import ExternalAdapters
import LedgerCore
import LedgerImport

/// `ledgerport adapters`: the built-in adapters and the external ones found, with their trust.
struct AdaptersCommand: Command {
    static let name = "adapters"
    static let abstract = "List the adapters: built in, and external ones found with whether they are trusted."
    static let discussion = """
        External adapters are `ledgerport-adapter-NAME` executables in $LEDGERPORT_ADAPTER_PATH, then
        $XDG_CONFIG_HOME/ledgerport/adapters (default ~/.config/ledgerport/adapters), then $PATH; only
        absolute folders are searched, never the current directory. The first of a NAME wins; later
        ones show as hidden. An external adapter runs only once trusted (`ledgerport adapters trust
        NAME` pins its path, sha256 and description); STATE is built-in, trusted, untrusted, changed
        (its sha256 is not the one trusted), moved (found at another path than the one trusted),
        shadowed (a built-in adapter has its NAME, and wins), hidden, or broken (trusted, but it can't
        be described). Version and protocols come from the description pinned when it was trusted; an
        untrusted adapter is never run, so it shows none. --json adds each adapter's sha256, summary,
        extensions and options.
        """
    static let opensLedger = false
    static let options: [OptionSpec] = [.flag("--json", "Print the adapters as JSON.")]
    static let subcommands: [any Command.Type] = [
        AdaptersTrustCommand.self, AdaptersUntrustCommand.self, AdaptersTestCommand.self,
    ]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("adapters takes no arguments") }
        json = arguments.has("--json")
    }

    /// One adapter as listed.
    struct Row {
        var name: String
        var version: String?
        var protocols: [Int]?
        var state: String
        var path: String?
        var sha256: String?
        var summary: String?
        var extensions: [String]?
        var options: [AdapterOptionSpec]?
        /// Why it may not run (or couldn't be described), for --json.
        var problem: String?
    }

    func run(in context: CommandContext) throws -> Int32 {
        _ = try context.adapterLimits()
        let catalog = try context.adapterCatalog()
        let described = context.adapters
        var rows = catalog.builtIns.map { adapter in
            Row(
                name: adapter.id, version: adapter.provenance.version, protocols: adapter.provenance.protocols,
                state: "built-in", summary: adapter.summary, extensions: adapter.fileExtensions,
                options: adapter.options)
        }
        for external in catalog.externals {
            var row = Row(
                name: external.name, state: external.state, path: external.path, sha256: external.sha256,
                problem: external.refusal)
            if external.isRunnable {
                if let adapter = described.first(where: { $0.id == external.name }) {
                    row.version = adapter.provenance.version
                    row.protocols = adapter.provenance.protocols
                    row.summary = adapter.summary
                    row.extensions = adapter.fileExtensions
                    row.options = adapter.options
                } else {
                    row.state = "broken"
                    row.problem = context.adapterCache.describeFailures[external.name].map(CommandContext.text)
                }
            }
            rows.append(row)
        }
        for hidden in catalog.hidden {
            let winner = catalog.external(named: hidden.name)?.path ?? "an earlier folder"
            rows.append(
                Row(
                    name: hidden.name, state: "hidden", path: hidden.path,
                    sha256: try? AdapterTrust.sha256(ofFileAt: hidden.path),
                    problem: "hidden by \(winner), found first"))
        }
        if json {
            context.console.print(JSONOutput.array(rows.map(Self.json)).rendered())
            return 0
        }
        var table = Table([("NAME", .left), ("VERSION", .left), ("PROTOCOL", .left), ("STATE", .left), ("PATH", .left)])
        for row in rows {
            table.append([
                row.name, row.version ?? "-", row.protocols.map { $0.map(String.init).joined(separator: ",") } ?? "-",
                row.state, row.path ?? "-",
            ])
        }
        context.console.print(table.rendered())
        return 0
    }

    private static func json(_ row: Row) -> JSONOutput {
        .object([
            ("name", .string(row.name)), ("version", .optional(row.version)),
            ("protocols", row.protocols.map { .array($0.map(JSONOutput.int)) } ?? .null),
            ("state", .string(row.state)), ("path", .optional(row.path)), ("sha256", .optional(row.sha256)),
            ("summary", .optional(row.summary)),
            ("extensions", row.extensions.map { .array($0.map(JSONOutput.string)) } ?? .null),
            (
                "options",
                row.options.map { options in
                    .array(
                        options.map {
                            .object([
                                ("name", .string($0.name)), ("value", .string($0.value)),
                                ("summary", .string($0.summary)),
                            ])
                        })
                } ?? .null
            ),
            ("problem", .optional(row.problem)),
        ])
    }
}
