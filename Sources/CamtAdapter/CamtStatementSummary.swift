import LedgerCore

/// What `ledgerport inspect` shows of one statement, report or notification: where it is, its
/// id, account, entry counts and every balance as written.
struct CamtStatementSummary: Sendable {
    /// One `Bal` as written, and whether it is read (a code this adapter maps).
    struct Balance: Sendable {
        var code: String
        var amount: String
        var currency: String
        var indicator: String
        var date: String
        var isRead: Bool
    }

    var message: CamtMessage?
    var location: SourceLocation
    /// `Stmt/Id` (`Rpt/Id`, `Ntfctn/Id`).
    var id: String?
    var account: String?
    var currency: String?
    var booked = 0
    var pending = 0
    var information = 0
    var balances: [Balance] = []

    init(message: CamtMessage?, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// Counts one entry of this status (`nil`: INFO).
    mutating func count(_ status: TransactionStatus?) {
        switch status {
        case .booked: booked += 1
        case .pending: pending += 1
        case nil: information += 1
        }
    }

    /// `statement 2024-03-01-0001 (camt.053.001.08, line 8): Beispielbank ••••9890, EUR; entries: 3 booked, ...`
    var line: String {
        let kind =
            switch message?.kind {
            case .report: "report"
            case .notification: "notification"
            default: "statement"
            }
        let what = "\(kind) \(id ?? "-") (\(message?.name ?? "camt"), line \(location.line))"
        return "\(what): \(account ?? "-"), \(currency ?? "?"); entries: \(booked) booked, \(pending) pending, "
            + "\(information) INFO"
    }

    var json: JSONOutput {
        .object([
            ("message", .optional(message?.name)), ("id", .optional(id)), ("line", .int(Int64(location.line))),
            ("account", .optional(account)), ("currency", .optional(currency)), ("booked", .int(Int64(booked))),
            ("pending", .int(Int64(pending))), ("info", .int(Int64(information))),
            (
                "balances",
                .array(
                    balances.map { balance in
                        .object([
                            ("code", .string(balance.code)), ("amount", .string(balance.amount)),
                            ("currency", .string(balance.currency)), ("creditDebit", .string(balance.indicator)),
                            ("date", .string(balance.date)), ("read", .bool(balance.isRead)),
                        ])
                    })
            ),
        ])
    }
}
