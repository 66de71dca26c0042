import LedgerCore

/// FinanceKit's `TransactionStatus`, and what ledgerport makes of each.
///
/// | FinanceKit   | ledgerport                                                          |
/// | ------------ | ------------------------------------------------------------------- |
/// | `booked`     | stored, ``TransactionStatus/booked``: counted in balances            |
/// | `pending`    | stored, ``TransactionStatus/pending``: shown, not counted            |
/// | `authorized` | stored, ``TransactionStatus/pending`` (memo says "authorized")      |
/// | `memo`       | stored, ``TransactionStatus/pending`` (memo says "informational"): never counted |
/// | `rejected`   | not stored; an earlier row with the same id is deleted               |
///
/// A rejected transaction never moved money, so it has no place in a ledger whose rows all may
/// one day count; keeping it as a row would make every listing and every sum filter it out.
/// Deleting the id also removes a pending row that the bank later rejected. Syncs and imports
/// count rejected records in their reports, so nothing disappears silently.
public enum FeedTransactionStatus: String, Sendable, Hashable, CaseIterable {
    case authorized
    case booked
    case memo
    case pending
    case rejected

    /// The status a stored row gets, or `nil` for a transaction that is not stored (`rejected`).
    public var ledgerStatus: TransactionStatus? {
        switch self {
        case .booked: return .booked
        case .pending, .authorized, .memo: return .pending
        case .rejected: return nil
        }
    }

    /// Reads the field `key` of an object.
    static func decode(_ object: JSONObjectReader, _ key: String) throws(FeedError) -> FeedTransactionStatus {
        let text = try object.string(key)
        guard let status = FeedTransactionStatus(rawValue: text) else {
            throw object.error(.unknownStatus(found: text), key)
        }
        return status
    }
}
