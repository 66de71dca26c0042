import FeedAdapter
import LedgerCore
import LedgerStore

/// What `ledgerport sync` did: per stream, the batches applied and rows changed, whether the
/// stream was resynced and why, where it stopped if it did; then the checkpoints.
public struct FeedSyncReport: Sendable {
    /// The feed's path as given.
    public var feed: String
    /// One entry per stream of the feed, accounts first.
    public var streams: [FeedStreamReport] = []
    /// The checkpoints run after the sync, one per account whose streams changed.
    public var checkpoints: [Checkpoint] = []
    /// The newest available balance of each account whose streams changed: kept and shown,
    /// never reconciled against.
    public var availableBalances: [AvailableBalance] = []
    /// Whether the sync stopped early because it reached its batch limit (tests use this to
    /// stand in for a killed process).
    public var isInterrupted = false

    /// Creates an empty report.
    public init(feed: String) { self.feed = feed }

    /// Whether every stream synced to its end without a failure.
    public var isComplete: Bool { !isInterrupted && streams.allSatisfy { $0.failure == nil } }

    /// The batches applied over all streams.
    public var batches: Int { streams.reduce(0) { $0 + $1.batches } }
}

/// One stream's part of a sync.
public struct FeedStreamReport: Sendable, Hashable {
    /// The stream.
    public var stream: FeedStream
    /// Batches applied.
    public var batches = 0
    /// Rows inserted: transactions, accounts or statement balances, by stream.
    public var inserted = 0
    /// Rows rewritten (a pending transaction booked, an id listed again).
    public var updated = 0
    /// Rows deleted: by id, by a rejection, or because a snapshot no longer holds them.
    public var deleted = 0
    /// Rejected transactions met (never stored; a stored row of the same id is deleted).
    public var rejected = 0
    /// Whether the stored position was discarded and the stream replayed from a snapshot.
    public var resynced = false
    /// Why it was resynced.
    public var reason: String?
    /// The batch that stopped this stream, if one did; the batches before it stay applied.
    public var failure: FeedSyncFailure?
    /// The sequence number of the last batch applied, after the sync (`nil` if none ever was).
    public var lastSeq: Int?

    /// Creates an empty report for a stream.
    public init(stream: FeedStream) { self.stream = stream }
}

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

/// An account's newest available balance (what can be spent), as a feed states it.
public struct AvailableBalance: Sendable, Hashable {
    /// The account's name.
    public var account: String
    /// The day it holds at.
    public var asOf: Day
    /// The balance in signed minor units, from the holder's side.
    public var signedMinorUnits: Int64
    /// The account's currency.
    public var currency: Currency

    /// Creates an available balance.
    public init(account: String, asOf: Day, signedMinorUnits: Int64, currency: Currency) {
        self.account = account
        self.asOf = asOf
        self.signedMinorUnits = signedMinorUnits
        self.currency = currency
    }
}
