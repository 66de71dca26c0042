import LedgerCore

extension CamtFormat {
    /// `ledgerport inspect` for camt: each statement, report or notification with its id, account,
    /// entry counts and every balance as written (and what it became), then the first rows.
    ///
    /// The whole file is read, so that the balances of every statement show, and so is where an
    /// import would stop.
    public static func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws
        -> AdapterInspection?
    {
        var events: [AdapterEvent] = []
        var drafts = 0
        var failure: String?
        let collect: (AdapterEvent) throws -> Void = { event in
            if case .draft = event {
                drafts += 1
                if drafts > rows { return }
            }
            events.append(event)
        }
        let builder = CamtStatementBuilder(
            fileName: input.name, accountOverride: options.account, collectsSummaries: true, emit: collect)
        do {
            try CamtReader(builder: builder, fileName: input.name).read(input)
        } catch let error as any LocatedError {
            failure = error.description
        }
        var lines: [String] = []
        for summary in builder.summaries {
            lines.append(summary.line)
            for balance in summary.balances {
                let state = balance.isRead ? "" : " (not read)"
                lines.append(
                    "  balance \(balance.code) \(balance.indicator) \(balance.amount) \(balance.currency) "
                        + "on \(balance.date)\(state)")
            }
        }
        for event in events {
            switch event {
            case .balance(let balance):
                lines.append(
                    "balance:   \(balance.kind.rawValue) \(balance.formatted) \(balance.currency.code) on \(balance.asOf)"
                        + " (\(balance.account))")
            case .draft(let draft):
                let signed = Money.format(draft.signedMinorUnits, currency: draft.amount.currency)
                let status = draft.status == .pending ? " [pending]" : ""
                lines.append(
                    "  line \(draft.location.line): \(draft.bookingDay)  \(signed) \(draft.amount.currency.code)  "
                        + "\(draft.description)\(status)")
            case .account(let account):
                lines.append("account:   \(account.name) (\(account.kind.rawValue), \(account.currency?.code ?? "?"))")
            case .skipped(let skipped):
                lines.append("skipped:   \(skipped.count) \(skipped.reason)")
            case .notice(let notice):
                lines.append("notice:    \(notice.count) \(notice.reason)")
            case .mapping, .correction:
                break
            }
        }
        if drafts > rows { lines.append("(\(drafts - rows) more rows)") }
        if let failure { lines.append("problem:   \(failure)") }
        return AdapterInspection(
            text: lines.joined(separator: "\n"),
            members: [
                ("statements", .array(builder.summaries.map(\.json))),
                ("failure", .optional(failure)),
                (
                    "drafts",
                    .array(
                        events.compactMap { event in
                            guard case .draft(let draft) = event else { return nil }
                            return draft.inspectionJSON
                        })
                ),
            ],
            failure: failure)
    }
}
