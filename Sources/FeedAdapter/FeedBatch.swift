import Foundation
import LedgerCore

/// One batch of one stream, mirroring FinanceKit's `Changes`:
/// `{"stream", "accountID", "seq", "previousToken", "newToken", "reset", "inserted", "updated", "deleted"}`.
///
/// `previousToken` is the `newToken` of batch `seq - 1` (`null` for the first); a reader that
/// stored another token has lost the thread and must resync the stream. `reset: true` makes the
/// batch a full snapshot of the stream: whatever it does not hold is gone.
public struct FeedBatch: Sendable, Hashable {
    /// The stream the batch belongs to.
    public var stream: FeedStream
    /// The batch's sequence number (1, 2, ...), as in its file name.
    public var seq: Int
    /// The token of the batch before, or `nil` for the first.
    public var previousToken: String?
    /// This batch's token.
    public var newToken: String
    /// Whether the batch is a full snapshot of the stream.
    public var reset: Bool
    /// What the batch changes.
    public var changes: FeedChanges
    /// Where the batch is (its file, or its line in the JSON Lines form).
    public var location: SourceLocation

    /// Creates a batch.
    public init(
        stream: FeedStream, seq: Int, previousToken: String?, newToken: String, reset: Bool, changes: FeedChanges,
        location: SourceLocation
    ) {
        self.stream = stream
        self.seq = seq
        self.previousToken = previousToken
        self.newToken = newToken
        self.reset = reset
        self.changes = changes
        self.location = location
    }
}

/// A batch's changes, typed by stream.
public enum FeedChanges: Sendable, Hashable {
    case accounts(FeedModelChanges<FeedAccount>)
    case balances(FeedModelChanges<FeedAccountBalance>)
    case transactions(FeedModelChanges<FeedTransaction>)

    /// How many models and ids the batch lists.
    public var count: Int {
        switch self {
        case .accounts(let changes): return changes.count
        case .balances(let changes): return changes.count
        case .transactions(let changes): return changes.count
        }
    }
}
