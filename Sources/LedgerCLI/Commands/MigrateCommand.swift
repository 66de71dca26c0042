import Foundation
import LedgerCore
import LedgerStore

/// `ledgerport migrate`: brings a ledger's schema up to the version this ledgerport writes.
struct MigrateCommand: Command {
    static let name = "migrate"
    static let abstract = "Create or upgrade a ledger's schema and print its version."
    static let discussion = """
        On a PostgreSQL server (--db postgresql://…, --ledger NAME) it creates the ledger's schema when
        the server has none of that name, else applies the steps it lacks, each in its own transaction;
        several processes doing it at once apply each step once. On a SQLite file it applies the steps
        the file lacks (`ledgerport import FILE` creates a file). Other commands upgrade a ledger when
        they open it too; migrate does only that, for a server's ledgers before their people use them.
        A ledger written by a newer ledgerport is refused (exit 1): upgrade ledgerport instead.
        """
    static let options: [OptionSpec] = [.flag("--json", "Print the result as JSON.")]

    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError("migrate takes no arguments") }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let before: Int?
        let after: Int
        switch context.target {
        case .sqlite(let path):
            guard path != ":memory:", FileManager.default.fileExists(atPath: path) else {
                throw RuntimeError("no ledger at \(path); `ledgerport import FILE` creates one")
            }
            before = try Ledger.storedVersion(at: path)
            let ledger = try Ledger(
                path: path, busyTimeoutMilliseconds: try context.busyTimeoutMilliseconds(), create: false)
            // Opened, it is migrated: the version is read back from the file as it now is.
            after = try withExtendedLifetime(ledger) { try Ledger.storedVersion(at: path) }
        case .postgres(let target, let name, _):
            let connection = try PostgresConnection(target)
            before = try PostgresLedger.storedVersion(of: name, on: connection)
            after = try PostgresLedger(connection: connection, name: name).storedVersion()
        }
        let action = before == nil ? "created" : before == after ? "unchanged" : "upgraded"
        if json {
            var ledgerName: JSONOutput = .null
            if case .postgres(_, let name, _) = context.target { ledgerName = .string(name) }
            let fromVersion: JSONOutput = before.map { JSONOutput.int($0) } ?? .null
            let fields: [(String, JSONOutput)] = [
                ("backend", .string(context.target.isPostgres ? "postgresql" : "sqlite")),
                ("target", .string(context.target.shownName)), ("ledger", ledgerName), ("action", .string(action)),
                ("fromVersion", fromVersion), ("version", .int(after)),
            ]
            context.console.print(JSONOutput.object(fields).rendered())
            return 0
        }
        let what = context.target.shownName
        switch (before, action) {
        case (nil, _): context.console.print("\(what): created at schema version \(after)")
        case (let before?, "upgraded"):
            context.console.print("\(what): upgraded from schema version \(before) to \(after)")
        default: context.console.print("\(what): already at schema version \(after), nothing to do")
        }
        return 0
    }
}
