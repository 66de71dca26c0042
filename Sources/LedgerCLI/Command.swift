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

    /// Whether the command reads or writes a ledger (`formats`, `mappings` and `adapters` don't).
    static var opensLedger: Bool { get }

    init(arguments: ParsedArguments) throws(UsageError)
    func run(in context: CommandContext) throws -> Int32
}

extension Command {
    static var discussion: String { "" }
    static var arguments: String { "" }
    static var subcommands: [any Command.Type] { [] }
    static var opensLedger: Bool { true }

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
        let globals = [
            OptionSpec.value(
                "--db", "PATH|URL",
                "The ledger: a SQLite file or a postgresql:// URL (else $LEDGERPORT_DB, else "
                    + "$XDG_DATA_HOME/ledgerport/ledger.sqlite)."),
            OptionSpec.value(
                "--ledger", "NAME", "With --db postgresql://…: the ledger on the server (default: ledger)."),
        ]
        let label = { (spec: OptionSpec) in spec.name + (spec.value.map { " " + $0 } ?? "") }
        // One column for the command's options and the global ones, as wide as the longest label:
        // padding to a shorter width would cut a label (`--db PAT`).
        let width = ((all + globals).map { label($0).count }.max() ?? 0) + 2
        let row = { (spec: OptionSpec) in
            "  " + label(spec).padding(toLength: width, withPad: " ", startingAt: 0) + spec.help
        }
        lines += all.map(row)
        lines += ["", "GLOBAL OPTIONS:"] + globals.map(row)
        return lines.joined(separator: "\n")
    }
}

/// What a command runs with: the console, the environment, and the ledger's location.
final class CommandContext {
    let console: Console
    let environment: [String: String]
    /// The ledger's file, or for a PostgreSQL target how messages name the server and ledger.
    let databasePath: String
    /// The ledger the command works on: a SQLite file or a ledger on a PostgreSQL server.
    let target: LedgerTarget
    private var openedLedger: Ledger?
    private var openedPostgresLedger: PostgresLedger?
    /// Whether the server holds the ledger, once asked (``hasLedger``).
    private var postgresLedgerExists: Bool?
    /// External adapters, found and described at most once (CommandContext+Adapters.swift).
    let adapterCache = AdapterCache()

    init(console: Console, environment: [String: String], target: LedgerTarget) {
        self.console = console
        self.environment = environment
        self.target = target
        self.databasePath = target.shownName
    }

