/// FinanceKit's `CurrentBalance`: available, booked, or both.
public enum FeedCurrentBalance: Sendable, Hashable {
    case available(FeedBalance)
    case booked(FeedBalance)
    case availableAndBooked(available: FeedBalance, booked: FeedBalance)

    /// The booked balance, when stated.
    public var booked: FeedBalance? {
        switch self {
        case .booked(let balance), .availableAndBooked(_, let balance): return balance
        case .available: return nil
        }
    }

    /// The available balance, when stated.
    public var available: FeedBalance? {
        switch self {
        case .available(let balance), .availableAndBooked(let balance, _): return balance
        case .booked: return nil
        }
    }
}
