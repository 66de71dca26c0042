import LedgerCore
import LedgerStore

/// How a checkpoint reads for people.
enum CheckpointText {
    /// One line: `Checking 2024-03-31: statement 1234.56 EUR, expected 1234.56 — reconciled`.
    static func line(_ checkpoint: Checkpoint) -> String {
        let currency = checkpoint.currency
        let actual = Money.format(checkpoint.actual, currency: currency)
        let head = "\(checkpoint.account) on \(checkpoint.asOf): statement \(actual) \(currency.code)"
        switch checkpoint.status {
        case .baseline:
            return head + " — baseline: no earlier balance to compare with; later checkpoints start here"
        case .reconciled:
            return head + ", expected \(Money.format(checkpoint.expected ?? 0, currency: currency)) — reconciled"
        case .discrepancy:
            let expected = Money.format(checkpoint.expected ?? 0, currency: currency)
            let difference = checkpoint.discrepancy ?? 0
            let signed = (difference > 0 ? "+" : "") + Money.format(difference, currency: currency)
            return head + ", expected \(expected) — discrepancy \(signed) (statement minus ledger)"
        }
    }
}
