import LedgerCore
import LedgerStore

/// A `ledgerport` subcommand: a name, a one-line abstract, its options, validation and a run.
///
/// `init(arguments:)` validates (throwing ``UsageError`` for exit code 2); `run(in:)` does the
/// work and returns the exit code. Help is generated from the same declarations.
protocol Command: SendableMetatype {
    static var name: String { get }
    static var abstract: String { get }
    /// The positional arguments as shown in the usage line (`FILE...`).
    static var arguments: String { get }
    /// Longer help shown under the usage line.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }

    init(arguments: ParsedArguments) throws(UsageError)
    func run(in context: CommandContext) throws -> Int32
}

extension Command {
    static var discussion: String { "" }
    static var arguments: String { "" }

    /// The generated `--help` text.
    static var help: String {
        var lines = ["USAGE: ledgerport \(name)\(arguments.isEmpty ? "" : " " + arguments) [options]", "", abstract]
        if !discussion.isEmpty { lines += ["", discussion] }
        lines += ["", "OPTIONS:"]
        let all = options + [.flag("--help", "Show this help.")]
        let labels = all.map { spec in spec.name + (spec.value.map { " " + $0 } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, spec) in zip(labels, all) {
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help)
        }
        lines += [
            "", "GLOBAL OPTIONS:",
            "  --db PATH".padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + "The ledger database (else $LEDGERPORT_DB, else $XDG_DATA_HOME/ledgerport/ledger.sqlite).",
        ]
        return lines.joined(separator: "\n")
    }
}

/// What a command runs with: the console, the environment, and the ledger's location.
final class CommandContext {
    let console: Console
    let environment: [String: String]
    let databasePath: String
    private var openedLedger: Ledger?

    init(console: Console, environment: [String: String], databasePath: String) {
        self.console = console
        self.environment = environment
        self.databasePath = databasePath
    }

    /// The ledger, opened (and created with its folder) on first use.
    func ledger() throws -> Ledger {
        if let openedLedger { return openedLedger }
        try LedgerLocation.createFolder(for: databasePath)
        let ledger = try Ledger(path: databasePath)
        openedLedger = ledger
        return ledger
    }

    /// The account with this name, or an error listing what exists.
    func account(named name: String) throws -> StoredAccount {
        guard let account = try ledger().account(named: name) else {
            throw StoreError(.unknownAccount(name), at: .file(databasePath))
        }
        return account
    }
}

/// A failure while running a command that is not bad usage: exit code 1.
struct RuntimeError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
