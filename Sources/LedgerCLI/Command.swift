import Foundation
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
    /// Commands under this one (`imports undo` under `imports`), each named by its whole path
    /// (`"imports undo"`); empty for most commands.
    static var subcommands: [any Command.Type] { get }

    init(arguments: ParsedArguments) throws(UsageError)
    func run(in context: CommandContext) throws -> Int32
}

extension Command {
    static var discussion: String { "" }
    static var arguments: String { "" }
    static var subcommands: [any Command.Type] { [] }

    /// The last word of the command's name: what is typed to reach it from its parent.
    static var word: Substring { name.split(separator: " ").last ?? Substring(name) }

    /// The generated `--help` text.
    static var help: String {
        var lines = ["USAGE: ledgerport \(name)\(arguments.isEmpty ? "" : " " + arguments) [options]", "", abstract]
        if !discussion.isEmpty { lines += ["", discussion] }
        if !subcommands.isEmpty {
            let width = (subcommands.map { $0.name.count }.max() ?? 0) + 2
            lines += ["", "SUBCOMMANDS:"]
            lines += subcommands.map {
                "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.abstract
            }
            lines += ["", "Run `ledgerport \(name) SUBCOMMAND --help` for a subcommand's options."]
        }
        lines += ["", "OPTIONS:"]
        let all = options + [.flag("--help", "Show this help.")]
        let global = OptionSpec.value(
            "--db", "PATH", "The ledger database (else $LEDGERPORT_DB, else $XDG_DATA_HOME/ledgerport/ledger.sqlite).")
        let label = { (spec: OptionSpec) in spec.name + (spec.value.map { " " + $0 } ?? "") }
        // One column for the command's options and the global ones, as wide as the longest label:
        // padding to a shorter width would cut a label (`--db PAT`).
        let width = ((all + [global]).map { label($0).count }.max() ?? 0) + 2
        let row = { (spec: OptionSpec) in
            "  " + label(spec).padding(toLength: width, withPad: " ", startingAt: 0) + spec.help
        }
        lines += all.map(row)
        lines += ["", "GLOBAL OPTIONS:", row(global)]
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

    /// The ledger, opened on first use.
    ///
    /// A command that only reads (or changes what is already there) opens an existing ledger:
    /// a mistyped `--db` must not leave a folder and an empty ledger behind. Only a command that
    /// brings data in (`import`, `sync`) creates the ledger and its folder.
    ///
    /// - Parameter creatingIfMissing: create the folder and the file when they don't exist.
    /// - Throws: ``RuntimeError`` "no ledger at PATH" when there is none and it isn't to be created.
    func ledger(creatingIfMissing: Bool = false) throws -> Ledger {
        if let openedLedger { return openedLedger }
        let busyTimeout = try busyTimeoutMilliseconds()
        if creatingIfMissing {
            try LedgerLocation.createFolder(for: databasePath)
        } else if !hasLedger {
            throw RuntimeError("no ledger at \(databasePath); `ledgerport import FILE` creates one")
        }
        let ledger = try Ledger(
            path: databasePath, busyTimeoutMilliseconds: busyTimeout, create: creatingIfMissing)
        openedLedger = ledger
        return ledger
    }

    /// The ledger when its file exists, else `nil` (nothing is created): for a dry run.
    func existingLedger() throws -> Ledger? {
        hasLedger ? try ledger() : nil
    }

    /// Whether the ledger's file exists (an in-memory ledger always does).
    var hasLedger: Bool {
        openedLedger != nil || databasePath == ":memory:" || FileManager.default.fileExists(atPath: databasePath)
    }

    /// How long to wait for another process's write lock: `$LEDGERPORT_BUSY_TIMEOUT_MS`, else the
    /// store's default (5 s).
    func busyTimeoutMilliseconds() throws(UsageError) -> Int {
        guard let text = environment["LEDGERPORT_BUSY_TIMEOUT_MS"], !text.isEmpty else {
            return Ledger.busyTimeoutMilliseconds
        }
        guard let milliseconds = Int(text), (0...3_600_000).contains(milliseconds) else {
            throw UsageError(
                "LEDGERPORT_BUSY_TIMEOUT_MS=\(text) is not a wait; expected whole milliseconds from 0 to 3600000")
        }
        return milliseconds
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
