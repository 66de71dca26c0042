/// Which way money moved, seen from the account holder.
///
/// `credit` is money in (a deposit, a refund, a card payment that lowers what is owed); `debit` is
/// money out (a purchase, a withdrawal, a fee). Amounts are stored positive together with a
/// direction; the sign exists only in ``Money/signedMinorUnits(_:)``.
public enum Direction: String, Sendable, Hashable, CaseIterable, Codable {
    case credit
    case debit

    /// The other direction.
    public func reversed() -> Direction { self == .credit ? .debit : .credit }

    /// Turns this value into the other direction.
    public mutating func reverse() { self = reversed() }
}
