import LedgerCore

/// The reconciliation report as one self-contained HTML page: no script, no network, no file
/// beside it; the charts are inline SVG and the styles are in the page (docs/report-html.md).
///
/// The same report gives the same bytes: nothing depends on the clock, the machine or the order
/// of a dictionary. Every text from the ledger (names, descriptions, paths) is escaped.
public enum ReconciliationPage {
    /// The page for a report.
    ///
    /// ```swift
    /// let report = try ReconciliationReport.make(from: ledger, accounts: [checking], first: nil, last: nil)
    /// try Data(ReconciliationPage.html(report).utf8).write(to: url)
    /// ```
    public static func html(_ report: ReconciliationReport) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>\(HTMLText.escaped(title(report)))</title>
            <style>
            \(style)</style>
            </head>
            <body>
            <header>
            <h1>Reconciliation report</h1>
            <p>Each checkpoint compares the ledger&#39;s balance with a statement&#39;s at the end of a day: \
            expected = the previous checkpoint&#39;s statement balance + the booked rows since; discrepancy = \
            statement &#8722; expected. Pending rows are listed apart and never counted. Candidates are \
            suggestions: nothing was changed.</p>
            </header>

            """
        out += summary(report)
        for (index, account) in report.accounts.enumerated() {
            out += section(account, id: "account-\(index + 1)")
        }
        out += """
            <footer><p>Made by ledgerport (report reconcile). Amounts are exact, in each account&#39;s \
            currency; days are the statements&#39; booking days.</p></footer>
            </body>
            </html>

