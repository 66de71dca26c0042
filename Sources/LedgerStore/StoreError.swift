import LedgerCore

/// A failure in the ledger's database, or a record the store refused.
///
/// SQLite failures carry the SQL text and SQLite's code and message, never the bound values (they
/// may hold account data). The location names the database file, or the record that was being
/// saved when a batch failed.
public struct StoreError: LocatedError, Hashable {
    /// Why the store failed.
    public enum Reason: Sendable, Hashable {
        /// A SQLite call failed; `function` names the C function.
        case sqlite(function: String, code: ResultCode, message: String, sql: String?)
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
        if case .sqlite(_, let code, _, _) = reason { return code }
        return nil
    }

    public var message: String {
        switch reason {
        case .sqlite(let function, let code, let message, let sql):
            let statement = sql.map { " in `\($0.split(whereSeparator: \.isNewline).joined(separator: " "))`" } ?? ""
            return "database error: \(function) returned \(code) (\(message))\(statement)\(Self.hint(forCode: code))"
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
        case .accountLimit(let account, let currency, let volume, let balance):
            let code = Currency(code: currency)
            func amount(_ value: Int64) -> String {
                (code.map { Money.format(value, currency: $0) } ?? String(value)) + " " + currency
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

    /// What a SQLite failure that comes from the machine, not from ledgerport, means for the person.
    private static func hint(forCode code: ResultCode) -> String {
        switch code {
        case .busy, .locked:
            return "; another process held the ledger's write lock past the busy timeout: try again when it is done"
        case .readOnly:
            return "; the database file or its folder can't be written"
        case .full:
            return "; the disk holding the database is full"
        case .cantOpen:
            return "; the database file can't be opened or created there"
        case .corrupt, .notADatabase:
            return "; the ledger file is damaged: `ledgerport check` says what is wrong and how to recover"
        default:
            return ""
        }
    }
}
