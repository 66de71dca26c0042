import LedgerCore

/// A problem with an import as a whole: a file that can't be read, a format that can't be told.
public struct ImportError: LocatedError, Hashable {
    /// Why the import could not go on.
    public enum Reason: Sendable, Hashable {
        /// The file can't be opened or read.
        case cannotRead(path: String, why: String)
        /// No adapter recognises the file.
        case unknownFormat(known: [String])
        /// `--format` names no registered adapter.
        case noSuchFormat(String, known: [String])
        /// A draft names an account its source never declared.
        case undeclaredAccount(String)
        /// More records of a kind the import keeps until its end (statement balances, reasons for
        /// skipping) than it keeps: `limit` of them.
        case tooManyKept(what: String, limit: Int)
    }

    public var reason: Reason
    public var location: SourceLocation

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    public var message: String {
        switch reason {
        case .cannotRead(let path, let why):
            return "can't read \(path): \(why)"
        case .unknownFormat(let known):
            return "the format of this file isn't recognised; name it with --format (\(known.joined(separator: ", ")))"
        case .noSuchFormat(let name, let known):
            return "there is no format \"\(name)\"; expected one of \(known.joined(separator: ", "))"
        case .undeclaredAccount(let name):
            return "a record names account \"\(name)\", which the source never declared"
        case .tooManyKept(let what, let limit):
            return "more than \(limit) \(what) in one file, the most an import keeps; expected far fewer"
        }
    }
}
