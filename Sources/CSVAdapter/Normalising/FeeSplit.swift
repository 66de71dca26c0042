import LedgerCore

/// Splits a row with a fee (``FeeRule``) into the gross draft and the fee's draft.
///
/// Both drafts keep the row's identity stable on a re-import: with an id column, the fee draft's
/// id is the row's id plus ``FeeRule/idSuffix``; without one, each has its own fingerprint (the
/// fee's amount and description differ from the gross's) and occurrence number. A zero fee makes
/// no draft. With a running balance, the gross draft states the balance before the fee and the
/// fee draft the row's balance.
struct FeeSplit {
    let rule: FeeRule
    let feePosition: Int
    let netPosition: Int?

    /// The split for a mapping bound to a header, or `nil` when the mapping has no `"fee"`.
    init?(mapping: CSVMapping, binding: HeaderBinding) {
        guard let rule = mapping.fee, let position = binding.position(of: rule.column) else { return nil }
        self.rule = rule
        feePosition = position
        netPosition = binding.position(of: rule.net)
    }

    /// The row's drafts: the gross one, and the fee's when the fee is not zero.
    ///
    /// - Parameter gross: the row's draft, its amount read from the amount column.
    /// - Returns: the drafts in the row's order, and the balance change of the whole row.
    /// - Throws: ``CSVError`` at the fee cell when it is not an amount, or at the net cell when
    ///   gross plus fee is not the net.
    func drafts(_ gross: Draft, row: CSVRow, _ normaliser: inout RowNormaliser) throws(CSVError)
        -> (gross: Draft, fee: Draft?, netSignedMinorUnits: Int64)
    {
        let currency = gross.amount.currency
        let fee = try signed(row, feePosition, &normaliser, currency: currency, deducted: rule.isDeducted) ?? 0
        let (net, overflow) = gross.signedMinorUnits.addingReportingOverflow(fee)
        if overflow {
            throw normaliser.bad(row, feePosition, try normaliser.text(row, feePosition), "a fee the gross can carry")
        }
        if let netPosition, let stated = try signed(row, netPosition, &normaliser, currency: currency, deducted: false),
            stated != net
        {
            let grossText = Money.format(gross.signedMinorUnits, currency: currency)
            let feeText = Money.format(fee, currency: currency)
            throw normaliser.bad(
                row, netPosition, try normaliser.text(row, netPosition),
                "\(Money.format(net, currency: currency)), the gross \(grossText) plus the fee \(feeText)")
        }
        guard fee != 0 else { return (gross, nil, net) }
        // `fee` came from a positive amount, so it is never `Int64.min` and has a magnitude.
        let feeMoney = Money(minorUnits: fee < 0 ? -fee : fee, currency: currency)
        var balanceBeforeFee: Int64?
        if let balance = gross.runningBalance {
            let (before, overflow) = balance.subtractingReportingOverflow(fee)
            balanceBeforeFee = overflow ? nil : before
        }
        let split = Draft(
            account: gross.account, bookingDay: gross.bookingDay, transactionDay: gross.transactionDay,
            amount: gross.amount, direction: gross.direction, description: gross.descriptionText, memo: gross.memo,
            payee: gross.payee, status: gross.status, externalID: gross.externalID, runningBalance: balanceBeforeFee,
            location: gross.location)
        let feeDraft = Draft(
            account: gross.account, bookingDay: gross.bookingDay, transactionDay: gross.transactionDay,
            amount: feeMoney, direction: fee < 0 ? .debit : .credit, description: rule.description,
            memo: gross.description, status: gross.status, externalID: gross.externalID.map { $0 + FeeRule.idSuffix },
            runningBalance: gross.runningBalance, location: row.location(of: feePosition, file: gross.location.file))
        return (split, feeDraft, net)
    }

    /// A cell's signed amount in minor units, as the balance moves (the mapping's `"invert"` and
    /// the fee's `"deducted"` applied); `nil` for an empty cell.
    private func signed(
        _ row: CSVRow, _ position: Int, _ normaliser: inout RowNormaliser, currency: Currency, deducted: Bool
    ) throws(CSVError) -> Int64? {
        guard let number = try normaliser.number(row, position, currency: currency) else { return nil }
        let (money, direction) = try normaliser.exact(number, row, position, currency: currency)
        var signed = money.signedMinorUnits(direction)
        if normaliser.invertSign { signed = -signed }
        if deducted { signed = -signed }
        return signed
    }
}
