import LedgerCore

/// A fee taken from a row's amount, booked as a draft of its own (`"fee"`): PayPal's activity
/// download (`Gross`, `Fee`, `Net`), a card processor's payout report (`Amount`, `Fee`, `Net`).
///
/// The row's amount column holds the gross amount. The fee becomes a second draft on the same
/// account and day; a net column, when given, must equal gross plus the signed fee.
struct FeeRule: Sendable {
    /// The fee's column.
    var column: ColumnReference
    /// The net amount's column, checked against gross and fee; `nil` to check nothing.
    var net: ColumnReference?
    /// The fee draft's description; the row's description becomes its memo.
    var description = "Fee"
    /// Whether the fee is written as a positive amount taken off the gross (a processor's
    /// `3.20`), rather than signed as it moves the balance (PayPal's `-3.20`).
    var isDeducted = false

    /// What a fee draft's id adds to the row's id: `5TY12345AB678901C#fee`.
    static let idSuffix = "#fee"
}
