import LedgerCore
import LedgerImport

extension ReportJSON {
    /// `ledgerport sync --json`: `{"feed", "status", "streams": [...], "checkpoints": [...], "available": [...]}`.
    static func syncReport(_ report: FeedSyncReport) -> JSONOutput {
        let status = report.isComplete ? "complete" : (report.isInterrupted ? "interrupted" : "stopped")
        return .object([
            ("feed", .string(report.feed)),
            ("status", .string(status)),
            ("streams", .array(report.streams.map(stream))),
            ("checkpoints", .array(report.checkpoints.map(checkpoint))),
            ("updatedCheckpoints", .array(report.refreshed.map(checkpoint))),
            (
                "available",
                .array(
                    report.availableBalances.map { balance in
                        .object([
                            ("account", .string(balance.account)), ("asOf", .string(balance.asOf.description)),
                            ("amount", .string(Money.format(balance.signedMinorUnits, currency: balance.currency))),
                            ("currency", .string(balance.currency.code)),
                        ])
                    })
            ),
        ])
    }

    static func stream(_ stream: FeedStreamReport) -> JSONOutput {
        .object([
            ("stream", .string(stream.stream.kind.rawValue)),
            ("accountID", .optional(stream.stream.accountID)),
            ("batches", .int(stream.batches)),
            ("inserted", .int(stream.inserted)),
            ("updated", .int(stream.updated)),
            ("deleted", .int(stream.deleted)),
            ("rejected", .int(stream.rejected)),
            ("resynced", .bool(stream.resynced)),
            ("reason", .optional(stream.reason)),
            ("lastSeq", stream.lastSeq.map { .int($0) } ?? .null),
            (
                "failure",
                stream.failure.map { failure in
                    .object([("location", .string(failure.location.description)), ("reason", .string(failure.reason))])
                } ?? .null
            ),
        ])
    }
}
