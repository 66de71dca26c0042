import LedgerCore

/// Why a stream stopped: where (file, line, column) and what.
public struct FeedSyncFailure: Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What was found and what was expected, with the JSON path when there is one.
    public var reason: String

    /// Creates a failure.
    public init(location: SourceLocation, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// Records a located error.
    init(_ error: any LocatedError) {
        self.init(location: error.location, reason: error.message)
    }

    /// `FILE:LINE:COLUMN: error: REASON`.
    public var description: String { "\(location): error: \(reason)" }
}
