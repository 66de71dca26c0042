/// Where a synced feed stream stands: the feed's epoch, the last batch applied and its token.
public struct SyncPosition: Sendable, Hashable {
    /// The feed's epoch when the batch was applied.
    public var epoch: String
    /// The sequence number of the last batch applied.
    public var lastSeq: Int
    /// The `newToken` of that batch.
    public var lastToken: String

    /// Creates a position.
    public init(epoch: String, lastSeq: Int, lastToken: String) {
        self.epoch = epoch
        self.lastSeq = lastSeq
        self.lastToken = lastToken
    }
}
