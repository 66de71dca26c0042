/// A PostgreSQL error code (SQLSTATE): five characters, the first two naming the class.
///
/// Compare with the named constants: `if error.sqlState == .uniqueViolation { … }`; a class with
/// ``errorClass`` (`"40"`, transaction rollback, covers deadlocks and serialization failures).
public struct SQLState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The five characters as the server sends them (`23505`).
    public let rawValue: String

    /// Wraps a code the server sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The class: the first two characters (`23` integrity constraint violation).
    public var errorClass: String { String(rawValue.prefix(2)) }

    /// The code, as PostgreSQL's documentation lists it.
    public var description: String { rawValue }

    /// Whether running the same transaction again may succeed: a deadlock or a serialization
    /// failure, which the server resolved by rolling this transaction back.
    public var isRetryable: Bool { self == .deadlockDetected || self == .serializationFailure }

    /// `23505`: a unique index refused a row.
    public static let uniqueViolation = SQLState(rawValue: "23505")
    /// `23514`: a CHECK constraint refused a row.
    public static let checkViolation = SQLState(rawValue: "23514")
    /// `23502`: a NULL in a NOT NULL column.
    public static let notNullViolation = SQLState(rawValue: "23502")
    /// `23503`: a foreign key refused a row.
    public static let foreignKeyViolation = SQLState(rawValue: "23503")
    /// `40001`: a serializable transaction could not be ordered with another.
    public static let serializationFailure = SQLState(rawValue: "40001")
    /// `40P01`: two transactions waited on each other; the server rolled this one back.
    public static let deadlockDetected = SQLState(rawValue: "40P01")
    /// `P0001`: a PL/pgSQL `RAISE EXCEPTION` (a trigger's refusal).
    public static let raiseException = SQLState(rawValue: "P0001")
    /// `42P01`: the table does not exist.
    public static let undefinedTable = SQLState(rawValue: "42P01")
}
