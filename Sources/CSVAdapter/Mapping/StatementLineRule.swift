import LedgerCore

/// A labelled line above the header or below the rows (`Kontonummer:;DE…`, `Opening balance,…`).
struct StatementLineRule: Sendable {
    enum Role: String, Sendable, CaseIterable {
        case account, period, openingBalance, closingBalance, currency
    }

    /// The label's start (trimmed, case-insensitive; a trailing `:` is ignored).
    var label: String
    var role: Role
    /// How the line's amount is written, when not as the rows' (`Saldo: -76.77 EUR` below rows
    /// written `1.234,56`); `nil` to read it as the rows are read.
    var amountSyntax: AmountSyntax?
    /// The currency the line's amount is in, when the mapping states it: it must be the account's.
    var currency: Currency?
}
