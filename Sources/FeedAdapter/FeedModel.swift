/// A FinanceKit model with a stable id: a transaction, an account or an account balance.
public protocol FeedModel: Sendable, Hashable {
    /// The model's id, unique within its stream.
    var id: String { get }
}
