import LedgerCore

/// FinanceKit's `CreditDebitIndicator`, and how it maps onto ledgerport's directions and signs.
///
/// FinanceKit defines `credit` as "an amount which increases an asset or decreases a liability"
/// and `debit` as "an amount which increases a liability or decreases an asset". ledgerport sees
/// every account from the holder's side: a ``Direction/credit`` is money in and raises the
/// holder's balance, a ``Direction/debit`` is money out and lowers it, for assets and liabilities
/// alike; a card on which 120.00 is owed has a balance of -120.00.
///
/// | account kind | FinanceKit indicator | effect in FinanceKit's words | ledgerport direction | holder's balance |
/// | ------------ | -------------------- | ---------------------------- | -------------------- | ---------------- |
/// | asset        | credit (a salary)    | the asset grows              | credit               | rises            |
/// | asset        | debit (a purchase)   | the asset shrinks            | debit                | falls            |
/// | liability    | debit (a purchase)   | what is owed grows           | debit                | falls            |
/// | liability    | credit (a payment)   | what is owed shrinks         | credit               | rises            |
///
/// So for transactions the indicator *is* the direction, whatever the account's kind: FinanceKit
/// already speaks from the holder's side. The same holds for balances: FinanceKit writes a
/// liability's *spent* balance (money owed) as `debit` and a liability in credit as `credit`, an
/// asset's positive balance as `credit` and an overdraft as `debit`; the holder-side signed
/// balance is `+amount` for `credit` and `-amount` for `debit` for both kinds. The account's kind
/// is passed in anyway, so that the rule is stated, tested and changed in one place.
public enum FeedCreditDebitIndicator: String, Sendable, Hashable, CaseIterable {
    case credit
    case debit

    /// The ledgerport direction of a transaction with this indicator on an account of `kind`.
    public func direction(for kind: AccountKind) -> Direction {
        switch (kind, self) {
        case (.asset, .credit), (.liability, .credit): return .credit
        case (.asset, .debit), (.liability, .debit): return .debit
        }
    }

    /// A balance of `amount` with this indicator on an account of `kind`, signed from the holder's
    /// side, in minor units.
    public func signedBalance(_ amount: Money, for kind: AccountKind) -> Int64 {
        amount.signedMinorUnits(direction(for: kind))
    }

    /// Reads the field `key` of an object.
    static func decode(_ object: JSONObjectReader, _ key: String) throws(FeedError) -> FeedCreditDebitIndicator {
        let text = try object.string(key)
        guard let indicator = FeedCreditDebitIndicator(rawValue: text) else {
            throw object.error(.unknownIndicator(found: text), key)
        }
        return indicator
    }
}
