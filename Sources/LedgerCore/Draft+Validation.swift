extension Draft {
    /// Checks what the store relies on, so that a bad draft stops the import before its batch.
    ///
    /// - Parameter currency: the account's currency, when the source declared one.
    /// - Throws: ``CoreError`` at the draft's location: an empty account name, or an amount in a
    ///   currency other than the account's.
    public func validate(accountCurrency currency: Currency?) throws(CoreError) {
        if account.isEmpty { throw CoreError(.missingField("an account name"), at: location) }
        if let currency, currency != amount.currency {
            throw CoreError(
                .currencyMismatch(amount.currency.code, "the account's currency \(currency.code)"), at: location)
        }
        if let externalID, externalID.isEmpty {
            throw CoreError(.missingField("a non-empty transaction id"), at: location)
        }
    }
}
