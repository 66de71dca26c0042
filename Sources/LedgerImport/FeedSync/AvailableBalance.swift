import LedgerCore

/// An account's newest available balance (what can be spent), as a feed states it.
public struct AvailableBalance: Sendable, Hashable {
    /// The account's name.
    public var account: String
    /// The day it holds at.
    public var asOf: Day
    /// The balance in signed minor units, from the holder's side.
    public var signedMinorUnits: Int64
    /// The account's currency.
    public var currency: Currency

    /// Creates an available balance.
    public init(account: String, asOf: Day, signedMinorUnits: Int64, currency: Currency) {
        self.account = account
        self.asOf = asOf
        self.signedMinorUnits = signedMinorUnits
        self.currency = currency
    }
}
