import LedgerCore
import LedgerStore

/// `ledgerport transfers split TRANSFER_ID`: unpairs a transfer for good.
struct TransfersSplitCommand: Command {
    static let name = "transfers split"
    static let abstract = "Unpair a transfer; matching never pairs its two rows again."
    static let arguments = "TRANSFER_ID"
    static let discussion = """
        TRANSFER_ID is as `ledgerport transfers` shows it. The two rows become ordinary rows again
        (exports write each against its category) and the refusal is kept: matching never pairs
        these two again, though `transfers confirm` can. Exit status 1 for an unknown id.
        """
    static let options: [OptionSpec] = [.flag("--json", "Print the rows that were paired as JSON.")]

    let id: Int64
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError("transfers split needs one TRANSFER_ID (see `ledgerport transfers`)")
        }
        let text = arguments.positionals[0]
        guard let id = Int64(text), id > 0 else {
            throw UsageError("\"\(text)\" is not a transfer id; expected a number from `ledgerport transfers`")
        }
        self.id = id
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let pair = try context.transferStore().splitTransfer(id: id)
        if json {
            context.console.print(
                JSONOutput.object([("id", .int(id)), ("out", .int(pair.outID)), ("in", .int(pair.inID))]).rendered())
        } else {
            context.console.print(
                "transfer \(id) split: \(pair.outID) and \(pair.inID) are no longer paired, and won't be matched again")
        }
        return 0
    }
}
