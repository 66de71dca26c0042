/// Why the store refused to rename, merge or re-set an account: the ledger's contents forbid it.
public enum AccountChangeRefusal: Sendable, Hashable {
    /// The new name is empty or all whitespace.
    case emptyName
    /// Another account already has this name, or one that differs from it only in case.
    case nameTaken(wanted: String, existing: String)
    /// The new name is the account's name already.
    case sameName(String)
    /// An account can't be merged into itself.
    case mergeIntoItself(String)
    /// The two accounts of a merge hold different currencies.
    case currencies(from: String, fromCurrency: String, into: String, intoCurrency: String)
    /// Both accounts of a merge are linked to (different) sources; an account holds one link.
    case sourceKeys(from: String, into: String)
    /// The account holds transactions in another currency than the one asked for.
    case currencyInUse(account: String, rows: Int, currency: String, wanted: String)
    /// The account's checkpoints or statement balances are counted in minor units of a currency
    /// with another number of decimals than the one asked for.
    case minorUnits(account: String, currency: String, wanted: String, figures: Int)

    /// What was found and what was expected.
    public var message: String {
        switch self {
        case .emptyName:
            return "the new name is empty; expected an account's name, such as Checking"
        case .nameTaken(let wanted, let existing) where wanted == existing:
            return
                "an account named \"\(existing)\" already exists; expected a name no account has (`accounts merge` joins two accounts)"
        case .nameTaken(let wanted, let existing):
            return
                "\"\(wanted)\" differs from the existing account \"\(existing)\" only in case; expected a name no account has (`accounts merge` joins two accounts)"
        case .sameName(let name):
            return "the account is named \"\(name)\" already; expected a new name"
        case .mergeIntoItself(let name):
            return "\"\(name)\" can't be merged into itself; expected two different accounts"
        case .currencies(let from, let fromCurrency, let into, let intoCurrency):
            return
                "\"\(from)\" holds \(fromCurrency) and \"\(into)\" holds \(intoCurrency); expected two accounts of the same currency"
        case .sourceKeys(let from, let into):
            return
                "\"\(from)\" and \"\(into)\" are each linked to a source (a feed account); expected at most one of them to be, as an account keeps one link"
        case .currencyInUse(let account, let rows, let currency, let wanted):
            let noun = rows == 1 ? "transaction" : "transactions"
            return
                "\"\(account)\" holds \(rows) \(noun) in \(currency), so its currency can't become \(wanted); expected an account with no transactions, or with all of them in \(wanted)"
        case .minorUnits(let account, let currency, let wanted, let figures):
            let noun = figures == 1 ? "checkpoint or statement balance" : "checkpoints and statement balances"
            return
                "\"\(account)\" has \(figures) \(noun) counted in \(currency)'s minor units, so its currency can't become \(wanted), which has another number of decimals; expected a currency with as many decimals as \(currency)"
        }
    }
}
