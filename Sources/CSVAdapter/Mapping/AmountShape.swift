/// Where an amount's size and direction come from.
enum AmountShape: Sendable {
    /// One signed column: negative is money out.
    case signed(ColumnReference)
    /// Separate columns for money out and money in; either may be blank or zero.
    case debitCredit(debit: ColumnReference, credit: ColumnReference)
    /// An amount plus a column whose word says the direction (`S`/`H`, `DR`/`CR`, `Af`/`Bij`).
    case indicator(amount: ColumnReference, column: ColumnReference, debitWords: [String], creditWords: [String])

    var columns: [ColumnReference] {
        switch self {
        case .signed(let column): return [column]
        case .debitCredit(let debit, let credit): return [debit, credit]
        case .indicator(let amount, let column, _, _): return [amount, column]
        }
    }

    /// The indicator words understood when a mapping doesn't list its own.
    static let defaultDebitWords = ["D", "DR", "DB", "Debit", "S", "Soll", "Af", "-", "Out", "Withdrawal"]
    static let defaultCreditWords = ["C", "CR", "Credit", "H", "Haben", "Bij", "+", "In", "Deposit"]
}
