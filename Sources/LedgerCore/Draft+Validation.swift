extension Draft {
    /// Checks what the store relies on, so that a bad draft stops the import before its batch.
    ///
    /// - Parameters:
    ///   - currency: the account's currency, when the source declared one.
    ///   - accountNameChecked: whether the account name is known to pass: it has the same bytes
    ///     as an earlier draft's that did (the importer's drafts come in runs of one account).
    /// - Throws: ``CoreError`` at the draft's location: an empty account name, an amount in a
    ///   currency other than the account's, a NUL byte in a text field (``TextRule``), or split
    ///   lines in another currency or not adding up to the amount.
    public func validate(accountCurrency currency: Currency?, accountNameChecked: Bool = false) throws(CoreError) {
        if !accountNameChecked {
            if account.isEmpty { throw CoreError(.missingField("an account name"), at: location) }
            if TextRule.containsNUL(account) { throw CoreError(.nulInText(field: "the account name"), at: location) }
        }
        // The location is read only to throw: passed to a check per field, it was copied (a
        // retain and a release of the file's name) twice a draft, a tenth of a CSV draft's check.
        if let field = firstFieldWithNUL { throw CoreError(.nulInText(field: field), at: location) }
        if !splits.isEmpty { try validateSplits() }
        if let currency, currency != amount.currency {
            throw CoreError(
                .currencyMismatch(amount.currency.code, "the account's currency \(currency.code)"), at: location)
        }
        if let externalID, externalID.isEmpty {
            throw CoreError(.missingField("a non-empty transaction id"), at: location)
        }
    }

    // MARK: - Private helpers

    /// The name of the first text field but the account holding a NUL (``TextRule``), in the
    /// order description, memo, payee, id, category; `nil` when none does.
    private var firstFieldWithNUL: String? {
        if descriptionText.containsNUL { return "the description" }
        if TextRule.containsNUL(memo) { return "the memo" }
        if let payee, TextRule.containsNUL(payee) { return "the payee" }
        if let externalID, TextRule.containsNUL(externalID) { return "the transaction id" }
        if let category, TextRule.containsNUL(category) { return "the category" }
        return nil
    }

    /// Each line's text and currency, and their sum against the amount (exact, overflow refused).
    private func validateSplits() throws(CoreError) {
        var sum: Int64 = 0
        for split in splits {
            if let category = split.category { try TextRule.check(category, field: "a split's category", at: location) }
            try TextRule.check(split.memo, field: "a split's memo", at: location)
            if split.amount.currency != amount.currency {
                throw CoreError(
                    .currencyMismatch(split.amount.currency.code, "the transaction's currency \(amount.currency.code)"),
                    at: location)
            }
            let (next, overflow) = sum.addingReportingOverflow(split.signedMinorUnits)
            if overflow { throw CoreError(.overflow(found: "the split lines' sum"), at: location) }
            sum = next
        }
        if sum != signedMinorUnits {
            throw CoreError(
                .splitsDontAddUp(
                    sum: Money.format(sum, currency: amount.currency),
                    total: Money.format(signedMinorUnits, currency: amount.currency)),
                at: location)
        }
    }
}
