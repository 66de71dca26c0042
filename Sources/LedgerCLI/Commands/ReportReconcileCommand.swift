import Foundation
import LedgerCore
import LedgerExport
import LedgerStore

/// `ledgerport report reconcile ACCOUNT -o report.html`: the reconciliation report as one
/// self-contained HTML page (docs/report-html.md).
struct ReportReconcileCommand: Command {
    static let name = "report reconcile"
    static let abstract = "Write an account's reconciliation as one HTML page: balance chart, checkpoints, causes."
    static let arguments = "ACCOUNT"
    static let discussion = """
        Per account: the ledger's balance over the period as a line against each checkpoint's
        statement balance (reconciled and discrepancy points drawn apart), the checkpoint table, the
        pending rows apart, and for each discrepancy the day the balances first part and the ranked
        candidates with their rows and the file:line:column they came from; a summary on top. One
        file with no script, no network and nothing beside it; it prints. --all reports every
        account instead of ACCOUNT. --from and --to are both included; else each account's first and
        last day with a row or checkpoint. The same ledger gives the same bytes.
        """
    static let options: [OptionSpec] = [
        .flag("--all", "Every account, by name, instead of ACCOUNT."),
        .value("--from", "DAY", "The first day to show (YYYY-MM-DD), included."),
        .value("--to", "DAY", "The last day to show (YYYY-MM-DD), included."),
        .value("-o", "FILE", "Write the page to FILE (whole, or not at all) instead of standard output."),
        .flag("--json", "Describe the file -o wrote as JSON."),
    ]

    let account: String?
    let from: Day?
    let to: Day?
    let outputPath: String?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        if arguments.has("--all") {
            guard arguments.positionals.isEmpty else {
                throw UsageError(
                    "--all reports every account and takes no ACCOUNT, found '\(arguments.positionals[0])'")
            }
            account = nil
        } else {
            guard arguments.positionals.count == 1 else {
                throw UsageError(
                    "report reconcile needs one ACCOUNT (or --all): ledgerport report reconcile ACCOUNT -o report.html")
            }
            account = try ParsedArguments.accountName(arguments.positionals[0], what: "ACCOUNT")
        }
        from = try arguments.value("--from").map { text throws(UsageError) in try parseDay(text, option: "--from") }
        to = try arguments.value("--to").map { text throws(UsageError) in try parseDay(text, option: "--to") }
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        outputPath = arguments.value("-o")
        json = arguments.has("--json")
        if json && outputPath == nil {
            throw UsageError("--json describes the file -o writes; without -o the page itself is the output")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.readingStore()
        let accounts = try account.map { [try context.account(named: $0)] } ?? ledger.allAccounts()
        let report = try ReconciliationReport.make(from: ledger, accounts: accounts, first: from, last: to)
        let page = Array(ReconciliationPage.html(report).utf8)
        guard let outputPath else {
            page.withUnsafeBufferPointer { context.console.printVerbatim($0) }
            return 0
        }
        try Self.write(page, to: outputPath)
        let unexplained = report.unexplained.filter { $0.amount != 0 }
        if json {
            context.console.print(
                JSONOutput.object([
                    ("file", .string(outputPath)), ("bytes", .int(page.count)),
                    ("accounts", .array(report.accounts.map { .string($0.name) })),
                    ("from", report.period.map { .string($0.lowerBound.description) } ?? .null),
                    ("to", report.period.map { .string($0.upperBound.description) } ?? .null),
                    ("reconciled", .int(report.reconciledCount)), ("discrepancies", .int(report.discrepancyCount)),
                    ("baselines", .int(report.baselineCount)),
                    (
                        "unexplained",
                        .object(
                            unexplained.map { item in
                                (
                                    item.currency.code,
                                    item.amount.map { .string(Money.format($0, currency: item.currency)) } ?? .null
                                )
                            })
                    ),
                ]
                ).rendered())
            return 0
        }
        let accountsText = report.accounts.count == 1 ? report.accounts[0].name : "\(report.accounts.count) accounts"
        var line = "wrote the reconciliation of \(accountsText) to \(outputPath): "
        line += "\(report.reconciledCount) reconciled, \(report.discrepancyCount) with a discrepancy"
        if !unexplained.isEmpty {
            let sums = unexplained.map { item in
                (item.amount.map { Money.format($0, currency: item.currency) } ?? "?") + " " + item.currency.code
            }
            line += " (unexplained " + sums.joined(separator: ", ") + ")"
        }
        context.console.print(line)
        return 0
    }

    /// Writes the page beside `path` and renames it into place once whole.
    private static func write(_ bytes: [UInt8], to path: String) throws {
        let temporary = path + ".\(getpid()).partial"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw RuntimeError("can't write \(temporary) for the report: \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw RuntimeError("can't rename \(temporary) to \(path): \(reason)")
        }
    }
}
