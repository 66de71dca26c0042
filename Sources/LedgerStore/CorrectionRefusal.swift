import LedgerCore

/// Why the store refused a correction (a checkpoint by hand, an undo, a deletion or an edit): the
/// ledger's contents forbid it, or the thing named isn't there.
public enum CorrectionRefusal: Sendable, Hashable {
    /// A checkpoint by hand would replace one a source brought on that day; `amount` is the
    /// existing checkpoint's statement balance, formatted in its currency.
    case sourceCheckpoint(account: String, day: Day, source: String, importID: Int64?, amount: String)
    /// The account has no checkpoint on that day.
    case noCheckpoint(account: String, day: Day)
    /// No import has that id.
    case unknownImport(Int64)
    /// The import is still running (or was interrupted without closing its row).
    case importRunning(Int64)
    /// No transaction has these ids.
    case unknownTransactions([Int64])
    /// No transfer has that id.
    case unknownTransfer(Int64)
    /// Two rows can't be paired as a transfer's debit and credit; `why` names the rule they break.
    case notATransfer(outID: Int64, inID: Int64, why: String)

    /// A checkpoint by hand that would replace `existing`, which a source brought (the one
    /// refusal both stores make alike).
    static func replacing(_ existing: Checkpoint, of account: StoredAccount) -> CorrectionRefusal {
        .sourceCheckpoint(
            account: account.name, day: existing.asOf, source: existing.source.rawValue, importID: existing.importID,
            amount: Money.format(existing.actual, currency: account.currency))
    }

    /// What was found and what was expected.
    public var message: String {
        switch self {
        case .sourceCheckpoint(let account, let day, let source, let importID, let amount):
            let origin = "source \(source)" + (importID.map { ", import id \($0)" } ?? "")
            return
                "\"\(account)\" already has a checkpoint on \(day) from a source (\(origin), statement balance \(amount)); a checkpoint by hand doesn't replace it silently; expected another day, or --replace to replace it"
        case .noCheckpoint(let account, let day):
            return
                "\"\(account)\" has no checkpoint on \(day); expected a day from `ledgerport checkpoints \(account)`"
        case .unknownImport(let id):
            return "no import has id \(id); expected an id from `ledgerport imports`"
        case .importRunning(let id):
            return
                "import \(id) is still running (or was interrupted before it could close); expected a finished import"
        case .unknownTransactions(let ids):
            let noun = ids.count == 1 ? "transaction has id" : "transactions have ids"
            return
                "no \(noun) \(ids.map(String.init).joined(separator: ", ")); expected ids from `ledgerport transactions --json`"
        case .unknownTransfer(let id):
            return "no transfer has id \(id); expected an id from `ledgerport transfers`"
        case .notATransfer(let outID, let inID, let why):
            return "rows \(outID) and \(inID) can't be paired as a transfer: \(why)"
        }
    }
}
