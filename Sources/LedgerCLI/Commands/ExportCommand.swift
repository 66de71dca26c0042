import Foundation
import LedgerCore
import LedgerExport
import LedgerStore

/// `ledgerport export --to hledger|ledger|beancount|csv`: the ledger as a journal the
/// plain-text accounting tools check, or as a spreadsheet, streamed.
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write the ledger as an hledger, Ledger or beancount journal, or as CSV."
    static let discussion = """
        --to takes the format, and may be given a second time with a day: --to hledger --to
        2024-12-31 ends the export on that day (included). Each row becomes two postings: its
        account's journal name and the account its category names (Expenses:Unknown or
        Income:Unknown without one); checkpoints become balance assertions, so the tool checks
        the statement balances; an opening entry makes the journal start where ledgerport does.
        Journal names come from export.json in the config folder ($XDG_CONFIG_HOME/ledgerport,
        `accounts set ACCOUNT --journal-name NAME` writes it), else a default every tool reads
        (Assets:Bank:Checking). --since-last NAME writes only the rows and checkpoints stored
        since the last export of that NAME, and remembers where this one stopped once it is
        written whole. The same ledger exported again gives the same bytes. See docs/export.md.
        """
    static let options: [OptionSpec] = [
        OptionSpec(
            name: "--to", value: "FORMAT|DAY",
            help: "hledger, ledger, beancount or csv; again with a day: the last day (included).", repeats: true),
        OptionSpec(name: "--account", value: "NAME", help: "Only this account (repeat for more).", repeats: true),
        .value("--from", "DAY", "The first day to export (YYYY-MM-DD), included."),
        .value("--since-last", "NAME", "Only what was stored since the last export named NAME."),
        .value("--pending", "flag|omit", "Write pending rows flagged ! (the default) or leave them out."),
        .value("-o", "FILE", "Write to FILE (whole, or not at all) instead of standard output."),
        .flag("--json", "With -o: print what was written as JSON."),
    ]

    let format: ExportFormat
    let accounts: [String]
    let window: DayWindow
    let sinceLast: String?
    let includesPending: Bool
    let outputPath: String?
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError("export takes no arguments: ledgerport export --to hledger|ledger|beancount|csv")
        }
        var format: ExportFormat?
        var to: Day?
        for value in arguments.values("--to") {
            if let chosen = ExportFormat(rawValue: value.lowercased()) {
                if format != nil { throw UsageError("--to names two formats; expected one") }
                format = chosen
            } else if let day = Day(iso: value) {
                if to != nil { throw UsageError("--to names two days; expected one last day") }
                to = day
            } else {
                throw UsageError(
                    "--to \(value) is neither a format nor a day; expected hledger, ledger, beancount or csv, "
                        + "or a day such as 2024-12-31")
            }
        }
        guard let format else {
            throw UsageError("export needs --to hledger|ledger|beancount|csv")
        }
        self.format = format
        accounts = try arguments.values("--account").map { name throws(UsageError) in
            try ParsedArguments.accountName(name, what: "--account")
        }
        let from = try arguments.value("--from").map { text throws(UsageError) in try parseDay(text, option: "--from") }
        if let from, let to, to < from { throw UsageError("--to \(to) is before --from \(from)") }
        window = DayWindow.days(from, through: to)
        sinceLast = arguments.value("--since-last")
        if let sinceLast {
            guard sinceLast.contains(where: { !$0.isWhitespace }) else {
                throw UsageError("--since-last '' is empty; expected a name for this export, such as books")
            }
            if from != nil || to != nil {
                throw UsageError("--since-last writes what is new whatever its day; it takes no --from or --to DAY")
            }
        }
        switch arguments.value("--pending") {
        case nil, "flag": includesPending = true
        case "omit": includesPending = false
        case let other?: throw UsageError("--pending \(other) is not a choice; expected flag or omit")
        }
        outputPath = arguments.value("-o")
        json = arguments.has("--json")
        if json && outputPath == nil {
            throw UsageError("--json describes the file -o writes; without -o the export itself is the output")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.readingStore()
        let names = try ExportConfiguration.read(environment: context.environment)
        var selected: [StoredAccount] = []
        if accounts.isEmpty {
            selected = try ledger.allAccounts()
        } else {
            for name in accounts {
                let account = try context.account(named: name)
                if !selected.contains(where: { $0.id == account.id }) { selected.append(account) }
            }
        }
        var mark: ExportMark?
        if let sinceLast {
            mark = try ledger.exportMark(named: sinceLast)
            if let mark, mark.format != format.rawValue {
                throw RuntimeError(
                    "the export \"\(sinceLast)\" was written as \(mark.format); expected --to \(mark.format) "
                        + "(or another --since-last name)")
            }
        }
        let request = ExportRequest(
            format: format, accounts: selected, window: window, mark: mark, includesPending: includesPending,
            names: names)
        let exporter = Exporter(request, from: ledger)
        var summary: ExportSummary
        if let outputPath {
            summary = try writeFile(outputPath, exporter: exporter)
        } else {
            summary = try exporter.run { chunk in chunk.withUnsafeBufferPointer { context.console.printVerbatim($0) } }
        }
        if let sinceLast {
            summary.mark.name = sinceLast
            try ledger.saveExportMark(summary.mark)
        }
        if json {
            context.console.print(
                JSONOutput.object([
                    ("format", .string(format.rawValue)), ("file", .optional(outputPath)),
                    ("transactions", .int(summary.transactions)), ("assertions", .int(summary.assertions)),
                    ("openings", .int(summary.openings)), ("pendingLeftOut", .int(summary.pendingLeftOut)),
                    ("sinceLast", .optional(sinceLast)),
                ]
                ).rendered())
        } else if let outputPath {
            var line = "wrote \(summary.transactions) transactions"
            if format.isJournal { line += ", \(summary.assertions) balance assertions" }
            if summary.pendingLeftOut > 0 { line += ", left out \(summary.pendingLeftOut) pending" }
            context.console.print(line + " to \(outputPath)")
        }
        return 0
    }

    /// Writes the export beside `path` and renames it into place once whole.
    private func writeFile(_ path: String, exporter: Exporter) throws -> ExportSummary {
        let temporary = path + ".\(getpid()).partial"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw RuntimeError("can't create \(temporary) to write the export")
        }
        do {
            let summary = try exporter.run { chunk in try handle.write(contentsOf: chunk) }
            try handle.close()
            guard rename(temporary, path) == 0 else {
                throw RuntimeError("can't rename \(temporary) to \(path): \(String(cString: strerror(errno)))")
            }
            return summary
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }
}
