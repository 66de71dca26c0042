import LedgerCore

/// A LEDGERBAL or AVAILBAL being read.
struct OFXBalanceState {
    var kind: StatementBalance.Kind
    var location: SourceLocation
    var amount: OFXAmount?
    var amountLocation: SourceLocation?
    /// Whether BALAMT was there with no value (`<BALAMT>` then the next tag): no balance to state.
    var isAmountEmpty = false
    var asOf: OFXDateTime?
}
