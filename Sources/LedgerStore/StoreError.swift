import LedgerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure in the ledger's database, or a record the store refused.
///
/// SQLite failures carry the SQL text and SQLite's code and message, never the bound values (they
/// may hold account data). The location names the database file, or the record that was being
/// saved when a batch failed.
public struct StoreError: LocatedError, Hashable {
    /// Why the store failed.
    public enum Reason: Sendable, Hashable {
        /// A SQLite call failed on the ledger file `ledger`; `function` names the C function,
        /// `busyTimeout` is how long the connection waits for another process's lock (when set).
        case sqlite(
            function: String, code: ResultCode, message: String, sql: String?, ledger: String, busyTimeout: Int?)
        /// A PostgreSQL call failed on the server `target` (as ``PostgresConnection/shownTarget``
        /// shows it: never a password); `function` names the libpq function, `sqlState` the
        /// server's code when it sent one.
        case postgres(function: String, sqlState: SQLState?, message: String, sql: String?, target: String)
        /// A PostgreSQL ledger name that can't name a schema: `expected` says what can.
        case ledgerName(String, expected: String)
        /// The database was written by a newer ledgerport (its schema version is unknown here).
        case schemaTooNew(found: Int, known: Int)
        /// No account has that name.
        case unknownAccount(String)
        /// A record's currency differs from its account's.
        case currencyMismatch(account: String, accountCurrency: String, found: String)
        /// A value read back from the database is not what the schema promises.
        case corruptValue(column: String, found: String)
        /// A sum does not fit in 64 bits.
        case overflow(String)
        /// A rename, merge or change of an account that the ledger's contents forbid.
        case accountChangeRefused(AccountChangeRefusal)
        /// A correction (a checkpoint by hand, an undo, a deletion, an edit) the ledger forbids.
        case correctionRefused(CorrectionRefusal)
        /// The file exists but is not a ledgerport ledger; `why` says what it is instead.
        case notALedger(path: String, why: String)
        /// The ledger file is damaged: what the check found, first lines first.
        case damaged(path: String, findings: [String])
        /// A record or balance would take an account past what its sums can hold (see
        /// ``Ledger/accountLimit``): `volume` is the sum of the account's amounts with it, `balance`
        /// the largest balance stated for the account with it, both in minor units.
        case accountLimit(account: String, currency: String, volume: Int64?, balance: Int64?)
        /// A commodity written with other decimals than the ledger declares for it (amounts are
        /// never rescaled).
        case commodityConflict(code: String, declared: Int, existing: Int)
        /// `commodities add` with other decimals for a commodity that accounts already use.
        case commodityInUse(code: String, digits: Int, wanted: Int, accounts: Int)
        /// A booked row whose source id the account already holds for a booked row of another day
        /// or amount: `stored` and `found` describe the two (day, amount, where each came from).
        case idReused(id: String, stored: String, found: String)
        /// A row whose id is a part (`<id>/<n>`) of an entry the account holds whole, or the whole
        /// of an entry whose parts it holds: `storedID` is the stored row's id.
        case splitFamily(id: String, storedID: String, stored: String, found: String)
        /// A recurring rule change the ledger refuses (a name taken, charges a delete would lose):
        /// what and what to do.
        case recurringRefused(String)
    }

    public var reason: Reason
    public var location: SourceLocation

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// The SQLite result code, when the failure came from SQLite.
    public var sqliteCode: ResultCode? {
        if case .sqlite(_, let code, _, _, _, _) = reason { return code }
        return nil
    }

    /// The server's SQLSTATE, when the failure came from PostgreSQL and the server sent one.
    public var sqlState: SQLState? {
        if case .postgres(_, let state, _, _, _) = reason { return state }
        return nil
    }

