import LedgerCore
import LedgerImport
import LedgerStore

/// The `--json` shapes documented in docs/cli.md. Names here are a contract: add, don't rename.
enum ReportJSON {
    static func importReport(_ report: ImportReport) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("file", .string(report.file)),
            ("status", .string(report.status.rawValue)),
            ("format", .string(report.format)),
            ("mapping", .optional(report.mapping)),
            ("read", .int(report.read)),
            ("inserted", .int(report.inserted)),
            ("duplicates", .int(report.duplicates)),
            ("deletedBefore", .int(report.deletedBefore)),
        ]
        // Stored pending rows this import booked in place (present only when there are some).
        if report.booked > 0 { members.append(("pendingBooked", .int(report.booked))) }
        // A dry run's records the ledger doesn't hold yet (its `duplicates` are those it does).
        if report.status == .dryRun { members.append(("new", .int(report.new))) }
        members += [
            ("batches", .int(report.batches)),
            ("corrections", .int(report.corrections)),
            ("withdrawn", .int(report.withdrawn)),
        ]
        if let failure = report.failure {
            members.append(
                (
                    "failure",
                    .object([
                        ("record", failure.record.map(JSONOutput.int) ?? .null),
                        ("location", .string(failure.location.description)),
                        ("reason", .string(failure.reason)),
                        ("needs", .optional(failure.missingChoice.map { "--" + $0.rawValue })),
                    ])
                ))
        } else {
            members.append(("failure", .null))
        }
        members.append(("checkpoints", .array(report.checkpoints.map(checkpoint))))
        members.append(("updatedCheckpoints", .array(report.refreshed.map(checkpoint))))
        members.append(
            (
                "skipped",
                .array(
                    report.skipped.map { skipped in
                        .object([
                            ("count", .int(skipped.count)), ("reason", .string(skipped.reason)),
                            ("location", .string(skipped.location.description)),
                        ])
                    })
            ))
        members.append(
            (
                "notices",
                .array(
                    report.notices.map { notice in
                        .object([
                            ("count", .int(notice.count)), ("reason", .string(notice.reason)),
                            ("location", .string(notice.location.description)),
                        ])
                    })
            ))
        members.append(("sha256", .optional(report.sha256)))
        return .object(members)
    }

    static func checkpoint(_ checkpoint: Checkpoint) -> JSONOutput {
        let format = { (value: Int64) in Money.format(value, currency: checkpoint.currency) }
        return .object([
            ("account", .string(checkpoint.account)),
            ("asOf", .string(checkpoint.asOf.description)),
            ("expected", .optional(checkpoint.expected.map(format))),
            ("actual", .string(format(checkpoint.actual))),
            ("discrepancy", .optional(checkpoint.discrepancy.map(format))),
            ("status", .string(checkpoint.status.rawValue)),
            ("currency", .string(checkpoint.currency.code)),
            ("source", .string(checkpoint.source.rawValue)),
            (
                "pending",
                .object([
                    ("count", .int(checkpoint.pending.count)), ("sum", .string(format(checkpoint.pending.sum))),
                    ("transactions", .array(checkpoint.pending.transactions.map(JSONOutput.int))),
                ])
            ),
            ("divergesOn", .optional(checkpoint.diagnosis.divergesOn?.description)),
            (
                "candidates",
                .array(
                    checkpoint.diagnosis.candidates.map { candidate in
                        .object([
                            ("kind", .string(candidate.kind.rawValue)),
                            ("explains", .string(format(candidate.explains))),
                            ("transactions", .array(candidate.transactions.map(JSONOutput.int))),
                            ("day", .optional(candidate.day?.description)),
                            ("note", .string(candidate.note)),
                        ])
                    })
            ),
        ])
    }

    static func transaction(_ transaction: StoredTransaction) -> JSONOutput {
        .object([
            ("id", .int(transaction.id)),
            ("account", .string(transaction.account)),
            ("date", .string(transaction.bookingDay.description)),
            ("transactionDate", .optional(transaction.transactionDay?.description)),
            ("amount", .string(transaction.amount.description)),
            ("direction", .string(transaction.direction.rawValue)),
            ("currency", .string(transaction.amount.currency.code)),
            ("description", .string(transaction.description)),
            ("memo", .string(transaction.memo)),
            ("payee", .optional(transaction.payee)),
            ("category", .optional(transaction.category)),
            ("note", .optional(transaction.note)),
            ("tags", .array(transaction.tags.map(JSONOutput.string))),
            ("counterAccount", .optional(transaction.counterAccount)),
            ("rules", .array(transaction.ruleIDs.map(JSONOutput.string))),
            ("setByHand", .array(transaction.handSet.map { .string($0.key) })),
            (
                "splits",
                .array(
                    transaction.splits.map { split in
                        .object([
                            ("category", .optional(split.category)), ("memo", .string(split.memo)),
                            ("amount", .string(split.amount.description)),
                            ("direction", .string(split.direction.rawValue)),
                        ])
                    })
            ),
            ("status", .string(transaction.status.rawValue)),
            ("externalID", .optional(transaction.externalID)),
        ])
    }

    static func account(_ summary: AccountSummary) -> JSONOutput {
        .object([
            ("name", .string(summary.account.name)),
            ("currency", .string(summary.account.currency.code)),
            ("type", .string(summary.account.kind.rawValue)),
            ("balance", .string(Money.format(summary.balance, currency: summary.account.currency))),
            ("transactions", .int(summary.transactionCount)),
            ("institution", .optional(summary.account.institution)),
        ])
    }
}
