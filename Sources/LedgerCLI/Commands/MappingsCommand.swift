import CSVAdapter
import LedgerCore

/// `ledgerport mappings`: the CSV mappings ledgerport can use; `mappings check FILE` validates one.
struct MappingsCommand: Command {
    static let name = "mappings"
    static let abstract = "List the CSV mappings, or check a mapping file (`mappings check FILE`)."
    static let arguments = "[check FILE]"
    static let discussion = """
        Mappings are searched by name in $XDG_CONFIG_HOME/ledgerport/mappings, then in the folders of
        $LEDGERPORT_MAPPINGS, then among the shipped ones; the first of a name wins. `check` reports
        every problem in a mapping file with its line and column, and exits 1 if there is one.
        """
    static let opensLedger = false
    static let options: [OptionSpec] = [.flag("--json", "Print as JSON.")]

    let checkPath: String?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        json = arguments.has("--json")
        switch arguments.positionals.count {
        case 0:
            checkPath = nil
        case 2 where arguments.positionals[0] == "check":
            checkPath = arguments.positionals[1]
        default:
            throw UsageError("mappings takes no argument, or `check FILE`")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        if let checkPath { return check(checkPath, console: context.console) }
        let catalog = MappingCatalog(directories: LedgerLocation.mappingDirectories(environment: context.environment))
        if json {
            let values = catalog.entries.map { entry -> JSONOutput in
                .object([
                    ("name", .string(entry.name)), ("summary", .string(entry.summary)), ("path", .string(entry.path)),
                    ("shadowed", .bool(entry.isShadowed)),
                    ("problems", .array(entry.problems.map { .string($0.description) })),
                ])
            }
            context.console.print(JSONOutput.array(values).rendered())
            return 0
        }
        var table = Table([("NAME", .left), ("STATUS", .left), ("DESCRIPTION", .left)])
        for entry in catalog.entries {
            let status =
                !entry.problems.isEmpty ? "invalid" : entry.isShadowed ? "shadowed" : "ok"
            table.append([entry.name, status, entry.problems.isEmpty ? entry.summary : entry.path])
        }
        context.console.print(table.rendered())
        let folders = catalog.directories.map { "  \($0)" }.joined(separator: "\n")
        context.console.print("\nsearched, first match wins:\n\(folders)")
        return 0
    }

    private func check(_ path: String, console: Console) -> Int32 {
        let problems = MappingCheck.problems(inFileAt: path)
        if json {
            console.print(
                JSONOutput.object([
                    ("file", .string(path)), ("valid", .bool(problems.isEmpty)),
                    ("problems", .array(problems.map { .string($0.description) })),
                ]
                ).rendered())
        } else if problems.isEmpty {
            console.print("\(path): a valid mapping")
        }
        for problem in problems { console.error(problem.description) }
        return problems.isEmpty ? 0 : 1
    }
}