            """
        return out
    }

    // MARK: - Private

    private static func title(_ report: ReconciliationReport) -> String {
        let names = report.accounts.map(\.name)
        let who = names.count <= 3 ? names.joined(separator: ", ") : "\(names.count) accounts"
        let when = report.period.map { ", \($0.lowerBound) to \($0.upperBound)" } ?? ""
        return "Reconciliation report: \(who)\(when)"
    }

    private static func summary(_ report: ReconciliationReport) -> String {
        var out = "<section class=\"summary\">\n<h2>Summary</h2>\n<dl>\n"
        out += "<dt>Accounts</dt><dd>\(report.accounts.count)</dd>\n"
        let period = report.period.map { "\($0.lowerBound) to \($0.upperBound)" } ?? "no day with a row or checkpoint"
        out += "<dt>Period</dt><dd>\(period)</dd>\n"
        out += "<dt>Checkpoints</dt><dd><span class=\"reconciled\">\(report.reconciledCount) reconciled</span>, "
        out += "<span class=\"discrepancy\">\(report.discrepancyCount) with a discrepancy</span>, "
        out += "\(report.baselineCount) \(report.baselineCount == 1 ? "baseline" : "baselines")</dd>\n"
        let unexplained = report.unexplained.filter { $0.amount != 0 }.map { item in
            (item.amount.map { Money.format($0, currency: item.currency) } ?? "more than 64 bits hold") + " "
                + HTMLText.escaped(item.currency.code)
        }
        out += "<dt>Unexplained</dt><dd>"
        out += unexplained.isEmpty ? "nothing" : unexplained.joined(separator: ", ")
        out += " <span class=\"note\">(the discrepancies&#39; sizes added)</span></dd>\n"
        let pending = report.accounts.reduce(0) { $0 + $1.pendingCount }
        out += "<dt>Pending rows</dt><dd>\(pending) <span class=\"note\">(not counted)</span></dd>\n</dl>\n"
        guard !report.accounts.isEmpty else { return out + "</section>\n" }
        out += "<table class=\"accounts\">\n<thead><tr><th>Account</th><th>Currency</th><th>Period</th>"
        out += "<th class=\"number\">Reconciled</th><th class=\"number\">Discrepancies</th>"
        out += "<th class=\"amount\">Unexplained</th><th class=\"number\">Pending</th></tr></thead>\n<tbody>\n"
        for (index, account) in report.accounts.enumerated() {
            let period = account.period.map { "\($0.lowerBound) to \($0.upperBound)" } ?? "—"
            let unexplained = account.unexplained.map { Money.format($0, currency: account.currency) } ?? "—"
            let discrepancies = account.count(of: .discrepancy)
            out += "<tr\(discrepancies > 0 ? " class=\"discrepancy\"" : "")>"
            out += "<td><a href=\"#account-\(index + 1)\">\(HTMLText.escaped(account.name))</a></td>"
            out += "<td>\(HTMLText.escaped(account.currency.code))</td><td>\(period)</td>"
            out += "<td class=\"number\">\(account.count(of: .reconciled))</td>"
            out += "<td class=\"number\">\(discrepancies)</td><td class=\"amount\">\(unexplained)</td>"
            out += "<td class=\"number\">\(account.pendingCount)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    private static func section(_ account: AccountReconciliation, id: String) -> String {
        let format = { (amount: Int64) in Money.format(amount, currency: account.currency) }
        var out = "<section class=\"account\" id=\"\(id)\">\n"
        out += "<h2>\(HTMLText.escaped(account.name)) <span class=\"currency\">"
        out += "\(HTMLText.escaped(account.currency.code))</span></h2>\n"
        if let period = account.period {
            out += "<p class=\"period\">\(period.lowerBound) to \(period.upperBound)"
            if let opening = account.openingBalance {
                out += "; balance at the end of \(period.lowerBound.previous): \(format(opening))"
            }
            out += "</p>\n"
        }
        out += "<figure>\n" + BalanceChart.svg(account, id: "\(id)-chart") + "\n<figcaption>"
        out += "The ledger&#39;s balance at each day&#39;s end (the line) against the statements&#39; balances "
        out += "(the points). At a checkpoint the line restarts from the statement&#39;s balance, as the "
        out += "ledger counts it.</figcaption>\n</figure>\n"
        out += checkpointTable(account, id: id, format: format)
        out += pendingRows(account, format: format)
        out += discrepancies(account, id: id, format: format)
        return out + "</section>\n"
    }

    private static func checkpointTable(
        _ account: AccountReconciliation, id: String, format: (Int64) -> String
    ) -> String {
        var out = "<h3>Checkpoints</h3>\n"
        guard !account.checkpoints.isEmpty else { return out + "<p>No checkpoint in the period.</p>\n" }
        out += "<table class=\"checkpoints\">\n<thead><tr><th>Day</th><th>Source</th>"
        out += "<th class=\"amount\">Statement</th><th class=\"amount\">Expected</th>"
        out +=
            "<th class=\"amount\">Discrepancy</th><th>Status</th><th>Pending, not counted</th></tr></thead>\n<tbody>\n"
        for checkpoint in account.checkpoints {
            let status = checkpoint.status.rawValue
            out += "<tr class=\"\(status)\"><td>\(checkpoint.day)</td><td>\(HTMLText.escaped(checkpoint.source))</td>"
            out += "<td class=\"amount\">\(format(checkpoint.statement))</td>"
            out += "<td class=\"amount\">\(checkpoint.expected.map(format) ?? "—")</td>"
            out += "<td class=\"amount\">\(checkpoint.discrepancy.map { signed($0, format) } ?? "—")</td>"
            if checkpoint.status == .discrepancy {
                out += "<td class=\"status\"><a href=\"#\(id)-\(checkpoint.day)\">\(status)</a></td>"
            } else {
                out += "<td class=\"status\">\(status)</td>"
            }
            let pending =
                checkpoint.pendingCount == 0
                ? "—" : "\(rows(checkpoint.pendingCount)), \(format(checkpoint.pendingSum))"
            out += "<td>\(pending)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    private static func pendingRows(_ account: AccountReconciliation, format: (Int64) -> String) -> String {
        guard account.pendingCount > 0 else { return "" }
        var out = "<h3>Pending rows, not counted</h3>\n"
        out += rowTable(account.pendingRows, format: format)
        if account.pendingCount > account.pendingRows.count {
            out += "<p class=\"note\">… and \(account.pendingCount - account.pendingRows.count) more.</p>\n"
        }
        return out
    }

    private static func discrepancies(
        _ account: AccountReconciliation, id: String, format: (Int64) -> String
    ) -> String {
        let found = account.checkpoints.filter { $0.status == .discrepancy }
        guard !found.isEmpty else { return "" }
        var out = "<h3>Discrepancies and their likely causes</h3>\n"
        for checkpoint in found {
            let gap = checkpoint.discrepancy.map { signed($0, format) } ?? ""
            out += "<article class=\"discrepancy\" id=\"\(id)-\(checkpoint.day)\">\n"
            out += "<h4>\(checkpoint.day): discrepancy \(gap)</h4>\n<p>Statement \(format(checkpoint.statement)), "
            out += "ledger expected \(checkpoint.expected.map(format) ?? "—"). "
            if let day = checkpoint.divergesOn {
                out += "The balances first part on <strong class=\"parting\">\(day)</strong>.</p>\n"
            } else {
                out += "The statement gave no end-of-day balances in this window, so the day the balances part "
                out += "is not known.</p>\n"
            }
            guard !checkpoint.candidates.isEmpty else {
                out += "<p>No candidate: no row or pair of rows explains the gap.</p>\n</article>\n"
                continue
            }
            out += "<ol class=\"candidates\">\n"
            for candidate in checkpoint.candidates {
                out += "<li><p><span class=\"kind\">\(candidate.kind.rawValue)</span>, explains "
                out += "\(signed(candidate.explains, format)): \(HTMLText.escaped(candidate.note))</p>\n"
                out += rowTable(candidate.rows, format: format)
                if candidate.rowCount > candidate.rows.count {
                    out += "<p class=\"note\">… and \(candidate.rowCount - candidate.rows.count) more.</p>\n"
                }
                out += "</li>\n"
            }
            out += "</ol>\n"
            if checkpoint.candidateCount > checkpoint.candidates.count {
                out += "<p class=\"note\">… and \(checkpoint.candidateCount - checkpoint.candidates.count) more "
                out +=
                    "candidates of lower rank (<code>ledgerport reconcile ACCOUNT --json</code> lists them all).</p>\n"
            }
            out += "</article>\n"
        }
        return out
    }

    private static func rowTable(_ rows: [ReportRow], format: (Int64) -> String) -> String {
        guard !rows.isEmpty else { return "" }
        var out = "<table class=\"rows\">\n<thead><tr><th>Day</th><th class=\"amount\">Amount</th>"
        out += "<th>Description</th><th>Source</th></tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr\(row.isPending ? " class=\"pending\"" : "")><td>\(row.day)</td>"
            out += "<td class=\"amount\">\(format(row.amount))</td><td>\(HTMLText.escaped(row.description))"
            out += row.isPending ? " <span class=\"note\">(pending)</span>" : ""
            out += "</td><td class=\"source\">\(row.location.map(HTMLText.escaped) ?? "—")</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    private static func signed(_ amount: Int64, _ format: (Int64) -> String) -> String {
        (amount > 0 ? "+" : "") + format(amount)
    }

    private static func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }

    private static let style = """
        :root { color: #24292f; background: #ffffff; }
        body { font-family: Helvetica, Arial, sans-serif; font-size: 14px; line-height: 1.4; margin: 24px auto; \
        max-width: 1000px; padding: 0 16px; }
        h1 { font-size: 24px; margin: 0 0 8px; }
        h2 { font-size: 20px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
        h3 { font-size: 16px; margin: 20px 0 8px; }
        h4 { font-size: 14px; margin: 12px 0 4px; color: #c62828; }
        .currency, .note, .period { color: #57606a; font-weight: normal; }
        dl { display: grid; grid-template-columns: max-content auto; gap: 4px 16px; margin: 8px 0 16px; }
        dt { font-weight: bold; }
        dd { margin: 0; }
        table { border-collapse: collapse; margin: 4px 0 12px; width: 100%; }
        th, td { border-bottom: 1px solid #d0d7de; padding: 3px 8px; text-align: left; vertical-align: top; }
        th { background: #f6f8fa; }
        .amount, .number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .source { font-family: Menlo, Consolas, monospace; font-size: 12px; word-break: break-all; }
        tr.discrepancy td, span.discrepancy { color: #c62828; }
        tr.reconciled td.status, span.reconciled { color: #1a7f37; }
        tr.baseline td.status { color: #57606a; }
        tr.pending td { color: #57606a; font-style: italic; }
        .parting { color: #b45309; }
        .kind { font-weight: bold; }
        figure { margin: 8px 0; }
        figcaption { color: #57606a; font-size: 12px; }
        svg.chart { display: block; max-width: 100%; height: auto; }
        article.discrepancy { border-left: 3px solid #c62828; padding-left: 12px; margin-bottom: 16px; }
        ol.candidates { padding-left: 20px; }
        footer { color: #57606a; font-size: 12px; margin-top: 32px; border-top: 1px solid #d0d7de; }
        @page { size: A4 landscape; margin: 12mm; }
        @media print {
        body { margin: 0; max-width: none; font-size: 11px; }
        * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
        section.account { break-before: page; }
        figure, tr, article.discrepancy > h4, li > p { break-inside: avoid; }
        h2, h3, h4 { break-after: avoid; }
        a { color: inherit; text-decoration: none; }
        }

        """
}
