import LedgerCore

/// The state of a feed after applying batches in order: what a from-scratch sync would store.
///
/// Applying follows the sync rules: a `reset` batch first empties its stream; `inserted` and
/// `updated` both upsert by id; `deleted` removes (an unknown id is a no-op) and wins over an
/// upsert of the same id in the same batch. Models keep the order in which their id first
/// appeared. The JSON Lines format adapter uses it to import a whole feed at once, and tests
/// use it as the expected outcome of a sync.
public struct FeedSnapshot: Sendable {
    /// The accounts by id.
    public private(set) var accounts: [String: FeedAccount] = [:]
    /// Each account's balances by id.
    public private(set) var balances: [String: [String: FeedAccountBalance]] = [:]
    /// Each account's transactions by id.
    public private(set) var transactions: [String: [String: FeedTransaction]] = [:]
    /// The last batch applied per stream: its sequence number and token.
    public private(set) var positions: [FeedStream: (seq: Int, token: String)] = [:]
    private var order: [String: Int] = [:]
    private var counter = 0

    /// An empty feed.
    public init() {}

    /// Applies one batch.
    public mutating func apply(_ batch: FeedBatch) {
        switch batch.changes {
        case .accounts(let changes):
            var models = batch.reset ? [:] : accounts
            apply(changes, to: &models)
            accounts = models
        case .balances(let changes):
            let account = batch.stream.accountID ?? ""
            var models = batch.reset ? [:] : balances[account, default: [:]]
            apply(changes, to: &models)
            balances[account] = models
        case .transactions(let changes):
            let account = batch.stream.accountID ?? ""
            var models = batch.reset ? [:] : transactions[account, default: [:]]
            apply(changes, to: &models)
            transactions[account] = models
        }
        positions[batch.stream] = (batch.seq, batch.newToken)
    }

    /// The accounts in the order they first appeared.
    public var orderedAccounts: [FeedAccount] { ordered(accounts) }

    /// One account's transactions in the order they first appeared.
    public func orderedTransactions(of accountID: String) -> [FeedTransaction] {
        ordered(transactions[accountID] ?? [:])
    }

    /// One account's balances in the order they first appeared.
    public func orderedBalances(of accountID: String) -> [FeedAccountBalance] {
        ordered(balances[accountID] ?? [:])
    }

    // MARK: - Private

    private mutating func apply<Model: FeedModel>(_ changes: FeedModelChanges<Model>, to models: inout [String: Model])
    {
        for model in changes.upserts {
            models[model.id] = model
            if order[model.id] == nil {
                order[model.id] = counter
                counter += 1
            }
        }
        for id in changes.deleted { models[id] = nil }
    }

    private func ordered<Model: FeedModel>(_ models: [String: Model]) -> [Model] {
        models.values.sorted { (order[$0.id] ?? 0, $0.id) < (order[$1.id] ?? 0, $1.id) }
    }
}
