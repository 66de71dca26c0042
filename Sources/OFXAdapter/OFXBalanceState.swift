import LedgerCore

/// A LEDGERBAL or AVAILBAL being read.
struct OFXBalanceState {
    var kind: StatementBalance.Kind
    var location: SourceLocation
    var amount: OFXAmount?
    var amountLocation: SourceLocation?
    var asOf: OFXDateTime?
}
