import CSVAdapter
import Foundation
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
        A file that doesn't say which account it belongs to (a generic CSV) needs --account, and one
        that states no currency needs --currency (or an existing --account's currency).
        --option NAME=VALUE sets an option of the adapter's own (checked against the options it
        declares, after detection when --format is absent).
        Each new row gets what the rules file sets (--rules PATH, else
        $XDG_CONFIG_HOME/ledgerport/rules.json when it exists; see docs/rules.md); --no-rules skips them.
        A rules file with an error stops the import before it starts.
        Exit status: 0 when every file was imported (a discrepancy is information), 1 when one stopped
        on bad data, 2 for bad usage (an unknown --mapping, --format or --option, an adapter not
        trusted, a missing --account or --currency).
        """
    static let options: [OptionSpec] = [
        .value("--account", "NAME", "The account to import into; required when the file names none (a generic CSV)."),
        .value(
            "--currency", "CODE",
            "The currency of a file that states none (ISO 4217 such as EUR, or a declared commodity)."),
        .value("--format", "ID", "The file format, when detection should not decide (see `ledgerport formats`)."),
        .value("--mapping", "NAME|PATH", "The CSV mapping to use (default: the one whose header matches)."),
        AdapterOptionArguments.spec,
        .flag("--dry-run", "Read and check everything and count what is new; write nothing."),
        .flag("--restore-deleted", "Bring back rows `transactions delete` removed (else skipped)."),
        .value("--batch-size", "N", "Records per database transaction (default 100)."),
        .value("--rules", "PATH", "The rules file for new rows (default: $XDG_CONFIG_HOME/ledgerport/rules.json)."),
        .flag("--no-rules", "Apply no rules file."),
        .flag("--no-catch-up", "Write no recurring charges after the import (`recurring catch-up`)."),
        .flag("--json", "Print the report as JSON."),
    ]

    let files: [String]
    let account: String?
    /// `--currency`, resolved through the ledger's commodities once it is open.
    let currencyCode: String?
    let formatID: String?
    /// The adapter's own options (`--option NAME=VALUE`, `--mapping`).
    let settings: AdapterSettings
    let dryRun: Bool
    let restoresDeleted: Bool
    let batchSize: Int
    /// `--rules`, or `nil` for the default file; ignored with `--no-rules`.
    let rulesPath: String?
    let usesRules: Bool
    /// Whether the recurring catch-up runs after the import (not with `--no-catch-up`).
    let catchesUp: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError("import needs at least one FILE") }
        files = arguments.positionals
        account = try arguments.accountName("--account")
        currencyCode = try ParsedArguments.currencyCode(arguments.value("--currency"))
        formatID = arguments.value("--format")
        settings = try AdapterOptionArguments.settings(in: arguments)
        dryRun = arguments.has("--dry-run")
        restoresDeleted = arguments.has("--restore-deleted")
        json = arguments.has("--json")
        batchSize = try arguments.count("--batch-size", "a batch size", in: 1...1_000_000, default: 100)
        rulesPath = arguments.value("--rules")
        usesRules = !arguments.has("--no-rules")
        catchesUp = !arguments.has("--no-catch-up")
        if rulesPath != nil && !usesRules { throw UsageError("--rules and --no-rules can't go together") }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let named = try context.adapter(format: formatID)
        let rules = usesRules && !dryRun ? try context.ruleSet(path: rulesPath, required: rulesPath != nil) : nil
        let directories = LedgerLocation.mappingDirectories(environment: context.environment)
        if let named { try AdapterOptionArguments.check(settings, for: named, mappingDirectories: directories) }
        _ = try context.existingAccount(named: account, currencyCode: currencyCode)
        // Bad usage is found before any file is imported.
        var formats: [(any SourceAdapter)?] = []
        for file in files {
            if named == nil { context.noteBlockedAdapters(notAskedAbout: file) }
            formats.append(try named ?? detectedAdapter(of: file, in: context, mappingDirectories: directories))
        }
        var reports: [ImportReport] = []
        for (file, format) in zip(files, formats) {
            // A dry run reads an existing ledger and never creates one; an import creates it,
            // but not for a file that isn't there, nor for one whose format, mapping, account or
            // currency is unsettled: read first up to its first record, without a ledger.
            if !dryRun, !context.hasLedger {
                let currency = try ParsedArguments.currency(currencyCode, in: CommodityTable())
                let options = AdapterOptionArguments.merged(
                    settings,
                    into: AdapterOptions(
                        account: account, mappingDirectories: directories, fileName: file, currency: currency,
                        accountCurrency: nil, namesAccountAfterFile: false))
                var settler = BatchImporter(batchSize: batchSize)
                if format == nil { settler.adapters = context.adapters }
                var settled = settler.settle(at: file, format: format, options: options)
                if let failure = settled.failure {
                    settled.status = .stopped
                    context.console.error(message(for: failure, ledger: nil) + unknownFormatHint(failure, context))
                    if !json { printHuman(settled, console: context.console, ledger: nil) }
                    reports.append(settled)
                    continue
                }
            }
            let progress = ProgressLine(console: context.console, enabled: !json && context.console.errorsIsTerminal)
            var importer = BatchImporter(batchSize: batchSize) { progress.update($0) }
            if format == nil { importer.adapters = context.adapters }
            importer.rules = rules
            let ledger =
                dryRun || !FileManager.default.fileExists(atPath: file)
                ? try context.existingImportStore() : try context.importStore(creatingIfMissing: true)
            if !dryRun { ledger?.restoresDeletedRows = restoresDeleted }
            // A name that only looks like an existing account's would split one account in two.
            if let account, ledger != nil { try context.checkNewAccountName(account) }
            let target = try account.flatMap { name in try ledger?.account(named: name) }
            // The ledger's commodities: a file's units and --currency resolve through them.
            let commodities = ledger?.commodities ?? CommodityTable()
            var options = AdapterOptionArguments.merged(
                settings,
                into: AdapterOptions(
                    account: account, mappingDirectories: directories, fileName: file,
                    currency: try ParsedArguments.currency(currencyCode, in: commodities),
                    accountCurrency: target?.currency, namesAccountAfterFile: false))
            options.commodities = commodities
            let report =
                dryRun
                ? importer.dryRun(at: file, format: format, options: options, comparingWith: ledger)
                : importer.importFile(at: file, format: format, options: options, into: ledger)
            progress.finish()
            if let failure = report.failure {
                context.console.error(message(for: failure, ledger: ledger) + unknownFormatHint(failure, context))
            }
            if !json { printHuman(report, console: context.console, ledger: dryRun ? nil : ledger) }
            reports.append(report)
        }
        // Transfers are paired after the imports commit, in a write of their own: a crash
        // between the two leaves fewer pairs, which the next import or `transfers match` makes.
        if !dryRun, reports.contains(where: { $0.inserted > 0 || $0.booked > 0 }), context.hasLedger {
            try context.matchTransfersAfterWrite()
        }
        if json {
            let value: JSONOutput =
                reports.count == 1 ? ReportJSON.importReport(reports[0]) : .array(reports.map(ReportJSON.importReport))
            context.console.print(value.rendered())
        }
        if !dryRun, catchesUp, context.hasLedger { try context.catchUpRecurring() }
        if reports.contains(where: { $0.failure?.missingChoice != nil }) { return 2 }
        return reports.contains { $0.status == .stopped } ? 1 : 0
    }

    /// Without `--format`: the adapter detection picks for a file (each adapter asked once, a
    /// warning for an unusable answer), checked against the options given; the settling read and
    /// the import then both use it. `nil` when the file can't be read or detection finds nothing
    /// (the importer reports it).
    ///
    /// - Throws: ``UsageError`` for an option the detected adapter doesn't have, or an unknown CSV
    ///   mapping.
    private func detectedAdapter(
        of file: String, in context: CommandContext, mappingDirectories: [String]
    ) throws -> (any SourceAdapter)? {
        guard let head = try? FileByteStream.head(of: file), let detected = context.detect(head: head, file: file)
        else { return nil }
        if !settings.isEmpty {
            try AdapterOptionArguments.check(settings, for: detected.adapter, mappingDirectories: mappingDirectories)
        }
        return detected.adapter
    }

    /// For a file no adapter recognised: the external adapters found that aren't trusted.
    private func unknownFormatHint(_ failure: ImportFailure, _ context: CommandContext) -> String {
        let unknown = ImportError(.unknownFormat(known: context.adapters.map(\.id)), at: failure.location)
        guard formatID == nil, failure.record == nil, failure.reason == unknown.message else { return "" }
        return context.untrustedAdapterHint()
    }

    /// The one line on stderr for a stopped file: the error where it happened, or for a choice
    /// the file leaves open, the option that makes it.
    private func message(for failure: ImportFailure, ledger: (any ImportStore)?) -> String {
        switch failure.missingChoice {
        case .account:
            let names = ((try? ledger?.allAccounts()) ?? []).map(\.name)
            let existing = names.isEmpty ? "" : " (existing accounts: \(names.joined(separator: ", ")))"
            return "\(failure.location.file) doesn't say which account it belongs to; name one with --account NAME"
                + existing
        case .currency:
            return "\(failure.location.file) doesn't say which currency its amounts are in; "
                + "name one with --currency CODE (an ISO 4217 code such as EUR or USD)"
        case nil:
            return failure.description
        }
    }

    private func printHuman(_ report: ImportReport, console: Console, ledger: (any ImportStore)?) {
        let mappingText = report.mapping.map { ", mapping \($0)" } ?? ""
        console.print("\(report.file) (\(report.format)\(mappingText))")
        var deletedBefore = report.deletedBefore > 0 ? ", \(report.deletedBefore) deleted before" : ""
        if report.booked > 0 { deletedBefore += ", \(report.booked.counting("pending row")) booked" }
        let counts =
            "\(report.read) read, \(report.inserted) inserted, \(report.duplicates.counting("duplicate"))\(deletedBefore), "
            + report.batches.counting("batch")
        switch report.status {
        case .complete:
            console.print("  imported: \(counts)")
        case .dryRun:
            console.print(
                "  dry run, nothing written: \(report.read.counting("record")) read and checked; " + newText(report))
        case .stopped:
            // The error itself is on stderr, once; here only where it stopped and what was kept.
            let kept = report.read > 0 || report.batches > 0
            if let failure = report.failure, failure.isLedgerFailure {
                console.print(
                    kept
                        ? "  stopped: the ledger failed after \(counts); kept \(report.kept.counting("row"))"
                        : "  not imported: the ledger failed before the first record")
            } else if let failure = report.failure, let record = failure.record {
                console.print(
                    "  stopped at record \(record) (\(failure.location)): "
                        + (kept ? "\(counts); kept \(report.kept.counting("row"))" : "nothing imported"))
            } else if let failure = report.failure, failure.location.line > 0 {
                console.print("  stopped at \(failure.location), before the first record: nothing imported")
            } else {
                console.print("  not read: nothing imported")
            }
        }
        if report.deletedBefore > 0 {
            console.print(
                "  skipped \(report.deletedBefore.counting("row")) `transactions delete` removed; "
                    + "--restore-deleted brings them back"
            )
        }
        if report.corrections > 0 {
            console.print(
                "  \(report.corrections.counting("correction")) from the source: "
                    + "\(report.withdrawn.counting("stored transaction")) withdrawn")
        }
        for skipped in report.skipped {
            console.print(
                "  skipped \(skipped.count.counting("record")): \(skipped.reason) (first at \(skipped.location))")
        }
        for notice in report.notices {
            let place = notice.count == 1 ? "at" : "\(notice.count.counting("record")), first at"
            console.print("  note: \(notice.reason) (\(place) \(notice.location))")
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
            if let ledger {
                let lines = CheckpointText.lines(checkpoint, ledger: ledger, indent: "  ")
                console.print("  updated the later checkpoint " + lines[0].dropFirst(2))
                for line in lines.dropFirst() { console.print(line) }
            } else {
                console.print("  updated the later checkpoint " + CheckpointText.line(checkpoint))
            }
        }
        if report.status == .complete, report.checkpoints.isEmpty {
            console.print("  no statement balance in this file: no checkpoint")
        }
    }

    /// A dry run's new and known records: `3 new, 10 already in the ledger`.
    private func newText(_ report: ImportReport) -> String {
        if report.duplicates == 0 { return report.read == 0 ? "nothing new" : "all \(report.new) new" }
        return "\(report.new) new, \(report.duplicates) already in the ledger"
    }
}
