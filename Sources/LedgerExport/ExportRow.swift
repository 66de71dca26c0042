import LedgerCore
import LedgerStore

/// A stored row as the writers read it, its texts as UTF-8 bytes valid during one write: SQLite's
/// own bytes for a row straight from the listing (``init(_:)``), or a ``StoredTransaction``'s
/// (``with(_:_:)``) for a row held back, a transfer's or a split row.
struct ExportRow {
    var id: Int64
    var bookingDay: Day
    var transactionDay: Day?
    var signedMinorUnits: Int64
    var direction: Direction
    var currency: Currency
    var status: TransactionStatus
    /// The ledger account's name.
    var account: UnsafeBufferPointer<UInt8>
    var description: UnsafeBufferPointer<UInt8>
    var memo: UnsafeBufferPointer<UInt8>
    var payee: UnsafeBufferPointer<UInt8>?
    var category: UnsafeBufferPointer<UInt8>?
    var externalID: UnsafeBufferPointer<UInt8>?
    /// The journal account a rule or a hand edit set for the other side.
    var counterAccount: UnsafeBufferPointer<UInt8>?
    var sourceFile: String?
    var sourceLine = 0
    var sourceColumn = 0

    /// The payee a journal writes apart from the description: `nil` when the source named none,
    /// or the same text (equal as strings are: `é` composed or not).
    var shownPayee: UnsafeBufferPointer<UInt8>? {
        guard let payee, !Self.isSameText(payee, description) else { return nil }
        return payee
    }

    /// The row's bytes as SQLite holds them, or `nil` when a text isn't valid UTF-8 (written
    /// through ``StoredTransaction``, whose strings repair it, so the output is the same).
    init?(_ row: TransactionRow) {
        func text(_ column: TransactionRow.TextColumn) -> UnsafeBufferPointer<UInt8>?? {
            guard let bytes = row.bytes(column) else { return .some(nil) }
            return UTF8Check.isValid(bytes) ? bytes : nil
        }
        guard let account = text(.account), let description = text(.description), let memo = text(.memo),
            let payee = text(.payee), let category = text(.category), let externalID = text(.externalID),
            let counterAccount = text(.counterAccount)
        else { return nil }
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        id = row.id
        bookingDay = row.bookingDay
        transactionDay = row.transactionDay
        signedMinorUnits = row.signedMinorUnits
        direction = row.direction
        currency = row.amount.currency
        status = row.status
        self.account = account ?? empty
        self.description = description ?? empty
        self.memo = memo ?? empty
        self.payee = payee
        self.category = category
        self.externalID = externalID
        self.counterAccount = counterAccount
        sourceFile = row.sourceFile
        (sourceLine, sourceColumn) = row.sourcePosition
    }

    /// Calls `body` with the row of a stored transaction, its texts copied into one array.
    static func with<Result>(_ row: StoredTransaction, _ body: (ExportRow) throws -> Result) rethrows -> Result {
        var bytes: [UInt8] = []
        func add(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return start..<bytes.count
        }
        let account = add(row.account)
        let description = add(row.description)
        let memo = add(row.memo)
        let payee = row.payee.map(add)
        let category = row.category.map(add)
        let externalID = row.externalID.map(add)
        let counterAccount = row.counterAccount.map(add)
        return try bytes.withUnsafeBufferPointer { all in
            func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[range]) }
            return try body(
                ExportRow(
                    id: row.id, bookingDay: row.bookingDay, transactionDay: row.transactionDay,
                    signedMinorUnits: row.signedMinorUnits, direction: row.direction, currency: row.amount.currency,
                    status: row.status,
                    account: slice(account), description: slice(description), memo: slice(memo),
                    payee: payee.map(slice), category: category.map(slice), externalID: externalID.map(slice),
                    counterAccount: counterAccount.map(slice), sourceFile: row.location?.file,
                    sourceLine: row.location?.line ?? 0,
                    sourceColumn: row.location?.column ?? 0))
        }
    }

    private init(
        id: Int64, bookingDay: Day, transactionDay: Day?, signedMinorUnits: Int64, direction: Direction,
        currency: Currency,
        status: TransactionStatus, account: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
        memo: UnsafeBufferPointer<UInt8>, payee: UnsafeBufferPointer<UInt8>?, category: UnsafeBufferPointer<UInt8>?,
        externalID: UnsafeBufferPointer<UInt8>?, counterAccount: UnsafeBufferPointer<UInt8>?, sourceFile: String?,
        sourceLine: Int, sourceColumn: Int
    ) {
        self.id = id
        self.bookingDay = bookingDay
        self.transactionDay = transactionDay
        self.signedMinorUnits = signedMinorUnits
        self.direction = direction
        self.currency = currency
        self.status = status
        self.account = account
        self.description = description
        self.memo = memo
        self.payee = payee
        self.category = category
        self.externalID = externalID
        self.counterAccount = counterAccount
        self.sourceFile = sourceFile
        self.sourceLine = sourceLine
        self.sourceColumn = sourceColumn
    }

    /// Whether two texts are equal as Swift strings are: the same bytes, or (only when either
    /// has a non-ASCII byte) the same characters under Unicode's canonical equivalence.
    static func isSameText(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        if first.elementsEqual(second) { return true }
        guard first.contains(where: { $0 >= 0x80 }) || second.contains(where: { $0 >= 0x80 }) else { return false }
        return String(decoding: first, as: UTF8.self) == String(decoding: second, as: UTF8.self)
    }
}
