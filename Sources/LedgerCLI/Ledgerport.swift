import LedgerCore
import LedgerStore

/// The `ledgerport` command line: parses the arguments, runs one command, returns its exit code.
///
/// Exit codes: 0 success (a discrepancy is information, not a failure); 1 an import or sync
/// stopped, bad input data, or an I/O or database failure; 2 bad usage. Results go to the
/// console's output, diagnostics and progress to its errors.
public enum Ledgerport {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        ImportCommand.self,
        SyncCommand.self,
        AccountsCommand.self,
        TransactionsCommand.self,
        ImportsCommand.self,
        ReconcileCommand.self,
        CheckCommand.self,
        InspectCommand.self,
        MappingsCommand.self,
        FormatsCommand.self,
    ]

    /// Runs a command line.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program's name.
    ///   - console: where results and diagnostics go.
    ///   - environment: the process environment (`LEDGERPORT_DB`, `XDG_DATA_HOME`, …).
    /// - Returns: the exit code.
    public static func run(_ arguments: [String], console: Console, environment: [String: String]) -> Int32 {
        var rest = arguments
        var databaseOption: String?
        // Global options may stand before the command or anywhere after it.
        var index = 0
        while index < rest.count {
            let argument = rest[index]
            if argument == "--" { break }
            if argument == "--db" || argument.hasPrefix("--db=") {
                if argument == "--db" {
                    guard index + 1 < rest.count else {
                        console.error("--db needs a value: --db PATH")
                        return 2
                    }
                    databaseOption = rest[index + 1]
                    rest.removeSubrange(index...(index + 1))
                } else {
                    databaseOption = String(argument.dropFirst("--db=".count))
                    rest.remove(at: index)
                }
                continue
            }
            index += 1
        }

        guard let first = rest.first else {
            console.error("no command given\n\n" + overview)
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            if rest.count > 1, let command = commands.first(where: { $0.name == rest[1] }) {
                console.print(command.help)
            } else {
                console.print(overview)
            }
            return 0
        }
        if first == "--version" {
            console.print("ledgerport \(version)")
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.error(
                "unknown command '\(first)'; expected one of \(commands.map { $0.name }.joined(separator: ", "))")
            return 2
        }
        do {
            let parsed = try ParsedArguments.parse(
                Array(rest.dropFirst()), options: command.options, command: command.name)
            if parsed.wantsHelp {
                console.print(command.help)
                return 0
            }
            let instance = try command.init(arguments: parsed)
            let context = CommandContext(
                console: console, environment: environment,
                databasePath: LedgerLocation.databasePath(option: databaseOption, environment: environment))
            return try instance.run(in: context)
        } catch let error as UsageError {
            console.error(error.message)
            return 2
        } catch let error as RuntimeError {
            console.error(error.message)
            return 1
        } catch let error as any LocatedError {
            console.error(error.description)
            return 1
        } catch {
            console.error("\(error)")
            return 1
        }
    }

    /// The top-level help.
    static var overview: String {
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        let lines = commands.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.abstract }
        return """
            ledgerport \(version): import bank exports into a local ledger and reconcile them.

            USAGE: ledgerport [--db PATH] COMMAND [options]

            COMMANDS:
            \(lines.joined(separator: "\n"))

            Run `ledgerport COMMAND --help` for a command's options. --version prints the version.
            The ledger is --db PATH, else $LEDGERPORT_DB, else $XDG_DATA_HOME/ledgerport/ledger.sqlite.
            """
    }
}
