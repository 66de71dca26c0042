import LedgerCore
import LedgerStore

/// `ledgerport transfers confirm OUT_ID IN_ID`: pairs two rows by hand, or confirms a match.
struct TransfersConfirmCommand: Command {
    static let name = "transfers confirm"
    static let abstract = "Pair a debit row with a credit row as one transfer, or confirm a match."
    static let arguments = "OUT_ID IN_ID"
    static let discussion = """
        OUT_ID is the row money left (a debit), IN_ID the row it arrived in (a credit), ids as
        `ledgerport transactions` or `ledgerport transfers` shows them. The two must be booked, in
        different accounts, with the same amount and currency; their days may be any distance apart.
        Neither may be in another pair (split that one first). A confirmed pair is never changed by
        matching. Exit status 1 when the rows can't be paired, saying why.
        """
    static let options: [OptionSpec] = [.flag("--json", "Print the pair as JSON.")]

    let outID: Int64
    let inID: Int64
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError(
                "transfers confirm needs two ids, OUT_ID (the debit) and IN_ID (the credit); found \(arguments.positionals.count)"
            )
        }
        outID = try TransactionsDeleteCommand.transactionID(arguments.positionals[0])
        inID = try TransactionsDeleteCommand.transactionID(arguments.positionals[1])
        guard outID != inID else { throw UsageError("transfers confirm needs two different ids; found \(outID) twice") }
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let id = try context.transferStore().confirmTransfer(outID: outID, inID: inID)
        if json {
            context.console.print(
                JSONOutput.object([("id", .int(id)), ("out", .int(outID)), ("in", .int(inID))]).rendered())
        } else {
            context.console.print("transfer \(id) confirmed: \(outID) (out) and \(inID) (in)")
        }
        return 0
    }
}