    /// The PostgreSQL ledger, connected and opened on first use (created and migrated when the
    /// server has none of that name yet: ``PostgresLedger/init(connection:name:)``).
    ///
    /// - Precondition: the target is a PostgreSQL ledger (commands check ``LedgerTarget/isPostgres``).
    func postgresLedger() throws -> PostgresLedger {
        if let openedPostgresLedger { return openedPostgresLedger }
        guard case .postgres(let connection, let name, _) = target else {
            preconditionFailure("postgresLedger() on a SQLite target")
        }
        let ledger = try PostgresLedger(connection: try PostgresConnection(connection), name: name)
        openedPostgresLedger = ledger
        return ledger
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

    /// The ledger to read, whichever store holds it: the SQLite file (which must exist, as for
    /// ``ledger(creatingIfMissing:)``) or the PostgreSQL ledger. The listings read through it.
    ///
    /// - Throws: ``RuntimeError`` "no ledger at PATH" for a missing file; a ``StoreError`` when
    ///   the server can't be reached or the ledger can't be opened.
    func reader() throws -> any LedgerReading {
        target.isPostgres ? try importStore() : try ledger()
    }

    /// The ledger when its file exists, else `nil` (nothing is created): for a dry run.
    func existingLedger() throws -> Ledger? {
        hasLedger ? try ledger() : nil
    }

    /// The ledger to import into, whichever store holds it, created when missing as
    /// ``ledger(creatingIfMissing:)`` does (on a server: its schema).
    func importStore(creatingIfMissing: Bool = false) throws -> any ImportStore {
        guard target.isPostgres else { return try ledger(creatingIfMissing: creatingIfMissing) }
        if !creatingIfMissing, try !checkHasLedger() {
            throw RuntimeError("no ledger at \(databasePath); `ledgerport import FILE` creates one")
        }
        return try postgresLedger()
    }

    /// The ledger to sync into, whichever store holds it, created when missing as
    /// ``importStore(creatingIfMissing:)`` does.
    func syncStore(creatingIfMissing: Bool = false) throws -> any SyncStore {
        guard target.isPostgres else { return try ledger(creatingIfMissing: creatingIfMissing) }
        if !creatingIfMissing, try !checkHasLedger() {
            throw RuntimeError("no ledger at \(databasePath); `ledgerport import FILE` creates one")
        }
        return try postgresLedger()
    }

    /// The ledger to change by hand, whichever store holds it (it must exist).
    func correctionStore() throws -> any CorrectionStore {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }

    /// The ledger to import into when it exists, else `nil` (nothing is created): for a dry run.
    func existingImportStore() throws -> (any ImportStore)? {
        try checkHasLedger() ? try importStore() : nil
    }

    /// Whether the ledger exists: its file (an in-memory ledger always does), or on a server its
    /// schema (asked once).
    ///
    /// A server that can't be asked counts as holding none here; ``checkHasLedger()`` says why.
    var hasLedger: Bool {
        guard target.isPostgres else {
            return openedLedger != nil || databasePath == ":memory:"
                || FileManager.default.fileExists(atPath: databasePath)
        }
        return (try? checkHasLedger()) ?? false
    }

    /// Whether the ledger exists, as ``hasLedger``, with the server's failure thrown rather than
    /// taken for a missing ledger (an unreachable server is not "no ledger").
    func checkHasLedger() throws -> Bool {
        guard case .postgres(let connection, let name, _) = target else { return hasLedger }
        if openedPostgresLedger != nil { return true }
        if let known = postgresLedgerExists { return known }
        let exists = try PostgresLedger.storedVersion(of: name, on: PostgresConnection(connection)) != nil
        postgresLedgerExists = exists
        return exists
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

    /// The existing account an `ACCOUNT` argument or `--account` value names (see
    /// ``AccountNameMatch`` for the rule: exact, then ignoring case, then an unambiguous prefix or
    /// short form). The one resolver every command that reads an existing account uses.
    ///
    /// - Throws: ``RuntimeError`` (exit 1) when no account fits, with the close ones as
    ///   suggestions, or when several do, listing them: it never picks one of several.
    func account(named name: String) throws -> StoredAccount {
        let ledger = try reader()
        if let exact = try ledger.account(named: name) { return exact }
        let names = try ledger.allAccounts().map(\.name)
        switch AccountNameMatch.resolve(name, among: names) {
        case .found(let found):
            guard let account = try ledger.account(named: found) else {
                throw StoreError(.unknownAccount(name), at: .file(databasePath))
            }
            return account
        case .ambiguous(let candidates):
            throw RuntimeError(
                "\"\(name)\" names more than one account: \(Self.quoted(candidates)); expected one of them, spelled out"
            )
        case .unknown(let suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean \(Self.quoted(suggestions, or: true))?"
            throw RuntimeError("no account named \"\(name)\"\(hint) (`ledgerport accounts` lists them)")
        }
    }

    /// Checks an `import --account NAME` value: the exact name of an account imports into it, and a
    /// name no account has creates one, unless it looks like an existing account's (the same but
    /// for case, a prefix or short form of one, or a small edit away): that is refused with the
    /// existing name, since a typo would split one account in two.
    ///
    /// - Throws: ``RuntimeError`` (exit 1) naming the existing account(s).
    func checkNewAccountName(_ name: String) throws {
        let ledger = try reader()
        guard try ledger.account(named: name) == nil else { return }
        let similar: [String]
        switch AccountNameMatch.resolve(name, among: try ledger.allAccounts().map(\.name)) {
        case .found(let found): similar = [found]
        case .ambiguous(let candidates): similar = candidates
        case .unknown(let suggestions): similar = suggestions
        }
        guard !similar.isEmpty else { return }
        throw RuntimeError(
            "no account is named \"\(name)\" exactly, and it looks like \(Self.quoted(similar, or: true)); "
                + "expected the existing account's exact name (--account \"\(similar[0])\"), or a name unlike any "
                + "account's to create a new one (`ledgerport accounts rename` can give it a similar name afterwards)")
    }

    /// Names in double quotes, separated by commas (or by `or`).
    static func quoted(_ names: [String], or: Bool = false) -> String {
        names.map { "\"\($0)\"" }.joined(separator: or ? " or " : ", ")
    }
}

/// A failure while running a command that is not bad usage: exit code 1.
struct RuntimeError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
