import LedgerCore

extension FeedTransaction {
    /// The draft ledgerport stores for this transaction, or `nil` for a rejected one.
    ///
    /// - account: the ledger name of the account (``FeedAccount/ledgerName``);
    /// - bookingDay / transactionDay: as read (posted day, else transaction day);
    /// - amount and direction: `transactionAmount`, and the indicator mapped for the account's kind;
    /// - description: `transactionDescription`, else `merchantName`, else the original description;
    /// - memo: the original description when it differs, the foreign amount and rate, and a note
    ///   for `authorized` and `memo` statuses, joined with `"; "`;
    /// - status: see ``FeedTransactionStatus``;
    /// - externalID: `id`.
    ///
    /// - Parameters:
    ///   - accountName: the ledger name of the account.
    ///   - kind: the account's kind, from the accounts stream.
    public func draft(accountName: String, kind: AccountKind) -> Draft? {
        guard let ledgerStatus = status.ledgerStatus else { return nil }
        var description = transactionDescription
        if description.isEmpty { description = merchantName ?? originalTransactionDescription }
        var notes: [String] = []
        if !originalTransactionDescription.isEmpty, originalTransactionDescription != description {
            notes.append(originalTransactionDescription)
        }
        if let foreign = foreignCurrencyAmount {
            var note = "foreign amount \(foreign.amount) \(foreign.currencyCode)"
            if let rate = foreignCurrencyExchangeRate { note += " at rate \(rate)" }
            notes.append(note)
        }
        switch status {
        case .authorized: notes.append("authorized, not yet booked")
        case .memo: notes.append("memo: informational, never counted in balances")
        case .booked, .pending, .rejected: break
        }
        return Draft(
            account: accountName,
            bookingDay: bookingDay,
            transactionDay: transactionDay,
            amount: transactionAmount.amount,
            direction: creditDebitIndicator.direction(for: kind),
            description: description,
            memo: notes.joined(separator: "; "),
            status: ledgerStatus,
            externalID: id,
            location: location)
    }
}
