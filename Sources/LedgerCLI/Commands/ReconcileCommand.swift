import LedgerCore
import LedgerStore

/// `ledgerport reconcile ACCOUNT`: a manual checkpoint, or the account's checkpoint history.
struct ReconcileCommand: Command {
    static let name = "reconcile"
    static let abstract = "Check an account against a statement balance, or list its checkpoints."
    static let arguments = "ACCOUNT"
    static let discussion = """
        With --balance and --as-of, compares the ledger with a statement (a paper one, say): expected =
        the balance at the previous checkpoint + booked transactions since; discrepancy = statement -
        expected. When they differ, the likely causes are listed, best first. The checkpoint is stored
        and later ones start from the statement's balance. --opening sets the balance an account
        started with, at the end of --as-of. With neither, lists the account's checkpoints, newest
        first. A discrepancy exits 0: it is information.

        A checkpoint by hand never silently replaces one a source brought on the same day (a
        statement in an imported file, a feed's balance): it is refused (exit 1), naming the existing
        one; --replace replaces it and says so. A checkpoint by hand on a day that has one by hand
        already replaces it and says what it was.
        """
    static let options: [OptionSpec] = [
        .value("--balance", "AMOUNT", "The statement's balance, signed (money owed on a card is negative)."),
        .value("--opening", "AMOUNT", "An opening balance: the account's balance at the end of --as-of."),
        .value("--as-of", "DAY", "The day at whose end the balance holds (YYYY-MM-DD)."),
        .flag("--replace", "Replace a checkpoint a source brought on that day."),
        .flag("--json", "Print as JSON."),
    ]

    let account: String
    let balance: String?
    let isOpening: Bool
    let asOf: Day?
    let replace: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("reconcile needs exactly one ACCOUNT (see `ledgerport accounts`)")
        }
        account = try ParsedArguments.accountName(arguments.positionals[0], what: "ACCOUNT")
        if arguments.value("--balance") != nil, arguments.value("--opening") != nil {
            throw UsageError("--balance and --opening can't be given together")
        }
        isOpening = arguments.value("--opening") != nil
        balance = arguments.value("--balance") ?? arguments.value("--opening")
        asOf = try arguments.value("--as-of").map { text throws(UsageError) in try parseDay(text, option: "--as-of") }
        if (balance == nil) != (asOf == nil) {
            throw UsageError("--balance (or --opening) and --as-of go together: --balance AMOUNT --as-of YYYY-MM-DD")
        }
        replace = arguments.has("--replace")
        if replace, balance == nil {
            throw UsageError("--replace goes with --balance (or --opening) and --as-of")
        }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let ledger = try context.correctionStore()
        let stored = try context.account(named: account)
        guard let balance, let asOf else {
            let history = try ledger.checkpoints(of: stored).map { checkpoint in
                try ledger.explained(checkpoint, of: stored)
            }
            if json {
                context.console.print(JSONOutput.array(history.map(ReportJSON.checkpoint)).rendered())
            } else if history.isEmpty {
                context.console.print("\(stored.name) has no checkpoints yet.")
            } else {
                printHistory(history, console: context.console)
            }
            return 0
        }
        let amount = try Self.amount(balance, option: isOpening ? "--opening" : "--balance", in: stored.currency)
        let existing = try ledger.checkpoint(of: stored, on: asOf)
        let checkpoint = try ledger.checkpointByHand(
            stored, asOf: asOf, actual: amount, isOpening: isOpening, replacingSource: replace)
        let refreshed = try ledger.refreshCheckpoints(of: stored, from: asOf.next)
        if json {
            var value = ReportJSON.checkpoint(checkpoint)
            // The checkpoint's fields, then the one it replaced on that day (or null).
            if case .object(let members) = value {
                value = .object(members + [("replaced", existing.map(Self.replacedJSON) ?? .null)])
            }
            context.console.print(value.rendered())
        } else {
            if let existing {
                context.console.print("replaced " + Self.describe(existing))
            }
            let lines = CheckpointText.lines(checkpoint, ledger: ledger)
            context.console.print("checkpoint " + lines[0])
            for line in lines.dropFirst() { context.console.print(line) }
            for later in refreshed {
                context.console.print("updated the later checkpoint " + CheckpointText.line(later))
            }
        }
        return 0
    }

    /// Reads a signed amount option in the account's currency, saying which rule it breaks.
    ///
    /// Every message ends with the shape expected (`expected digits with one '.' and at most 2
    /// decimals…`); a long text is quoted by its start and length.
    static func amount(_ text: String, option: String, in currency: Currency) throws(UsageError) -> Int64 {
        do {
            let (money, direction) = try Money.parse(text, currency: currency, at: .file(option))
            return money.signedMinorUnits(direction)
        } catch {
            let shown = text.count > 48 ? quotedExcerpt(text) : text
            let shape = "digits with one '.' and at most \(currency.minorDigits) decimals"
            switch error.reason {
            case .overflow:
                let largest = Money.format(Int64.max, currency: currency)
                throw UsageError(
                    "\(option) \(shown) is out of range for \(currency.code); expected \(shape), from -\(largest) to \(largest)"
                )
            case .tooPrecise:
                throw UsageError(
                    "\(option) \(shown) has more decimals than \(currency.code) allows; expected \(shape), such as -1234.50"
                )
            default:
                throw UsageError(
                    "\(option) \(shown) is not an amount in \(currency.code); expected \(shape), such as -1234.50")
            }
        }
    }

    /// The replaced checkpoint as a person reads it: `the import checkpoint (import 3) of
    /// 2024-01-31, statement balance 1234.50`.
    private static func describe(_ checkpoint: Checkpoint) -> String {
        let origin = checkpoint.importID.map { " (import \($0))" } ?? ""
        let amount = Money.format(checkpoint.actual, currency: checkpoint.currency)
        return
            "the \(checkpoint.source.rawValue) checkpoint\(origin) of \(checkpoint.asOf), statement balance \(amount)"
    }

    private static func replacedJSON(_ checkpoint: Checkpoint) -> JSONOutput {
        .object([
            ("source", .string(checkpoint.source.rawValue)),
            ("importID", checkpoint.importID.map(JSONOutput.int) ?? .null),
            ("actual", .string(Money.format(checkpoint.actual, currency: checkpoint.currency))),
        ])
    }

    private func printHistory(_ history: [Checkpoint], console: Console) {
        var table = Table([
            ("AS OF", .left), ("EXPECTED", .right), ("STATEMENT", .right), ("DISCREPANCY", .right), ("STATUS", .left),
            ("SOURCE", .left),
        ])
        for checkpoint in history {
            let format = { (value: Int64) in Money.format(value, currency: checkpoint.currency) }
            table.append([
                checkpoint.asOf.description, checkpoint.expected.map(format) ?? "—", format(checkpoint.actual),
                checkpoint.discrepancy.map(format) ?? "—", checkpoint.status.rawValue, checkpoint.source.rawValue,
            ])
        }
        console.print(table.rendered())
    }
}
