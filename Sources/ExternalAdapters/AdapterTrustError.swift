import LedgerCore

/// The trust file can't be read or written, or an executable can't be hashed.
///
/// Located at the file concerned: the trust file (at the line and column of a bad entry) or the
/// adapter's executable.
public struct AdapterTrustError: LocatedError {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The trust file isn't the JSON array of pins it should be.
        case damagedTrustFile(String)
        /// A file couldn't be read or written; the text is the system's reason.
        case io(String)
        /// Neither `XDG_CONFIG_HOME` nor `HOME` names an absolute folder.
        case noConfigFolder
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
        case .damagedTrustFile(let what):
            return "the trusted adapters file is damaged: \(what); expected a JSON array of "
                + "{name, path, sha256, version, trustedAt} (fix it, or delete it and trust the adapters again)"
        case .io(let what):
            return what
        case .noConfigFolder:
            return "no folder for the trusted adapters file: expected XDG_CONFIG_HOME or HOME to be an absolute path"
        }
    }
}
