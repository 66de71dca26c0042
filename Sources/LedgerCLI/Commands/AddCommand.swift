import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import QuickAdd

/// `ledgerport add "SENTENCE"`: one transaction from a sentence, read with fixed rules (docs/add.md).
struct AddCommand: Command {
    static let name = "add"
    static let abstract = "Add one transaction from a sentence: \"24.50 at the bakery yesterday\"."
    static let arguments = "SENTENCE..."
    static let discussion = """
        The sentence is read with fixed rules, never a guess. A date phrase is taken out first
        (today, yesterday, Friday, last Friday, March 3, 3 March 2024, 2024-03-03), so its number is
        never the amount; a date without a year, or a weekday, is the latest such day up to today.
        The first number left is the amount: 12.50 and 12,50 both work, 1,234.56 and 1.234,56 too;
        a number that could be read two ways (1,200) is refused. Words such as salary, refund,
        received make it money in; otherwise it is money out. The words left, without fillers (at,
        the, for), are the description. Options win over the sentence.
        Category: --category, else the latest transaction with the same description, else a brand
        or keyword list (bakery: Groceries), else Other. Account: --account, else the account of
        the latest transaction with the same description.
        On a terminal it shows the transaction and asks before saving; --yes saves without asking.
        It prints the stored row's id only once the save has landed. The row is an import of its
        own (`ledgerport imports undo` takes it back).
        Exit status: 0 added (or shown with --dry-run), 1 not added (declined, refused by the ledger,
        or a write that failed), 2 the sentence or options can't make a transaction (no amount:
        "How much is it?").
        """
    static let options: [OptionSpec] = [
        .value("--account", "NAME", "The account (else the one of the latest transaction like it)."),
        .value("--amount", "X", "The amount, instead of the sentence's number."),
        .value("--date", "DAY", "The day, YYYY-MM-DD, instead of the sentence's date phrase."),
        .value("--category", "TEXT", "The category, instead of the one chosen."),
        .value("--words", "FILE", "Read the sentence with this word list (another language; docs/add.md)."),
        .flag("--yes", "Save without asking."),
        .flag("--dry-run", "Show what the sentence reads as; write nothing."),
        .flag("--json", "Print the result as JSON."),
    ]

