import LedgerCore
import LedgerExport
import LedgerStore

/// `ledgerport accounts set ACCOUNT --currency CODE --type asset|liability --journal-name NAME`:
/// corrects an account, or names it for exports.
struct AccountsSetCommand: Command {
    static let name = "accounts set"
    static let abstract = "Correct an account's currency or type, or set its name in exported journals."
    static let arguments = "ACCOUNT"
    static let discussion = """
        --currency changes only an account with no transactions, or whose transactions are all in that
        currency; otherwise it is refused, saying what the account holds (undo the import that brought
        them, then import again with the right currency). --type says which side the account is on
        (a liability is a card or a loan), as `accounts` shows it; balances stay signed from the
        holder's side either way, and no stored amount changes. --journal-name sets the account's name
        in `ledgerport export` journals (Assets:Bank:Checking), kept in export.json in the config
        folder; --journal-name '' goes back to the default.
        """
    static let options: [OptionSpec] = [
        .value("--currency", "CODE", "The account's currency (ISO 4217 such as EUR, or a declared commodity)."),
        .value("--type", "asset|liability", "Whether the account holds money or owes it."),
        .value("--journal-name", "NAME", "The account's name in exported journals (export.json)."),
        .flag("--dry-run", "Say what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let account: String
    /// `--currency`, resolved through the ledger's commodities.
    let currencyCode: String?
    let kind: AccountKind?
    /// `--journal-name`: a name, or `""` to go back to the default.
    let journalName: String?
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("accounts set needs exactly one ACCOUNT: ledgerport accounts set ACCOUNT --currency CODE")
        }
        account = try ParsedArguments.accountName(arguments.positionals[0], what: "ACCOUNT")
        currencyCode = try ParsedArguments.currencyCode(arguments.value("--currency"))
        kind = try arguments.value("--type").map { text throws(UsageError) in
            guard let kind = AccountKind(rawValue: text.lowercased()) else {
                throw UsageError("--type \(text) is not an account type; expected asset or liability")
            }
            return kind
        }
        journalName = arguments.value("--journal-name")
        if let journalName, !journalName.isEmpty, let problem = JournalName.problem(with: journalName, for: .hledger) {
            throw UsageError("--journal-name \(journalName) is not a journal account: \(problem)")
        }
        guard currencyCode != nil || kind != nil || journalName != nil else {
            throw UsageError("accounts set needs --currency CODE, --type asset|liability or --journal-name NAME")
        }
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let stored = try context.account(named: account)
        if let journalName { return try setJournalName(journalName, of: stored, in: context) }
        let store = try context.accountChangeStore()
        let currency = try ParsedArguments.currency(currencyCode, in: store.commodities)
        let changed = try store.setAccount(stored, currency: currency, kind: kind, dryRun: dryRun)
        var changes: [String] = []
        if changed.currency != stored.currency {
            changes.append("currency \(stored.currency.code) → \(changed.currency.code)")
        }
        if changed.kind != stored.kind { changes.append("type \(stored.kind.rawValue) → \(changed.kind.rawValue)") }
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("name", .string(changed.name)),
                    ("currency", .string(changed.currency.code)), ("type", .string(changed.kind.rawValue)),
                    ("changed", .bool(!changes.isEmpty)),
                ]
                ).rendered())
        } else if changes.isEmpty {
            context.console.print("\"\(changed.name)\" is unchanged: it has that currency and type already")
        } else {
            let verb = dryRun ? "dry run, nothing written: would change" : "changed"
            context.console.print("\(verb) \"\(changed.name)\": " + changes.joined(separator: ", "))
        }
        return 0
    }

    /// Writes the account's journal name into export.json (or takes it out, for `''`).
    private func setJournalName(_ name: String, of stored: StoredAccount, in context: CommandContext) throws -> Int32 {
        guard currencyCode == nil && kind == nil else {
            throw UsageError("--journal-name is set on its own; run --currency or --type apart")
        }
        var names = try ExportConfiguration.read(environment: context.environment)
        let before = names.accounts[stored.name]
        names.accounts[stored.name] = name.isEmpty ? nil : name
        if !dryRun { try ExportConfiguration.write(names, environment: context.environment) }
        let shown = name.isEmpty ? JournalNames.defaultName(of: stored) + " (the default)" : name
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("name", .string(stored.name)),
                    ("journalName", .string(name.isEmpty ? JournalNames.defaultName(of: stored) : name)),
                    ("changed", .bool(before != names.accounts[stored.name])),
                ]
                ).rendered())
        } else {
            let verb = dryRun ? "dry run, nothing written: would name" : "named"
            context.console.print("\(verb) \"\(stored.name)\" \(shown) in exported journals")
            if let problem = JournalName.problem(with: name, for: .beancount), !name.isEmpty {
                context.console.print("note: beancount won't read it (\(problem)); hledger and Ledger will")
            }
        }
        return 0
    }
}
