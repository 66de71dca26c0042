import LedgerCore

/// A FinanceKit `AccountBalance`, with FinanceKit's field names.
///
/// `currentBalance` has one of three shapes: `{"available": Balance}`, `{"booked": Balance}` or
/// `{"availableAndBooked": {"available": Balance, "booked": Balance}}`.
public struct FeedAccountBalance: FeedModel {
    /// The balance's id.
    public var id: String
    /// The account's id.
    public var accountID: String
    /// The balance's currency.
    public var currencyCode: Currency
    /// The available and/or booked balance.
    public var currentBalance: FeedCurrentBalance
    /// Where the balance's object starts in the batch file.
    public var location: SourceLocation

    /// The statement balances this states, from the holder's side: the booked balance as a
    /// ``StatementBalance/Kind/ledger`` balance (checkpoints reconcile against it), the available
    /// one as ``StatementBalance/Kind/available`` (kept and shown, never reconciled).
    ///
    /// - Parameters:
    ///   - accountName: the account's ledger name.
    ///   - kind: the account's kind, which fixes the sign (see ``FeedCreditDebitIndicator``).
    public func statementBalances(accountName: String, kind: AccountKind) -> [StatementBalance] {
        func make(_ balance: FeedBalance, _ statementKind: StatementBalance.Kind) -> StatementBalance {
            StatementBalance(
                account: accountName, asOf: balance.asOfDay,
                signedMinorUnits: balance.creditDebitIndicator.signedBalance(balance.amount.amount, for: kind),
                currency: balance.amount.amount.currency, kind: statementKind, location: balance.location)
        }
        var result: [StatementBalance] = []
        if let booked = currentBalance.booked { result.append(make(booked, .ledger)) }
        if let available = currentBalance.available { result.append(make(available, .available)) }
        return result
    }

    /// Reads an account balance object.
    static func decode(_ object: JSONObjectReader, context: FeedDecodingContext) throws(FeedError) -> FeedAccountBalance
    {
        let currency = try FeedCurrencyAmount.decodeCurrency(object, "currencyCode")
        let current = try object.object("currentBalance")
        func balance(_ parent: JSONObjectReader, _ key: String) throws(FeedError) -> FeedBalance {
            let balance = try FeedBalance.decode(try parent.object(key), context: context)
            if balance.amount.amount.currency != currency {
                throw parent.error(
                    .core(
                        .currencyMismatch(balance.amount.currencyCode, "the balance's currencyCode \(currency.code)")),
                    key)
            }
            return balance
        }
        let shape: FeedCurrentBalance
        let keys = current.members.map(\.key).filter { current.value($0) != nil }
        switch Set(keys).intersection(["available", "booked", "availableAndBooked"]) {
        case ["available"]: shape = .available(try balance(current, "available"))
        case ["booked"]: shape = .booked(try balance(current, "booked"))
        case ["availableAndBooked"]:
            let both = try current.object("availableAndBooked")
            shape = .availableAndBooked(available: try balance(both, "available"), booked: try balance(both, "booked"))
        default:
            throw FeedError(
                .invalidValue(
                    found: keys.isEmpty ? "no balance" : "keys " + keys.map { "\"\($0)\"" }.joined(separator: ", "),
                    expected: "exactly one of \"available\", \"booked\" or \"availableAndBooked\""),
                at: current.location(of: current.node), jsonPath: current.path)
        }
        return FeedAccountBalance(
            id: try object.nonEmptyString("id"),
            accountID: try object.nonEmptyString("accountID"),
            currencyCode: currency,
            currentBalance: shape,
            location: object.location(of: object.node))
    }
}
