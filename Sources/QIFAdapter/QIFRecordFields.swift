import LedgerCore

/// The fields of the transaction record being read, reset at each `^`.
struct QIFRecordFields {
    var startLocation: SourceLocation?
    var date: QIFDate?
    var dateText = ""
    var dateLocation: SourceLocation?
    /// The `T` amount (or `U` alone), signed by its direction.
    var amount: (Money, Direction)?
    var amountLocation: SourceLocation?
    var hasT = false
    var number = ""
    var payee = ""
    var memo = ""
    var address: [String] = []
    var category: String?
    var splits: [SplitLine] = []
    var split = QIFSplitFields()

    var isStarted: Bool { startLocation != nil }
}

/// The split line being read (`S` category, `E` memo, `$` amount).
struct QIFSplitFields {
    var category: String?
    var memo: String?
    var amount: (Money, Direction)?
    var location: SourceLocation?

    var isStarted: Bool { location != nil }
}

/// The fields of the `!Account` record being read.
struct QIFAccountFields {
    var startLocation: SourceLocation?
    var name: String?
    var type: String?
    var typeLocation: SourceLocation?

    var isStarted: Bool { startLocation != nil }
}
