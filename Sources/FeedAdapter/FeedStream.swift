/// One stream of a feed: the accounts, or one account's balances or transactions.
///
/// In the folder form a stream is a folder: `accounts/`, `balances/<accountID>/`,
/// `transactions/<accountID>/`. Streams order accounts first, then by account and kind, so
/// that accounts are always known before the streams that need them.
public struct FeedStream: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Which FinanceKit history a stream carries.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case accounts
        case balances
        case transactions
    }

    /// What the stream carries.
    public var kind: Kind
    /// The account the stream belongs to (`nil` for the accounts stream).
    public var accountID: String?

    /// Creates a stream id.
    ///
    /// - Precondition: `accountID` is `nil` exactly for the accounts stream.
    public init(kind: Kind, accountID: String? = nil) {
        precondition((kind == .accounts) == (accountID == nil), "only the accounts stream has no account")
        self.kind = kind
        self.accountID = accountID
    }

    /// The accounts stream.
    public static let accounts = FeedStream(kind: .accounts)

    /// The stream's folder inside the feed: `accounts`, `balances/<id>`, `transactions/<id>`.
    public var path: String {
        guard let accountID else { return kind.rawValue }
        return kind.rawValue + "/" + accountID
    }

    public var description: String { path }

    public static func < (lhs: FeedStream, rhs: FeedStream) -> Bool {
        let left = (lhs.accountID == nil ? 0 : 1, lhs.accountID ?? "", lhs.kind == .balances ? 0 : 1)
        let right = (rhs.accountID == nil ? 0 : 1, rhs.accountID ?? "", rhs.kind == .balances ? 0 : 1)
        return left < right
    }
}
