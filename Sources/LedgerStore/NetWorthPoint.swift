import LedgerCore

/// The net worth in one currency at the end of a day: every account's balance added.
public struct NetWorthPoint: Sendable, Hashable {
    public var day: Day
    public var currency: Currency
    /// In signed minor units: a liability's balance counts negative, as the ledger holds it.
    public var amount: Int64

    /// Creates a point.
    public init(day: Day, currency: Currency, amount: Int64) {
        self.day = day
        self.currency = currency
        self.amount = amount
    }
}
