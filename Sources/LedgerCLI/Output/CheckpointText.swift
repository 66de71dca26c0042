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

    /// The checkpoint's line, then its pending rows and ranked candidates with their rows.
    static func lines(_ checkpoint: Checkpoint, ledger: any LedgerReading, indent: String = "") -> [String] {
        var lines = [indent + line(checkpoint)]
        let currency = checkpoint.currency
        if checkpoint.pending.count > 0 {
            lines.append(
                indent
                    + "  pending, not counted: \(checkpoint.pending.count.counting("row")), \(Money.format(checkpoint.pending.sum, currency: currency))"
            )
        }
        if let day = checkpoint.diagnosis.divergesOn {
            lines.append(indent + "  the ledger first departs from the statement on \(day)")
        }
        let candidates = checkpoint.diagnosis.candidates
        if !candidates.isEmpty {
            lines.append(indent + "  candidates for the cause (suggestions, nothing was changed):")
        }
        for (number, candidate) in candidates.enumerated() {
            lines.append(
                indent + "  \(number + 1). \(candidate.kind.rawValue), explains "
                    + "\(Money.format(candidate.explains, currency: currency)): \(candidate.note)")
            let rows = (try? ledger.transactions(ids: Array(candidate.transactions.prefix(6)))) ?? []
            for row in rows {
                let place = row.location.map { " (\($0))" } ?? ""
                lines.append(
                    indent
                        + "       #\(row.id) \(row.bookingDay) \(Money.format(row.signedMinorUnits, currency: currency)) "
                        + "\(row.status == .pending ? "pending " : "")\(row.description)\(place)")
            }
            if candidate.transactions.count > rows.count {
                lines.append(indent + "       … and \(candidate.transactions.count - rows.count) more")
            }
        }
        return lines
    }
}
