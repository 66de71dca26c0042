import LedgerCore
import LedgerImport
import LedgerStore

/// The `ledgerport` command line: parses the arguments, runs one command, returns its exit code.
///
/// Exit codes: 0 success (a discrepancy is information, not a failure); 1 an import or sync
/// stopped, bad input data, or an I/O or database failure; 2 bad usage. Results go to the
/// console's output, diagnostics and progress to its errors.
public enum Ledgerport {
    /// The version `--version` prints.
    public static let version = FormatRegistry.hostVersion

    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        ImportCommand.self,
        SyncCommand.self,
        MigrateCommand.self,
        AddCommand.self,
        RecurringCommand.self,
        UpcomingCommand.self,
        AccountsCommand.self,
        CommoditiesCommand.self,
        TransactionsCommand.self,
        ReportCommand.self,
        ExportCommand.self,
        RulesCommand.self,
        TransfersCommand.self,
        ImportsCommand.self,
        ReconcileCommand.self,
        CheckpointsCommand.self,
        CheckCommand.self,
        InspectCommand.self,
        ExtractCommand.self,
        MappingsCommand.self,
        FormatsCommand.self,
        AdaptersCommand.self,
    ]

    /// Every subcommand's name, in the order `--help` lists them.
    public static var commandNames: [String] { allCommands.map { $0.name } }

    /// Every command and subcommand, each parent before its subcommands.
    static var allCommands: [any Command.Type] {
        func flattened(_ command: any Command.Type) -> [any Command.Type] {
            [command] + command.subcommands.flatMap(flattened)
        }
        return commands.flatMap(flattened)
    }

    /// The command named by the first words of `words` (`imports undo 3` names `imports undo`),
    /// with how many words its name took; `nil` when the first word names no command.
    static func command(named words: [String]) -> (command: any Command.Type, wordCount: Int)? {
        guard let first = words.first, var command = commands.first(where: { $0.name == first }) else { return nil }
        var count = 1
        while count < words.count, let sub = command.subcommands.first(where: { $0.word == words[count] }) {
            command = sub
            count += 1
        }
        return (command, count)
    }

    /// Runs a command line.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program's name.
    ///   - console: where results and diagnostics go.
    ///   - environment: the process environment (`LEDGERPORT_DB`, `XDG_DATA_HOME`, …).
    /// - Returns: the exit code.
    public static func run(_ arguments: [String], console: Console, environment: [String: String]) -> Int32 {
        // Before any ledger is opened (a no-op when SQLite has started: a second run in one process).
        Ledger.turnOffSQLiteMemoryStatistics()
        var rest = arguments
        var globals: [String: String] = [:]
        // Global options may stand before the command or anywhere after it.
        var index = 0
        scan: while index < rest.count {
            let argument = rest[index]
            if argument == "--" { break }
            for (name, placeholder) in [("--db", "PATH|URL"), ("--ledger", "NAME")]
            where argument == name || argument.hasPrefix(name + "=") {
                if argument == name {
                    guard index + 1 < rest.count else {
                        console.error("\(name) needs a value: \(name) \(placeholder)")
                        return 2
                    }
                    globals[name] = rest[index + 1]
                    rest.removeSubrange(index...(index + 1))
                } else {
                    globals[name] = String(argument.dropFirst(name.count + 1))
                    rest.remove(at: index)
                }
                continue scan
            }
            index += 1
        }

        guard let first = rest.first else {
            console.error("no command given\n\n" + overview)
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            guard rest.count > 1 else {
                console.print(overview)
                return 0
            }
            guard let (command, _) = command(named: Array(rest.dropFirst())) else {
                let names = commands.map { $0.name }
                console.error(
                    "no help for '\(rest[1])': it is not a command"
                        + EditDistance.didYouMean(
                            rest[1], among: names, then: "expected one of " + names.joined(separator: ", ")))
                return 2
            }
            console.print(command.help)
            return 0
        }
        if first == "--version" || first == "-V" {
            console.print("ledgerport \(version)")
            return 0
        }
        guard let (command, wordCount) = command(named: rest) else {
            let names = commands.map { $0.name }
            console.error(
                "unknown command '\(first)'"
                    + EditDistance.didYouMean(
                        first, among: names, then: "expected one of " + names.joined(separator: ", ")))
            return 2
        }
        // A word after a command that has subcommands and takes no arguments can only be a subcommand.
        if !command.subcommands.isEmpty, command.arguments.isEmpty, wordCount < rest.count,
            !rest[wordCount].hasPrefix("-")
        {
            let typed = rest[wordCount]
            let words = command.subcommands.map { String($0.word) }
            console.error(
                "unknown subcommand '\(typed)' of `\(command.name)`"
                    + EditDistance.didYouMean(
                        typed, among: words, then: "expected one of " + words.joined(separator: ", ")))
            return 2
        }
        do {
            let parsed = try ParsedArguments.parse(
                Array(rest.dropFirst(wordCount)), options: command.options, command: command.name)
            if parsed.wantsHelp {
                console.print(command.help)
                return 0
            }
            let target = try LedgerTarget.resolve(
                option: globals["--db"], ledgerOption: globals["--ledger"], environment: environment)
            let instance = try command.init(arguments: parsed)
            let context = CommandContext(console: console, environment: environment, target: target)
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

            USAGE: ledgerport [--db PATH|URL] [--ledger NAME] COMMAND [options]

            COMMANDS:
            \(lines.joined(separator: "\n"))

            Run `ledgerport COMMAND --help` (or `ledgerport help COMMAND`) for a command's options.
            --version (-V) prints the version.
            The ledger is --db PATH, else $LEDGERPORT_DB, else $XDG_DATA_HOME/ledgerport/ledger.sqlite.
            --db postgresql://USER@HOST/DB?ledger=NAME names a ledger on a PostgreSQL server (docs/postgres.md).
            """
    }
}
