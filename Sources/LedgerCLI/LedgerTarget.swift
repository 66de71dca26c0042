import Foundation
import LedgerStore

/// Which ledger a command works on: a SQLite file (the embedded default) or a ledger on a
/// PostgreSQL server (issue 21, in progress: docs/postgres.md says which commands run there).
///
/// `--db` (else `$LEDGERPORT_DB`) decides: a `postgresql://` or `postgres://` URL, or a libpq
/// key/value string (`host=/run/postgresql dbname=books`), names a server; anything else is a
/// path. On a server, `--ledger NAME`, else the URL's `?ledger=NAME`, else `$LEDGERPORT_LEDGER`,
/// else ``defaultLedgerName`` names the ledger (its schema).
enum LedgerTarget: Equatable {
    /// A SQLite ledger file.
    case sqlite(path: String)
    /// A ledger on a PostgreSQL server: the libpq connection string (without `ledger=`), the
    /// ledger's name, and how errors show the server (``PostgresConnection/shownTarget``).
    case postgres(connection: String, ledger: String, shown: String)

    /// The ledger a server target names when none is given.
    static let defaultLedgerName = "ledger"

    /// The libpq keywords a key/value string may start with: a value starting with one of them
    /// followed by `=` is a connection string, not a file name.
    private static let keywords: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
        "connect_timeout", "application_name", "options", "target_session_attrs", "sslrootcert",
        "sslcert", "sslkey", "channel_binding", "gssencmode", "require_auth", "load_balance_hosts",
    ]

    /// The target `--db` or `$LEDGERPORT_DB` names.
    ///
    /// - Parameters:
    ///   - option: `--db`'s value, if given.
    ///   - ledgerOption: `--ledger`'s value, if given.
    ///   - environment: the process environment.
    /// - Throws: ``UsageError`` for a server target holding a password (libpq reads it from
    ///   `PGPASSFILE` or `~/.pgpass`; the message never repeats it), one libpq can't read, two
    ///   ledger names that disagree, or `--ledger` with a SQLite path; ``StoreError`` for a server
    ///   target when libpq itself can't be loaded (a store failure, not bad usage).
    static func resolve(option: String?, ledgerOption: String?, environment: [String: String]) throws -> LedgerTarget {
        let text = LedgerLocation.databasePath(option: option, environment: environment)
        guard isServer(text) else {
            if let ledgerOption {
                throw UsageError(
                    "--ledger \(ledgerOption) names a ledger on a PostgreSQL server, but the ledger is the SQLite file "
                        + "\(text); expected --db postgresql://… (or a libpq key/value string) with it")
            }
            return .sqlite(path: text)
        }
        let (connection, named) = withoutLedgerParameter(text)
        // Reading the target takes libpq: one that is missing is said as such, below it would
        // read as an unreadable target.
        try PostgresConnection.loadLibrary()
        let shown: String
        do {
            if try PostgresConnection.hasPassword(connection) {
                throw UsageError(
                    "the PostgreSQL target holds a password; ledgerport takes none on the command line or in "
                        + "LEDGERPORT_DB: put it in ~/.pgpass (or the file PGPASSFILE names), where libpq reads it")
            }
            shown = try PostgresConnection.shownTarget(of: connection)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(
                "libpq can't read the PostgreSQL target; expected postgresql://USER@HOST:PORT/DBNAME?ledger=NAME "
                    + "or key=value pairs such as host=/run/postgresql dbname=books")
        }
        if let ledgerOption, let named, ledgerOption != named {
            throw UsageError("--ledger \(ledgerOption) and ?ledger=\(named) name different ledgers; expected one")
        }
        let fromEnvironment = environment["LEDGERPORT_LEDGER"].flatMap { $0.isEmpty ? nil : $0 }
        let ledger = ledgerOption ?? named ?? fromEnvironment ?? defaultLedgerName
        return .postgres(connection: connection, ledger: ledger, shown: shown)
    }

    /// Whether the target is a ledger on a server.
    var isPostgres: Bool {
        if case .postgres = self { return true }
        return false
    }

    /// The target as messages and `--json` name it: the path, or the server (its settings
    /// without any password) and the ledger.
    var shownName: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(_, let ledger, let shown): return "\(shown) ledger=\(ledger)"
        }
    }

    // MARK: - Private

    /// Whether `text` names a server: a PostgreSQL URL, or key/value pairs starting with a libpq keyword.
    private static func isServer(_ text: String) -> Bool {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") { return true }
        let first = text.drop { $0 == " " }
        guard let equals = first.firstIndex(of: "=") else { return false }
        let key = first[..<equals].trimmingSuffix(" ")
        return keywords.contains(String(key))
    }

    /// A URL without its `ledger` query parameter (libpq refuses parameters it doesn't know),
    /// and that parameter's value; a key/value string as it is.
    private static func withoutLedgerParameter(_ text: String) -> (String, String?) {
        guard text.hasPrefix("postgres"), let question = text.firstIndex(of: "?") else { return (text, nil) }
        var ledger: String?
        var kept: [Substring] = []
        for parameter in text[text.index(after: question)...].split(separator: "&") {
            if parameter.hasPrefix("ledger=") {
                let value = String(parameter.dropFirst("ledger=".count))
                ledger = value.removingPercentEncoding ?? value
            } else {
                kept.append(parameter)
            }
        }
        let base = String(text[..<question])
        return (kept.isEmpty ? base : base + "?" + kept.joined(separator: "&"), ledger)
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var result = self
        while result.last == character { result = result.dropLast() }
        return result
    }
}
