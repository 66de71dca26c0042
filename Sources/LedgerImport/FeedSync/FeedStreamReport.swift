import FeedAdapter

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
