import LedgerCore

/// The fields of the transaction record being read, reset at each `^`. Places are kept as line
/// numbers (a location is made only for an error or a draft).
struct QIFRecordFields {
    /// The line of the record's first field, 0 before it.
    var startLine = 0
    var startColumn = 1
    var date: QIFDate?
    var dateText = ""
    var dateLine = 0
    var dateColumn = 2
    /// The `T` amount (or `U` alone) and its direction.
    var amount: Money?
    var direction = Direction.credit
    var amountLine = 0
    var number = ""
    var payee = ""
    var memo = ""
    var address: [String] = []
    var category: String?
    var splits: [SplitLine] = []
    var split = QIFSplitFields()

    var isStarted: Bool { startLine != 0 }
}

/// The split line being read (`S` category, `E` memo, `$` amount).
struct QIFSplitFields {
    var category: String?
    var memo: String?
    var amount: Money?
    var direction = Direction.credit
    /// The line of its first field, 0 before it.
    var line = 0

    var isStarted: Bool { line != 0 }
}

/// The fields of the `!Account` record being read.
struct QIFAccountFields {
    var startLocation: SourceLocation?
    var name: String?
    var type: String?
    var typeLocation: SourceLocation?

    var isStarted: Bool { startLocation != nil }
}
