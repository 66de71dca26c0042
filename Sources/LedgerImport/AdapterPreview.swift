import LedgerCore

/// What `ledgerport inspect` shows of a file through any adapter: the adapter's own inspection
/// when it has one (CSV), else its first events: accounts, balances and the first rows.
public enum AdapterPreview {
    /// Inspects a file without writing anything.
    ///
    /// - Parameters:
    ///   - input: the file.
    ///   - adapter: the adapter that reads it.
    ///   - options: the user's options, as an import would take them.
    ///   - rows: how many rows to show.
    /// - Throws: what the adapter throws before it can read (an option it can't use).
    public static func inspect(
        _ input: any ByteStream, adapter: any SourceAdapter, options: AdapterOptions, rows: Int
    ) throws -> AdapterInspection {
        if let inspection = try adapter.inspect(input, options: options, rows: rows) { return inspection }
        var events: [AdapterEvent] = []
        var drafts = 0
        var failure: String?
        // The importer's own checks of each event (declared account, ``Draft/validate(accountCurrency:)``),
        // so that the preview stops where `import --dry-run` would.
        var preparation = DraftPreparation()
        do {
            try adapter.reader(options: options).drafts(from: input) { event in
                if case .draft = event {
                    guard drafts < rows else { throw PreviewFull() }
                    drafts += 1
                }
                if !(try preparation.checkDraft(event)) { _ = try preparation.prepare(event) }
                events.append(event)
            }
        } catch is PreviewFull {
            failure = nil
        } catch let error as any LocatedError {
            failure = error.description
        }
        var lines = events.compactMap(describe)
        if let failure { lines.append("problem:   \(failure)") }
        return AdapterInspection(
            text: lines.joined(separator: "\n"),
            members: [
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

    private struct PreviewFull: Error {}

    private static func describe(_ event: AdapterEvent) -> String? {
        switch event {
        case .account(let account):
            return "account:   \(account.name) (\(account.kind.rawValue), \(account.currency?.code ?? "?"))"
        case .draft(let draft):
            let signed = Money.format(draft.signedMinorUnits, currency: draft.amount.currency)
            let status = draft.status == .pending ? " [pending]" : ""
            return "  line \(draft.location.line): \(draft.bookingDay)  \(signed) \(draft.amount.currency.code)  "
                + "\(draft.description)\(status)"
        case .balance(let balance):
            return
                "balance:   \(balance.kind.rawValue) \(balance.formatted) \(balance.currency.code) on \(balance.asOf)"
        case .skipped(let skipped):
            return "skipped:   \(skipped.count) \(skipped.reason)"
        case .notice(let notice):
            return "notice:    \(notice.count) \(notice.reason)"
        case .mapping, .correction:
            return nil
        }
    }
}
