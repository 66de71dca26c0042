import LedgerCore
import LedgerImport
import LedgerStore

/// `ledgerport import FILE...`: reads bank exports into the ledger in batches, then checkpoints.
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import bank exports into the ledger, then check their statement balances."
    static let arguments = "FILE..."
    static let discussion = """
        Each file is read by the adapter that recognises it (or the one named with --format) and saved
        in batches, each whole or not at all. The first bad record stops that file's import: the
        batches before it stay, and the report names the record. Importing a file again adds nothing.
        Exit status: 0 when every file was imported (a discrepancy is information), 1 when one stopped.
        """
    static let options: [OptionSpec] = [
        .value("--account", "NAME", "The ledger account to import into (default: what the file or mapping says)."),
        .value("--format", "ID", "The file format, when detection should not decide (see `ledgerport formats`)."),
        .value("--mapping", "NAME|PATH", "The CSV mapping to use (default: the one whose header matches)."),
        .flag("--dry-run", "Read and check everything, write nothing."),
        .flag("--restore-deleted", "Bring back rows `transactions delete` removed (else skipped)."),
        .value("--batch-size", "N", "Records per database transaction (default 100)."),
        .flag("--json", "Print the report as JSON."),
    ]

    let files: [String]
    let account: String?
    let format: (any FormatAdapter.Type)?
    let mapping: String?
    let dryRun: Bool
    let restoresDeleted: Bool
    let batchSize: Int
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError("import needs at least one FILE") }
        files = arguments.positionals
        account = try arguments.accountName("--account")
        format = try ParsedArguments.format(arguments.value("--format"))
        mapping = arguments.value("--mapping")
        dryRun = arguments.has("--dry-run")
        restoresDeleted = arguments.has("--restore-deleted")
        json = arguments.has("--json")
        batchSize = try arguments.count("--batch-size", "a batch size", in: 1...1_000_000, default: 100)
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = dryRun ? nil : try context.ledger()
        ledger?.restoresDeletedRows = restoresDeleted
        if let account, ledger != nil { try context.checkNewAccountName(account) }
        var reports: [ImportReport] = []
        for file in files {
            let progress = ProgressLine(console: context.console, enabled: !json && context.console.errorsIsTerminal)
            let importer = BatchImporter(batchSize: batchSize) { progress.update($0) }
            let options = AdapterOptions(
                account: account, mapping: mapping,
                mappingDirectories: LedgerLocation.mappingDirectories(environment: context.environment),
                fileName: file)
            let report = importer.importFile(at: file, format: format, options: options, into: ledger)
            progress.finish()
            if let failure = report.failure { context.console.error(failure.description) }
            if !json { printHuman(report, console: context.console, ledger: ledger) }
            reports.append(report)
        }
        if json {
            let value: JSONOutput =
                reports.count == 1 ? ReportJSON.importReport(reports[0]) : .array(reports.map(ReportJSON.importReport))
            context.console.print(value.rendered())
        }
        return reports.contains { $0.status == .stopped } ? 1 : 0
    }

    private func printHuman(_ report: ImportReport, console: Console, ledger: Ledger?) {
        let mappingText = report.mapping.map { ", mapping \($0)" } ?? ""
        console.print("\(report.file) (\(report.format)\(mappingText))")
        let deletedBefore = report.deletedBefore > 0 ? ", \(report.deletedBefore) deleted before" : ""
        let counts =
            "\(report.read) read, \(report.inserted) inserted, \(report.duplicates) duplicates\(deletedBefore), \(report.batches) batches"
        switch report.status {
        case .complete:
            console.print("  imported: \(counts)")
        case .dryRun:
            console.print("  dry run, nothing written: \(report.read) records read and checked")
        case .stopped:
            console.print("  stopped: \(counts)")
            if let failure = report.failure {
                console.print("  kept \(report.kept) rows; record \(failure.record) stopped it: \(failure.description)")
            }
        }
        if report.deletedBefore > 0 {
            console.print(
                "  skipped \(report.deletedBefore) rows `transactions delete` removed; --restore-deleted brings them back"
            )
        }
        if report.corrections > 0 {
            console.print(
                "  \(report.corrections) corrections from the source: \(report.withdrawn) stored transactions withdrawn"
            )
        }
        for skipped in report.skipped {
            console.print("  skipped \(skipped.count) \(skipped.reason) (first at \(skipped.location))")
        }
        for checkpoint in report.checkpoints {
            if let ledger {
                let lines = CheckpointText.lines(checkpoint, ledger: ledger, indent: "  ")
                console.print("  checkpoint " + lines[0].dropFirst(2))
                for line in lines.dropFirst() { console.print(line) }
            } else {
                console.print("  checkpoint " + CheckpointText.line(checkpoint))
            }
        }
        for checkpoint in report.refreshed {
            console.print("  updated the later checkpoint " + CheckpointText.line(checkpoint))
        }
        if report.status == .complete, report.checkpoints.isEmpty {
            console.print("  no statement balance in this file: no checkpoint")
        }
    }
}