    let sentence: String
    let accountName: String?
    let amountText: String?
    let date: Day?
    let category: String?
    let wordsPath: String?
    let yes: Bool
    let dryRun: Bool
    let json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        sentence = arguments.positionals.joined(separator: " ")
        guard !sentence.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("add needs a sentence: ledgerport add \"24.50 at the bakery yesterday\"")
        }
        guard !sentence.utf8.contains(0), !sentence.contains(where: \.isNewline) else {
            throw UsageError("the sentence holds a control character; expected one line of text")
        }
        accountName = arguments.value("--account")
        amountText = arguments.value("--amount")
        date = try arguments.day("--date")
        category = arguments.value("--category")
        if let category, category.isEmpty || category.utf8.contains(0) || category.contains(where: \.isNewline) {
            throw UsageError("--category needs one line of text")
        }
        wordsPath = arguments.value("--words")
        yes = arguments.has("--yes")
        dryRun = arguments.has("--dry-run")
        json = arguments.has("--json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let words = try loadWords()
        let today = try context.today()
        let read: QuickAddSentence
        let amount: DecimalNumber
        do throws(QuickAddError) {
            read = try QuickAddSentence(sentence, today: today, words: words)
            amount = try chosenAmount(read)
        } catch {
            // "How much is it?" is the whole answer to a sentence without an amount.
            context.console.error(error.location.line == 0 ? error.message : error.description)
            return 2
        }
        let ledger = try context.quickAddStore()
        let title = read.title.isEmpty ? (category ?? "") : read.title
        guard !title.isEmpty else {
            context.console.error(QuickAddError(.noTitle, at: .file("sentence")).message)
            return 2
        }
        let latest = try ledger.latestTransaction(titled: title)
        let account: StoredAccount
        if let accountName {
            account = try context.account(named: accountName)
        } else if let latest {
            account = try context.account(named: latest.account)
        } else {
            let names = try ledger.allAccounts().map(\.name)
            context.console.error(
                "Which account? No transaction is described \"\(title)\" yet; pass --account NAME "
                    + "(\(names.isEmpty ? "the ledger has no account" : CommandContext.quoted(names, or: true)))")
            return 2
        }
        if let code = read.currencyCode, code != account.currency.code {
            context.console.error(
                "the sentence says \(code), and \(account.name) holds \(account.currency.code); expected the "
                    + "account's currency (an amount in another currency belongs to another account)")
            return 2
        }
        let money: Money
        do throws(Money.ConversionFailure) {
            money = try Money.exactly(amount, currency: account.currency).0
        } catch {
            let text = amountText ?? read.amountText ?? "the amount"
            switch error {
            case .tooPrecise:
                context.console.error(
                    "\(text) has more decimals than \(account.currency.code) allows "
                        + "(\(account.currency.minorDigits)); expected an exact amount, never rounded")
            case .overflow:
                context.console.error("\(text) is too large for an amount; expected \(Money.largestAmountText)")
            }
            return 2
        }
        let latestCategory = latest.flatMap { row in row.category.map { (id: row.id, day: row.day, category: $0) } }
        let choice = CategoryChoice(option: category, latest: latestCategory, sentence: read, words: words)
        let day = date ?? read.day ?? today
        let draft = Draft(
            account: account.name, bookingDay: day, amount: money, direction: read.direction, description: title,
            category: choice.category, location: SourceLocation(file: "ledgerport add", line: 1, column: 1))
        try draft.validate(accountCurrency: account.currency)
        let shown = preview(draft, choice: choice)
        if dryRun {
            if json {
                context.console.print(result(draft, choice: choice, id: nil).rendered())
            } else {
                context.console.print("would add: " + shown)
            }
            return 0
        }
        if !yes {
            guard context.console.inputIsTerminal else {
                context.console.error(
                    "not on a terminal, so nothing is asked and nothing added: pass --yes to add \(shown), "
                        + "or --dry-run to only show it")
                return 2
            }
            let answer = context.console.ask("add \(shown)? [y/N] ")?.trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                context.console.error("not added")
                return 1
            }
        }
        guard let id = try ledger.addTransaction(draft, accountID: account.id, process: ImportProcess.current) else {
            context.console.error("not added: another process stored the same row at the same moment; run it again")
            return 1
        }
        let refreshed = try ledger.refreshCheckpoints(of: account, from: day)
        if json {
            context.console.print(result(draft, choice: choice, id: id).rendered())
        } else {
            context.console.print("added \(id): " + shown)
            for checkpoint in refreshed {
                context.console.print("  the checkpoint of \(checkpoint.asOf) is now \(checkpoint.status.rawValue)")
            }
        }
        return 0
    }

    // MARK: - Private

    private func loadWords() throws -> QuickAddWords {
        guard let wordsPath else { return try QuickAddWords.english() }
        guard let data = FileManager.default.contents(atPath: wordsPath) else {
            throw RuntimeError("can't read the word list \(wordsPath)")
        }
        return try QuickAddWords(json: Array(data), path: wordsPath)
    }

    /// `--amount` when given, else the sentence's number; a positive amount or an error.
    private func chosenAmount(_ read: QuickAddSentence) throws(QuickAddError) -> DecimalNumber {
        var amount = read.amount
        var text = read.amountText ?? ""
        if let amountText {
            guard let given = try QuickAddSentence.amount(amountText) else {
                throw QuickAddError(.notAnAmount(amountText), at: .file("--amount"))
            }
            amount = given
            text = amountText
        }
        guard let amount else { throw QuickAddError(.noAmount, at: .file("sentence")) }
        guard !amount.isNegative, amount.significand > 0 else {
            throw QuickAddError(.notPositive(text), at: .file("sentence"))
        }
        return amount
    }

    private func preview(_ draft: Draft, choice: CategoryChoice) -> String {
        let sign = draft.direction == .debit ? "-" : ""
        return "\(draft.bookingDay)  \(draft.description)  \(sign)\(draft.amount) \(draft.amount.currency.code)  "
            + "\(choice.category) (\(choice.reason))  \(draft.account)"
    }

    private func result(_ draft: Draft, choice: CategoryChoice, id: Int64?) -> JSONOutput {
        .object([
            ("id", id.map { JSONOutput.int($0) } ?? .null),
            ("added", .bool(id != nil)),
            ("account", .string(draft.account)),
            ("date", .string(draft.bookingDay.description)),
            ("amount", .string(draft.amount.description)),
            ("direction", .string(draft.direction.rawValue)),
            ("currency", .string(draft.amount.currency.code)),
            ("description", .string(draft.description)),
            ("category", .optional(draft.category)),
            ("categoryReason", .string(choice.reason)),
        ])
    }
}
