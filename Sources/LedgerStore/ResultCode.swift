import CSQLite

/// A SQLite result code: the primary code in the low byte, an extended code's detail above it.
///
/// Compare primary codes with the named constants, whatever the extended detail:
///
///     if error.sqliteCode?.primary == .busy { … }
///     switch code { case .full: …; default: … }   // `~=` matches extended codes too
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as SQLite returns it (extended codes are on for every connection).
    public let rawValue: Int32

    /// Wraps a code SQLite returned.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low byte (`SQLITE_IOERR_WRITE` → `SQLITE_IOERR`).
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// The number, as SQLite's documentation lists it.
    public var description: String { String(rawValue) }

    /// Whether `code` is `pattern` or one of its extended codes, when `pattern` is a primary code;
    /// otherwise whether they are equal.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.primary == pattern ? code.primary == pattern : code == pattern
    }

    /// `SQLITE_OK`.
    public static let ok = ResultCode(rawValue: SQLITE_OK)
    /// `SQLITE_ERROR`: a generic error (a SQL error, a constraint raised by a function).
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    /// `SQLITE_INTERNAL`.
    public static let `internal` = ResultCode(rawValue: SQLITE_INTERNAL)
    /// `SQLITE_PERM`: access permission denied.
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    /// `SQLITE_ABORT`.
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    /// `SQLITE_BUSY`: another connection holds a lock past the busy timeout.
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// `SQLITE_LOCKED`: a conflict within the same connection or shared cache.
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    /// `SQLITE_NOMEM`.
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    /// `SQLITE_READONLY`: the file or connection can't be written.
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// `SQLITE_INTERRUPT`.
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    /// `SQLITE_IOERR`: the operating system reported an I/O error.
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    /// `SQLITE_CORRUPT`: the database file is malformed.
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// `SQLITE_FULL`: the disk (or a size limit) is full.
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    /// `SQLITE_CANTOPEN`: the file can't be opened or created.
    public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    /// `SQLITE_CONSTRAINT`: a constraint (unique, check, foreign key) failed.
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    /// `SQLITE_MISUSE`: the library was used wrongly (a bug here).
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    /// `SQLITE_NOTADB`: the file is not a SQLite database.
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    /// `SQLITE_ROW`: `sqlite3_step` has a row ready.
    public static let row = ResultCode(rawValue: SQLITE_ROW)
    /// `SQLITE_DONE`: `sqlite3_step` has finished.
    public static let done = ResultCode(rawValue: SQLITE_DONE)
}
