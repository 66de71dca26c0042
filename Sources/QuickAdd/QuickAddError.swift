import LedgerCore

/// Why a sentence (or a word list) can't become a transaction, at the column that shows it.
///
/// A sentence's location is `sentence:1:COLUMN`, the column counted in bytes from 1; a word
/// list's is the file's line and column.
public struct QuickAddError: LocatedError, Hashable {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// The sentence names no amount.
        case noAmount
        /// The amount is zero or negative (its text).
        case notPositive(String)
        /// A number that can be read two ways: its text and both readings.
        case ambiguousAmount(String, grouped: String, decimal: String)
        /// Digits and separators that make no amount (`1.2.3`).
        case notAnAmount(String)
        /// A number too large for any amount.
        case tooLarge(String)
        /// A date phrase naming no calendar day (`February 30`).
        case notADay(String)
        /// Nothing is left to name the transaction once the amount and date are taken out.
        case noTitle
        /// The word list can't be read, or is not a word list: what was found and what was expected.
        case invalidWords(String)
    }

    public var reason: Reason
    public var location: SourceLocation

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// An error in the sentence at a byte column.
    static func sentence(_ reason: Reason, column: Int) -> QuickAddError {
        QuickAddError(reason, at: SourceLocation(file: "sentence", line: 1, column: column))
    }

    public var message: String {
        switch reason {
        case .noAmount:
            return "How much is it? The sentence names no amount; write one in it (\"24.50 at the bakery\") "
                + "or pass --amount"
        case .notPositive(let text):
            return "How much is it? \(quotedExcerpt(text)) is not above zero; write the amount without a sign "
                + "(\"refund\" or \"salary\" makes it money in)"
        case .ambiguousAmount(let text, let grouped, let decimal):
            return "\(quotedExcerpt(text)) could be \(grouped) or \(decimal); write \(grouped) or \(decimal) "
                + "without the separator that is not the decimal point, or pass --amount"
        case .notAnAmount(let text):
            return "\(quotedExcerpt(text)) is not an amount; expected digits with at most one decimal point or "
                + "comma, and thousands separators between groups of three (1,234.56 or 1.234,56)"
        case .tooLarge(let text):
            return "\(quotedExcerpt(text)) is too large for an amount; expected \(Money.largestAmountText)"
        case .notADay(let text):
            return "\(quotedExcerpt(text)) is not a day of the calendar; expected a real date such as "
                + "\"March 3\" or 2024-03-03"
        case .noTitle:
            return "What was it? Only an amount and a date are in the sentence; add a word or two "
                + "(\"24.50 bakery\")"
        case .invalidWords(let text):
            return text
        }
    }
}
