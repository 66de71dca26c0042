import Foundation
import LedgerCore
import LedgerImport
import LedgerStore

/// `ledgerport sync FEED`: applies what is new in a FinanceKit-shaped feed, exactly once.
struct SyncCommand: Command {
    static let name = "sync"
    static let abstract = "Apply what is new in a FinanceKit-shaped history feed, then check its balances."
    static let arguments = "FEED"
    static let discussion = """
        FEED is a feed folder (feed.json, accounts/, balances/, transactions/) or its JSON Lines form
        (a .jsonl file). Each stream's new batches are applied in order, in database transactions that
        also record the stream's position, so running sync again, or after a crash, never applies a
        batch twice. A stream whose stored position no longer continues the feed (a new epoch, a
        missing batch, another token) is resynced from its newest snapshot, alone. A malformed batch
        stops its stream; the others go on. Then each changed account is checkpointed against its
        newest booked balance. Exit status: 0 when every stream synced, 1 when one stopped.
        See docs/formats/feed.md.
        """
    static let options: [OptionSpec] = [
        .flag("--no-catch-up", "Write no recurring charges after the sync (`recurring catch-up`)."),
        .flag("--json", "Print the report as JSON."),
    ]

    let feed: String
    /// Whether the recurring catch-up runs after the sync (not with `--no-catch-up`).
    let catchesUp: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("sync needs exactly one FEED (a folder or a .jsonl file)")
        }
        feed = arguments.positionals[0]
        catchesUp = !arguments.has("--no-catch-up")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: feed, isDirectory: &isFolder) else {
            throw RuntimeError("\(feed): no such feed folder or file")
        }
        // Something that isn't a feed leaves no new ledger behind.
        if !context.hasLedger { try FeedSync.checkManifest(at: feed, isFolder: isFolder.boolValue) }
        let ledger = try context.syncStore(creatingIfMissing: true)
        let progress = ProgressLine(console: context.console, enabled: !json && context.console.errorsIsTerminal)
        defer { progress.finish() }
        let sync = FeedSync(ledger: ledger) { progress.update($0) }
        let report =
            isFolder.boolValue
            ? try sync.sync(folderAt: feed)
            : try sync.sync(lines: { try FileByteStream(path: feed) })
        for stream in report.streams {
            if let failure = stream.failure { context.console.error(failure.description) }
        }
        // Transfers are paired after the sync commits, in a write of their own (as after import).
        try context.matchTransfersAfterWrite()
        if json {
            context.console.print(ReportJSON.syncReport(report).rendered())
        } else {
            printHuman(report, console: context.console)
        }
        if catchesUp { try context.catchUpRecurring() }
        return report.isComplete ? 0 : 1
    }

    private func printHuman(_ report: FeedSyncReport, console: Console) {
        console.print("\(report.feed) (feed)")
        let rows = report.streams.map { stream -> [String] in
            var state = stream.failure == nil ? (stream.batches == 0 ? "up to date" : "synced") : "stopped"
            if stream.resynced { state += ", resynced: " + (stream.reason ?? "") }
            return [
                stream.stream.path, String(stream.batches), String(stream.inserted), String(stream.updated),
                String(stream.deleted), String(stream.rejected), state,
            ]
        }
        var table = Table([
            ("stream", .left), ("batches", .right), ("inserted", .right), ("updated", .right), ("deleted", .right),
            ("rejected", .right), ("state", .left),
        ])
        for row in rows { table.append(row) }
        for line in table.rendered().split(separator: "\n", omittingEmptySubsequences: false) {
            console.print("  " + line)
        }
        if report.isInterrupted { console.print("  interrupted: the batch limit was reached; run sync again to go on") }
        for stream in report.streams {
            // The error itself is on stderr, once; here only where the stream stopped.
            if let failure = stream.failure { console.print("  \(stream.stream.path) stopped at \(failure.location)") }
        }
        for balance in report.availableBalances {
            let amount = Money.format(balance.signedMinorUnits, currency: balance.currency)
            console.print("  available \(balance.account) on \(balance.asOf): \(amount) \(balance.currency.code)")
        }
        for checkpoint in report.checkpoints {
            console.print("  checkpoint " + CheckpointText.line(checkpoint))
        }
        if report.checkpoints.isEmpty { console.print("  no new booked balance: no checkpoint") }
        for checkpoint in report.refreshed {
            console.print("  updated the earlier checkpoint " + CheckpointText.line(checkpoint))
        }
    }
}
