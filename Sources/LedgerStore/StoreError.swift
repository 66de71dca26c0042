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
        case sqlite(function: String, code: Int32, message: String, sql: String?)
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
    }

    public var reason: Reason
    public var location: SourceLocation

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// The SQLite result code, when the failure came from SQLite.
    public var sqliteCode: Int32? {
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
        }
    }

    /// What a SQLite failure that comes from the machine, not from ledgerport, means for the person.
    private static func hint(forCode code: Int32) -> String {
        switch code & 0xFF {
        case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
            return "; another process held the ledger's write lock past the busy timeout: try again when it is done"
        case 8:  // SQLITE_READONLY
            return "; the database file or its folder can't be written"
        case 13:  // SQLITE_FULL
            return "; the disk holding the database is full"
        case 14:  // SQLITE_CANTOPEN
            return "; the database file can't be opened or created there"
        default:
            return ""
        }
    }
}
