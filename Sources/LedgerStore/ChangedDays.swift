import LedgerCore

/// Per account, the earliest booking day on which a write changed booked figures: every
/// checkpoint on or after it may be stale and is recomputed before the write commits.
///
/// A write notes the day of each row it inserts or deletes, both days of a row it updates (a row
/// may move from one window to another), and the day of a restated statement balance; then
/// ``Ledger/refreshCheckpoints(after:)`` recomputes, once per account, the checkpoints from there.
struct ChangedDays {
    private(set) var earliest: [Int64: (account: StoredAccount, day: Day)] = [:]

    /// Whether nothing was noted.
    var isEmpty: Bool { earliest.isEmpty }

    /// Notes that an account's figures changed on a day.
    mutating func note(_ day: Day, of account: StoredAccount) {
        if let known = earliest[account.id], known.day <= day { return }
        earliest[account.id] = (account, day)
    }
}
