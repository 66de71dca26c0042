import LedgerCore
import LedgerStore

/// hledger and Ledger journals: they share the syntax and differ in the description line.
///
/// ```
/// 2024-01-15 * Corner Shop | Card payment
///     ; lp-id: 42
///     Assets:Bank:Checking                 -12.34 EUR = 1000.00 EUR
///     Expenses:Groceries                    12.34 EUR
/// ```
///
/// hledger: `Payee | description` when the source named a payee (hledger splits at the first
/// `|`), a `;` in a text becomes `,` (hledger has no quoting and would start a comment). Ledger:
/// the description, with `; Payee: NAME` when the source named one (Ledger's own payee
/// metadata); `;` is kept, since spaces are collapsed and Ledger starts a note only after two.
/// Both: a text starting with `(` gets an empty code `()` before it, a commodity that isn't all
/// letters is quoted (`"BTC2"`), a balance assertion is ` = BALANCE` after the amount.
struct PlainTextJournalWriter: ExportWriter {
    let format: ExportFormat

    init(format: ExportFormat) {
        precondition(format == .hledger || format == .ledger, "a plain-text journal is hledger's or Ledger's")
        self.format = format
    }

    func begin(into output: inout ExportBuffer) {
        output.append("; ledgerport export for \(format.rawValue)\n")
    }

    func write(_ entry: JournalEntry, row: ExportRow?, into output: inout ExportBuffer) throws(ExportError) {
        let commodity = try Self.commodity(entry.currency, format: format)
        output += "\n"
        output.append(entry.day)
        output += entry.isPending ? " ! " : " * "
        EntryTexts.with(entry, row: row) { texts in
            if format == .hledger {
                if let payee = texts.payee {
                    JournalText.append(payee, JournalText.hledger(isPayee: true), to: &output)
                    output += " | "
                    JournalText.append(texts.description, JournalText.hledger(isPayee: false), to: &output)
                } else {
                    JournalText.append(texts.description, JournalText.hledger(isPayee: true), to: &output)
                }
            } else {
                JournalText.append(texts.description, JournalText.ledger, to: &output)
            }
            output += "\n    ; lp-id: "
            appendID(of: entry, row: row, to: &output)
            output += "\n"
            if format == .ledger, let payee = texts.payee, !JournalText.isBlank(payee) {
                output += "    ; Payee: "
                JournalText.append(payee, JournalText.comment, to: &output)
                output += "\n"
            }
            if !JournalText.isBlank(texts.memo) {
                output += "    ; memo: "
                JournalText.append(texts.memo, JournalText.comment, to: &output)
                output += "\n"
            }
        }
        let digits = entry.currency.minorDigits
        for posting in entry.postings {
            appendPosting(account: posting.account, amount: posting.amount, digits: digits, indent: "    ", to: &output)
            output += " "
            output.append(commodity)
            if let assertion = posting.assertion {
                output += " = "
                appendAmount(assertion, digits: digits, to: &output)
                output += " "
                output.append(commodity)
            }
            output += "\n"
        }
    }

    func finish(into output: inout ExportBuffer) {}

    /// The commodity as hledger and Ledger read it: bare when all letters, else in double quotes.
    static func commodity(_ currency: Currency, format: ExportFormat) throws(ExportError) -> String {
        let code = currency.code
        if code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) { return code }
        return "\"" + code + "\""
    }
}
