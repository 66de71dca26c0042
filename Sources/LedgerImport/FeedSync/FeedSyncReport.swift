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
    /// Earlier checkpoints whose figures changed because the sync inserted, updated or deleted
    /// rows in their windows, or restated their statement balance, with their new figures (the
    /// store recomputes them in the transaction that changed their windows).
    public var refreshed: [Checkpoint] = []
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
