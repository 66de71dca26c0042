import LedgerCore
import LedgerStore

/// A beancount file: transactions with `lp_id` metadata, `balance` directives for checkpoints,
/// and the `open` directives the accounts need, at the end.
///
/// ```
/// 2024-01-15 * "Corner Shop" "Card payment"
///   lp_id: "42"
///   Assets:Bank:Checking  -12.34 EUR
///   Expenses:Groceries     12.34 EUR
///
/// 2024-01-16 balance Assets:Bank:Checking  1000.00 ~ 0.00 EUR
/// ```
///
/// beancount checks a `balance` at the start of its day, so a checkpoint at the end of day D is
/// written on D + 1, with a tolerance of zero (`~ 0.00`: beancount would otherwise tolerate
/// half a unit of the last digit). Strings escape `"` and `\`. Each account is opened on the
/// first day the output uses it (beancount reads the file's entries in date order, so the `open`
/// lines can come last); accounts an earlier export of the same name opened are not opened again.
struct BeancountWriter: ExportWriter {
    /// The first day each account is used, for accounts this output opens.
    private var firstUse: [String: Day] = [:]
    private let alreadyOpened: Set<String>
    private static let accountWidth = 36

    init(alreadyOpened: [String]) {
        self.alreadyOpened = Set(alreadyOpened)
    }

    var openedAccounts: [String] { Array(alreadyOpened.union(firstUse.keys)).sorted() }

    func begin(into output: inout ExportBuffer) {
        output += "; ledgerport export for beancount\n"
    }

    mutating func write(_ entry: JournalEntry, row: ExportRow?, into output: inout ExportBuffer)
        throws(ExportError)
    {
        let commodity = try Self.commodity(entry.currency)
        let digits = entry.currency.minorDigits
        if entry.kind != .assertion {
            output += "\n"
            output.append(entry.day)
            output += entry.isPending ? " ! " : " * "
            EntryTexts.with(entry, row: row) { texts in
                if let payee = texts.payee {
                    JournalText.appendBeancountString(payee, to: &output)
                    output += " "
                }
                JournalText.appendBeancountString(texts.description, to: &output)
                output += "\n  lp_id: \""
                appendID(of: entry, row: row, to: &output)
                output += "\"\n"
                if !texts.memo.isEmpty {
                    output += "  memo: "
                    JournalText.appendBeancountString(texts.memo, to: &output)
                    output += "\n"
                }
            }
            for posting in entry.postings {
                use(posting.account, on: entry.day)
                appendPosting(
                    account: posting.account, amount: posting.amount, digits: digits, indent: "  ", to: &output)
                output += " "
                output.append(commodity)
                output += "\n"
            }
        }
        for posting in entry.postings {
            guard let assertion = posting.assertion else { continue }
            use(posting.account, on: entry.day)
            output += "\n"
            output.append(entry.day.next)
            output += " balance "
            output.append(posting.account)
            output.appendSpaces(max(2, Self.accountWidth - posting.account.count))
            appendAmount(assertion, digits: digits, to: &output)
            output += " ~ "
            appendAmount(0, digits: digits, to: &output)
            output += " "
            output.append(commodity)
            output += "\n"
        }
    }

    func finish(into output: inout ExportBuffer) {
        guard !firstUse.isEmpty else { return }
        output += "\n"
        for (account, day) in firstUse.sorted(by: { $0.key < $1.key }) {
            output.append(day)
            output += " open "
            output.append(account)
            output += "\n"
        }
    }

    private mutating func use(_ account: String, on day: Day) {
        guard !alreadyOpened.contains(account) else { return }
        if let first = firstUse[account], first <= day { return }
        firstUse[account] = day
    }

    /// beancount's commodities: 2 to 24 characters, `A-Z`, digits and `'._-`, starting with a
    /// letter and ending with a letter or digit.
    static func commodity(_ currency: Currency) throws(ExportError) -> String {
        let code = currency.code
        let scalars = Array(code.unicodeScalars)
        guard scalars.count >= 2, let last = scalars.last, ("A"..."Z").contains(last) || ("0"..."9").contains(last)
        else {
            throw ExportError(
                .badCommodity(
                    code: code, format: .beancount,
                    why: "beancount needs at least two characters, the last a letter or digit"),
                at: .file("ledgerport export"))
        }
        return code
    }
}