    /// For a SQLite failure, the C function, SQLite's code and message and the SQL, for debugging:
    /// `sqlite3_exec returned 5 (database is locked) in `BEGIN IMMEDIATE``. The ``message`` of a
    /// common failure (a lock, a file that can't be opened or written, a full disk) speaks of the
    /// ledger file instead.
    public var sqliteDetail: String? {
        guard case .sqlite(let function, let code, let message, let sql, _, _) = reason else { return nil }
        let statement = sql.map { " in `\($0.split(whereSeparator: \.isNewline).joined(separator: " "))`" } ?? ""
        return "\(function) returned \(code) (\(message))\(statement)"
    }

    public var message: String {
        switch reason {
        case .sqlite(_, let code, let message, _, let ledger, let busyTimeout):
            return Self.sentence(code: code, sqliteMessage: message, ledger: ledger, busyTimeout: busyTimeout)
                ?? "database error: \(sqliteDetail ?? "")\(Self.hint(forCode: code))"
        case .postgres(let function, let state, let message, let sql, let target):
            let code = state.map { " (SQLSTATE \($0))" } ?? ""
            let statement = sql.map { " in `\($0.split(whereSeparator: \.isNewline).joined(separator: " "))`" } ?? ""
            return "PostgreSQL error on \(target): \(function) failed\(code): \(message)\(statement)"
        case .ledgerName(let name, let expected):
            return "\"\(name)\" can't name a ledger on a PostgreSQL server; expected \(expected)"
        case .schemaTooNew(let found, let known):
            return
                "the database's schema is version \(found), newer than this ledgerport knows (\(known)); upgrade ledgerport"
        case .unknownAccount(let name):
            return "no account named \"\(name)\"; `ledgerport accounts` lists them"
        case .currencyMismatch(let account, let accountCurrency, let found):
            return "account \"\(account)\" holds \(accountCurrency); a record in \(found) can't be added to it"
        case .corruptValue(let column, let found):
            return "the database holds \"\(found)\" in \(column), which this version can't read"
        case .overflow(let what):
            return "\(what) does not fit in 64 bits of minor units"
        case .accountChangeRefused(let refusal):
            return refusal.message
        case .correctionRefused(let refusal):
            return refusal.message
        case .notALedger(let path, let why):
            return "\(path) is not a ledgerport ledger (\(why))"
        case .damaged(let path, let findings):
            let shown = findings.prefix(3).joined(separator: "; ") + (findings.count > 3 ? "; …" : "")
            return "the ledger \(path) is damaged (\(shown)); nothing was written to it. "
                + Self.recovery(for: path)
        case .commodityConflict(let code, let declared, let existing):
            return CoreError(.commodityConflict(code: code, declared: declared, existing: existing), at: location)
                .message + "; nothing of this write was stored"
        case .commodityInUse(let code, let digits, let wanted, let accounts):
            let noun = accounts == 1 ? "account holds" : "accounts hold"
            return "\(code) is declared with \(digits) decimals and \(accounts) \(noun) it, so it can't become "
                + "\(wanted) decimals; expected \(digits) (stored amounts are never rescaled)"
        case .idReused(let id, let stored, let found):
            return "id \"\(id)\" is already stored for this account as another booking (\(stored)); this row is "
                + "\(found); expected one booking per id (the source reuses its ids?). Nothing of this batch was stored"
        case .recurringRefused(let text):
            return text
        case .splitFamily(let id, let storedID, let stored, let found):
            let (part, whole) = storedID.count > id.count ? (storedID, id) : (id, storedID)
            return "id \"\(id)\" (\(found)) and the stored \"\(storedID)\" (\(stored)) are one batch entry, "
                + "\"\(whole)\" whole and \"\(part)\" one of its payments: the files show it at two levels of "
                + "detail; expected one form (import either the file with the entry whole or the one with its payments, "
                + "not both: the payments would count twice). Nothing of this batch was stored"
        case .accountLimit(let account, let currency, let volume, let balance):
            let code = Currency(code: currency)
            func amount(_ value: Int64) -> String {
                // A declared commodity's decimals are the ledger's, not known here: minor units, said so.
                code.map { Money.format(value, currency: $0) + " " + currency } ?? "\(value) minor units of \(currency)"
            }
            let limit = amount(Int64.max)
            let amounts = volume.map { "add up to \(amount($0))" } ?? "add up to more than \(limit)"
            let largest = balance.map { "is \(amount($0))" } ?? "is more than \(limit)"
            return "account \"\(account)\": the account's total would exceed what its sums can hold: with it, "
                + "its amounts \(amounts) and its largest balance \(largest); the amounts plus twice the "
                + "largest balance must stay within \(limit) (2^63 - 1 minor units). Nothing of this write was stored"
        }
    }

