import Foundation
import LedgerCore

/// `transactions edit` on PostgreSQL (issue 21): the edit SQLite makes
/// (``HandEditing/editedTransaction(_:_:dryRun:)``), its statements run with `$N` placeholders,
/// in one transaction holding the account's row and the transaction's.
extension PostgresLedger: TransactionEditStore, HandEditing {
    public func editTransaction(_ id: Int64, _ edit: TransactionEdit, dryRun: Bool) throws(StoreError)
        -> TransactionCorrection
    {
        try editedTransaction(id, edit, dryRun: dryRun)
    }

    /// Holds the account's row as a batch does (`FOR NO KEY UPDATE`, taken first, as a batch
    /// takes it before its rows), then the transaction's row, until the end of the transaction.
    func holdForEdit(_ id: Int64) throws(StoreError) {
        try connection.query(
            """
            SELECT a.id FROM accounts a WHERE a.id = (SELECT account_id FROM transactions WHERE id = $1)
            FOR NO KEY UPDATE
            """,
            [String(id)])
        try connection.query("SELECT id FROM transactions WHERE id = $1 FOR UPDATE", [String(id)])
    }

    func run(_ statement: HandEditStatement) throws(StoreError) {
        // The statements are SQLite's `?N` form and hold no other `?`.
        try connection.query(
            statement.sql.replacingOccurrences(of: "?", with: "$"),
            statement.values.map { value in
                switch value {
                case .text(let text): return text
                case .int(let number): return String(number)
                }
            })
    }
}
