import Foundation
import LedgerCore

/// One line per event, the format of the `.expected` files beside fixtures and samples (OFX's
/// and the CSV samples').
public enum EventLines {
    /// The run's events, one line each, then its error.
    public static func lines(_ run: AdapterRun) -> [String] {
        var lines = run.events.map(line)
        if let error = run.error { lines.append("error \(error)") }
        return lines
    }

    /// One event as a line.
    public static func line(_ event: AdapterEvent) -> String {
        switch event {
        case .account(let account):
            return
                "account \"\(account.name)\" \(account.kind.rawValue) \(account.currency?.code ?? "-") institution=\"\(account.institution ?? "")\" number=\(account.maskedNumber ?? "-")"
        case .draft(let draft):
            return "draft " + describe(draft)
        case .balance(let balance):
            return
                "balance \"\(balance.account)\" \(balance.kind.rawValue) \(balance.asOf) \(balance.formatted) \(balance.currency.code) @\(balance.location.line):\(balance.location.column)"
        case .skipped(let records):
            return "skipped \(records.count) \"\(records.reason)\" @\(records.location.line):\(records.location.column)"
        case .notice(let notice):
            return "notice \(notice.count) \"\(notice.reason)\" @\(notice.location.line):\(notice.location.column)"
        case .mapping(let name):
            return "mapping \(name)"
        case .correction(let correction):
            return
                "correction \"\(correction.account)\" \(correction.isReplacement ? "replace" : "delete") \(correction.correctedExternalID) @\(correction.location.line):\(correction.location.column)"
        }
    }

    /// A draft's fields on one line; the running balance, category and split lines only where the
    /// source states them.
    public static func describe(_ draft: Draft) -> String {
        let running = draft.runningBalance.map { " running=" + Money.format($0, currency: draft.amount.currency) } ?? ""
        let category = draft.category.map { " category=\"\($0)\"" } ?? ""
        let splits =
            draft.splits.isEmpty
            ? ""
            : " splits=["
                + draft.splits.map { split in
                    "\"\(split.category ?? "")\" \(Money.format(split.signedMinorUnits, currency: split.amount.currency)) \"\(split.memo)\""
                }.joined(separator: "; ") + "]"
        return
            "\"\(draft.account)\" \(draft.bookingDay) user=\(draft.transactionDay.map { "\($0)" } ?? "-") \(draft.direction.rawValue) \(draft.amount) \(draft.amount.currency.code) id=\(draft.externalID ?? "-") \(draft.status.rawValue) \"\(draft.description)\" memo=\"\(draft.memo)\"\(running)\(category)\(splits) @\(draft.location.line):\(draft.location.column)"
    }

    /// Compares a run with its `.expected` file line by line; with `LEDGERPORT_RECORD=1`,
    /// rewrites the file and reports a difference so that every new baseline is reviewed.
    public static func compare(_ run: AdapterRun, expectedAt url: URL) -> String? {
        Snapshot.compare(lines(run).joined(separator: "\n") + "\n", with: url)
    }
}