    /// How to recover a damaged ledger, for messages and for `ledgerport check`.
    public static func recovery(for path: String) -> String {
        "To recover: restore a backup of \(path); or copy out what SQLite can still read: "
            + "`sqlite3 \(path) .dump > ledger.sql` (`.recover` instead of `.dump` when the dump stops short), "
            + "`sqlite3 NEW.sqlite < ledger.sql`, "
            + "`sqlite3 NEW.sqlite \"PRAGMA user_version = $(sqlite3 \(path) 'PRAGMA user_version')\"`, "
            + "then `ledgerport --db NEW.sqlite check`; or import the source files again into a new ledger "
            + "(`ledgerport --db NEW.sqlite import …`)"
    }

    /// What a common SQLite failure, one that comes from the machine and not from ledgerport,
    /// means for the person, as a sentence about the ledger file; `nil` for the others.
    private static func sentence(code: ResultCode, sqliteMessage: String, ledger: String, busyTimeout: Int?)
        -> String?
    {
        switch code {
        case .busy, .locked:
            let waited = busyTimeout.map { ": waited \($0) ms" } ?? ""
            return "the ledger \(ledger) is locked by another process (an import or sync?)\(waited); "
                + "try again when it is done"
        case .readOnly:
            return "the ledger \(ledger) can't be written: the file, its folder or its file system is read-only"
        case .full:
            return "the disk holding the ledger \(ledger) is full; nothing of the failed write was stored. "
                + "Free some space and run it again"
        case .cantOpen:
            return "can't open the ledger \(ledger): \(openFailure(at: ledger))"
        case .ioError:
            return "the system could not read or write the ledger \(ledger) (\(sqliteMessage), SQLite code \(code))"
        default:
            return nil
        }
    }

    /// Why a file can't be opened, found by stat(2) and access(2): "it is a folder", "its folder
    /// /x does not exist", "permission denied", …
    static func openFailure(at path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return "it is a folder" }
            if access(path, R_OK | W_OK) != 0 { return systemReason(errno) }
            return "it can't be opened there"
        }
        let failure = errno
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        switch failure {
        case ELOOP:
            return "its path is a loop of symbolic links"
        case ENOTDIR:
            return "a part of its path is a file, not a folder"
        case ENOENT:
            if lstat(path, &info) == 0 {
                var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &target, target.count - 1)
                let named =
                    length > 0
                    ? " " + String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
                return "it is a symbolic link to\(named), a file whose folder does not exist"
            }
            if stat(folder, &info) != 0 { return "its folder \(folder) does not exist" }
            if access(folder, W_OK) != 0 {
                return "it can't be created in its folder \(folder): \(systemReason(errno))"
            }
            return "it can't be created there"
        default:
            return systemReason(failure)
        }
    }

    /// An errno in words: "permission denied", "the file system is read-only", else strerror's text.
    private static func systemReason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "its file system is read-only"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// What a SQLite failure that comes from the machine, not from ledgerport, means for the person.
    private static func hint(forCode code: ResultCode) -> String {
        switch code {
        case .corrupt, .notADatabase:
            return "; the ledger file is damaged: `ledgerport check` says what is wrong and how to recover"
        default:
            return ""
        }
    }
}
