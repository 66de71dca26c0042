/// A balance the source states for an account at the end of a day.
///
/// The signed amount is from the holder's side: negative for an overdraft or for money owed on
/// a card. Checkpoints compare the ledger against ``Kind/ledger`` balances; an ``Kind/opening``
/// balance (a CSV running balance minus the first row) seeds an account's first checkpoint.
public struct StatementBalance: Sendable, Hashable {
    /// What the balance measures.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The booked balance at the end of `asOf` (OFX `LEDGERBAL`, a CSV's last running balance).
        case ledger
        /// The balance available to spend (OFX `AVAILBAL`); shown, never reconciled against.
        case available
        /// The balance at the end of `asOf`, before the source's first transaction.
        case opening
    }

    /// The account's name, as declared by the same source.
    public var account: String
    /// The day at whose end the balance holds.
    public var asOf: Day
    /// The balance in signed minor units.
    public var signedMinorUnits: Int64
    /// The balance's currency.
    public var currency: Currency
    /// Which balance this is.
    public var kind: Kind
    /// Where the source states it.
    public var location: SourceLocation

    /// Creates a statement balance.
    public init(
        account: String, asOf: Day, signedMinorUnits: Int64, currency: Currency, kind: Kind = .ledger,
        location: SourceLocation
    ) {
        self.account = account
        self.asOf = asOf
        self.signedMinorUnits = signedMinorUnits
        self.currency = currency
        self.kind = kind
        self.location = location
    }

    /// The balance as a decimal string, such as `-120.00`.
    public var formatted: String { Money.format(signedMinorUnits, currency: currency) }
}
