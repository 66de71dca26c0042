import LedgerCore

/// What a quick-add sentence says (`24.50 at the bakery yesterday`), read with fixed rules.
///
/// The reading never guesses an amount: a date phrase is taken out first, so its number is never
/// the amount; the first number left is the amount, and a number that could be read two ways
/// stops the reading. Options on the command line win over what the sentence says
/// (``QuickAddRequest``).
public struct QuickAddSentence: Sendable, Hashable {
    /// The sentence as given.
    public let text: String
    /// The first number after the date phrase is taken out, as written and exactly; `nil` when
    /// there is none.
    public let amount: DecimalNumber?
    /// The amount's text.
    public let amountText: String?
    /// An upper-case ISO 4217 code written on or beside the amount (`12 EUR`, `USD12`).
    public let currencyCode: String?
    /// The day of the date phrase; `nil` when there is none.
    public let day: Day?
    /// The date phrase as written.
    public let dayText: String?
    /// Money in when a word of the language's `income` list is in the sentence, else money out.
    public let direction: Direction
    /// The income word that decided it, if any.
    public let incomeWord: String?
    /// The words left, fillers out, as written: the transaction's description.
    public let title: String
    /// The title's lower-case words, for the category's brands and keywords.
    let titleWords: [String]

    /// Reads a sentence.
    ///
    /// - Parameters:
    ///   - text: the sentence.
    ///   - today: the day it is written (the person's calendar day).
    ///   - words: the language's words.
    /// - Throws: ``QuickAddError`` for a date phrase naming no day, or a number that is no
    ///   amount or could be read two ways. A sentence with no amount is read (``amount`` `nil`):
    ///   `--amount` may give it.
    public init(_ text: String, today: Day, words: QuickAddWords) throws(QuickAddError) {
        self.text = text
        var tokens = SentenceToken.words(of: text)
        if let phrase = try DatePhrase.first(in: tokens, today: today, words: words) {
            day = phrase.day
            dayText = phrase.text
            tokens.removeSubrange(phrase.indices)
        } else {
            day = nil
            dayText = nil
        }
        var found: (index: Int, amount: AmountText)?
        for (index, token) in tokens.enumerated() {
            if let amount = try AmountText.read(token) {
                found = (index, amount)
                break
            }
        }
        var code = found?.amount.currencyCode
        if let found {
            var taken = [found.index]
            // A currency code written beside the number (`12.50 EUR`, `USD 12`) belongs to it.
            for neighbour in [found.index + 1, found.index - 1] where code == nil && tokens.indices.contains(neighbour)
            {
                if let beside = AmountText.isoCode(tokens[neighbour].text) {
                    code = beside
                    taken.append(neighbour)
                }
            }
            for index in taken.sorted(by: >) { tokens.remove(at: index) }
        }
        amount = found?.amount.number
        amountText = found?.amount.text
        currencyCode = code
        let income = tokens.first { words.income.contains($0.lower) }
        direction = income == nil ? .debit : .credit
        incomeWord = income?.lower
        let kept = tokens.filter { !words.fillers.contains($0.lower) }
        title = kept.map(\.text).joined(separator: " ")
        titleWords = kept.map(\.lower)
    }
}

extension QuickAddSentence {
    /// Reads an amount given apart from a sentence (`--amount 12,50`) with the sentence's rules.
    ///
    /// - Returns: `nil` when the text is not a number at all.
    /// - Throws: ``QuickAddError`` for a number that is no amount or could be read two ways.
    public static func amount(_ text: String) throws(QuickAddError) -> DecimalNumber? {
        try AmountText.read(SentenceToken(text: text, lower: text.lowercased(), column: 1))?.number
    }
}
