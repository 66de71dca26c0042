/// A labelled line above the header or below the rows (`Kontonummer:;DE…`, `Opening balance,…`).
struct StatementLineRule: Sendable {
    enum Role: String, Sendable, CaseIterable {
        case account, period, openingBalance, closingBalance, currency
    }

    /// The label's start (trimmed, case-insensitive; a trailing `:` is ignored).
    var label: String
    var role: Role
}
