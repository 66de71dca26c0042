extension Draft {
    /// Checks what the store relies on, so that a bad draft stops the import before its batch.
    ///
    /// - Parameter currency: the account's currency, when the source declared one.
    /// - Throws: ``CoreError`` at the draft's location: an empty account name, an amount in a
    ///   currency other than the account's, or a NUL byte in a text field (``TextRule``).
    public func validate(accountCurrency currency: Currency?) throws(CoreError) {
        if account.isEmpty { throw CoreError(.missingField("an account name"), at: location) }
        try TextRule.check(account, field: "the account name", at: location)
        try TextRule.check(description, field: "the description", at: location)
        try TextRule.check(memo, field: "the memo", at: location)
        if let payee { try TextRule.check(payee, field: "the payee", at: location) }
        if let externalID { try TextRule.check(externalID, field: "the transaction id", at: location) }
        if let currency, currency != amount.currency {
            throw CoreError(
                .currencyMismatch(amount.currency.code, "the account's currency \(currency.code)"), at: location)
        }
        if let externalID, externalID.isEmpty {
            throw CoreError(.missingField("a non-empty transaction id"), at: location)
        }
    }
}
