import LedgerCore

/// One QIF transaction record read whole, waiting only for its day when the file's date order is
/// not settled yet.
struct QIFTransaction {
    var account: String
    var date: QIFDate
    var amount: Money
    var direction: Direction
    var description: String
    var memo: String
    /// The `P` text, `nil` when the record has none.
    var payee: String?
    var category: String?
    var splits: [SplitLine]
    var location: SourceLocation

    /// The draft on its day.
    func draft(on day: Day) -> Draft {
        Draft(
            account: account, bookingDay: day, amount: amount, direction: direction, description: description,
            memo: memo, payee: payee, category: category, splits: splits, location: location)
    }
}
