import LedgerCore

/// What is known about the statement being read.
struct OFXStatementState {
    var kind: OFXAccountIdentity.Kind
    var location: SourceLocation
    var currency: Currency?
    var identity: OFXAccountIdentity?
    var accountName: String?
    /// INVSTMTRS's DTASOF and INVBAL's AVAILCASH.
    var asOf: OFXDateTime?
    var availableCash: OFXAmount?
    var availableCashLocation: SourceLocation?
    var skippedTrades = 0
    var firstSkippedTrade: SourceLocation?
    var skippedTradeTypes: [String] = []
    /// TRNAMTs finer than the currency's minor unit, rounded half to even, and the first one.
    var roundedAmounts = 0
    var firstRoundedAmount: SourceLocation?

    init(kind: OFXAccountIdentity.Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The statement's aggregate.
    var aggregate: OFXTag {
        switch kind {
        case .bank: return .STMTRS
        case .creditCard: return .CCSTMTRS
        case .investment: return .INVSTMTRS
        }
    }
}
