import LedgerCore
import LedgerStore

/// `ledgerport accounts rename OLD NEW`: gives an account a new name.
struct AccountsRenameCommand: Command {
    static let name = "accounts rename"
    static let abstract = "Rename an account; its transactions, balances and checkpoints stay with it."
    static let arguments = "OLD NEW"
    static let discussion = """
        OLD is found as every command finds an account (exact, ignoring case, or an unambiguous prefix
        or short form). NEW must be a name no other account has, in any case; a rename that only
        changes case is allowed. To join two accounts, use `ledgerport accounts merge`.
        """
    static let options: [OptionSpec] = [
        .flag("--dry-run", "Say what would change, write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let account: String
    let newName: String
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError("accounts rename needs OLD and NEW: ledgerport accounts rename OLD NEW")
        }
        account = try ParsedArguments.accountName(arguments.positionals[0], what: "OLD")
        newName = try ParsedArguments.accountName(arguments.positionals[1], what: "NEW")
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let stored = try context.account(named: account)
        let renamed = try context.accountChangeStore().renameAccount(stored, to: newName, dryRun: dryRun)
        if json {
            context.console.print(
                JSONOutput.object([
                    ("dryRun", .bool(dryRun)), ("from", .string(stored.name)), ("to", .string(renamed.name)),
                ]
                ).rendered())
        } else {
            let verb = dryRun ? "dry run, nothing written: would rename" : "renamed"
            context.console.print("\(verb) \"\(stored.name)\" to \"\(renamed.name)\"")
        }
        return 0
    }
}
