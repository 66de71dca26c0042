import LedgerCore
import LedgerStore

/// `ledgerport transactions edit ID`: corrects a transaction's description, memo or status, and
/// sets by hand what rules would set.
struct TransactionsEditCommand: Command {
    static let name = "transactions edit"
    static let abstract = "Correct a transaction's description, memo or status, or set its category by hand."
    static let arguments = "ID"
    static let discussion = """
        Only what a person may correct changes: the amount, the days and the direction are the
        bank's. The row keeps its identity, so importing the same file again still finds it a
        duplicate (and keeps the edit). A status change (booked or pending) recomputes the
        checkpoints from the row's day. --category, --payee, --note, --tags and --counter-account set
        a value by hand (an empty TEXT clears it): `rules apply` never changes it again until
        --release FIELD hands it back (the source's value now, the rules' at the next apply). One
        transaction; an unknown id exits 1.
        """
    static let options: [OptionSpec] = [
        .value("--description", "TEXT", "The new description."),
        .value("--memo", "TEXT", "The new memo."),
        .value("--status", "booked|pending", "The new status."),
        .value("--category", "TEXT", "Set the category by hand."),
        .value("--payee", "TEXT", "Set the payee by hand."),
        .value("--note", "TEXT", "Set a note by hand."),
        .value("--tags", "TAGS", "Set the tags by hand, separated by spaces or commas."),
        .value("--counter-account", "NAME", "Set the account on the other side in exports by hand."),
        OptionSpec(
            name: "--release", value: "FIELD", help: "Hand a field set by hand back to the rules (repeatable).",
            repeats: true),
        .flag("--dry-run", "Say what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let id: Int64
    let edit: TransactionEdit
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("transactions edit needs one ID: ledgerport transactions edit ID --description TEXT")
        }
        id = try TransactionsDeleteCommand.transactionID(arguments.positionals[0])
        var edit = TransactionEdit(description: arguments.value("--description"), memo: arguments.value("--memo"))
        if let status = arguments.value("--status") {
            guard let parsed = TransactionStatus(rawValue: status) else {
                throw UsageError("--status \(status) is not a status; expected booked or pending")
            }
            edit.status = parsed
        }
        for field in RuleField.allCases {
            let option = field == .counterAccount ? "--counter-account" : "--" + field.key
            guard var text = arguments.value(option) else { continue }
            if field == .tags {
                let tags = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                if let bad = tags.first(where: { !RuleSet.isTag($0) }) {
                    throw UsageError(
                        "--tags \(bad) is not a tag; expected a letter or digit, then letters, digits, '_', '.', '/' or '-'"
                    )
                }
                text = tags.joined(separator: " ")
            } else if text.utf8.contains(0) || text.contains(where: \.isNewline) {
                throw UsageError("\(option) holds a control character; expected one line of text")
            }
            edit.values[field] = text
        }
        for name in arguments.values("--release") {
            guard let field = RuleField(key: name) ?? (name == "counter-account" ? .counterAccount : nil) else {
                throw UsageError(
                    "--release \(name) is not a field; expected category, payee, note, tags or counter-account")
            }
            guard edit.values[field] == nil else { throw UsageError("--release \(name) can't go with a new \(name)") }
            edit.released.insert(field)
        }
        guard !edit.isEmpty else {
            throw UsageError(
                "transactions edit needs --description, --memo, --status, --category, --payee, --note, --tags, "
                    + "--counter-account or --release")
        }
        self.edit = edit
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let correction = try context.transactionEditStore().editTransaction(id, edit, dryRun: dryRun)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("before", .array(correction.before.map(ReportJSON.transaction))),
                    ("after", .array(correction.after.map(ReportJSON.transaction))),
                    ("updatedCheckpoints", .array(correction.refreshed.map(ReportJSON.checkpoint))),
                ]
                ).rendered())
            return 0
        }
        let verb = dryRun ? "dry run, nothing written: would change" : "changed"
        for (old, new) in zip(correction.before, correction.after) {
            for (field, was, now) in [
                ("description", old.description, new.description), ("memo", old.memo, new.memo),
                ("status", old.status.rawValue, new.status.rawValue),
                ("category", old.category ?? "", new.category ?? ""), ("payee", old.payee ?? "", new.payee ?? ""),
                ("note", old.note ?? "", new.note ?? ""),
                ("tags", old.tags.joined(separator: " "), new.tags.joined(separator: " ")),
                ("counter account", old.counterAccount ?? "", new.counterAccount ?? ""),
            ] where was != now {
                context.console.print("\(verb) \(old.id)'s \(field) from \"\(was)\" to \"\(now)\"")
            }
        }
        for checkpoint in correction.refreshed {
            context.console.print(
                "\(dryRun ? "would update" : "updated") the checkpoint " + CheckpointText.line(checkpoint))
        }
        return 0
    }
}
