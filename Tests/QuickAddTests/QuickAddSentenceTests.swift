import LedgerCore
import QuickAdd
import Testing

/// Reading a quick-add sentence: the date phrase first, then the first number left as the amount,
/// never a guess (issue 19).
@Suite("quick add: reading a sentence")
struct QuickAddSentenceTests {
    /// A Saturday.
    static let today = Day(year: 2024, month: 3, day: 9)!

    func read(_ text: String) throws -> QuickAddSentence {
        try QuickAddSentence(text, today: Self.today, words: try QuickAddWords.english())
    }

    func amount(_ text: String) throws -> String? {
        try read(text).amount.map { number in
            let money = try Money.exactly(number, currency: #require(Currency(code: "EUR")))
            return (money.1 == .debit ? "-" : "") + money.0.description
        }
    }

    @Test("the issue's sentence: the amount, yesterday, a title without fillers, money out")
    func bakery() throws {
        let sentence = try read("24.50 at the bakery yesterday")
        #expect(try amount(sentence.text) == "24.50")
        #expect(sentence.day == Day(iso: "2024-03-08"))
        #expect(sentence.dayText == "yesterday")
        #expect(sentence.title == "bakery")
        #expect(sentence.direction == .debit)
    }

    @Test(
        "a date's number is never the amount",
        arguments: [
            ("coffee on March 3 4.20", "2024-03-03"), ("on 3 March coffee 4.20", "2024-03-03"),
            ("3rd of March 4.20 coffee", "2024-03-03"), ("coffee 2024-03-03 4.20", "2024-03-03"),
            ("Mar 3 2023 coffee 4.20", "2023-03-03"), ("coffee 4.20 on the 3rd of march", "2024-03-03"),
        ])
    func dateFirst(text: String, day: String) throws {
        let sentence = try read(text)
        #expect(try amount(text) == "4.20")
        #expect(sentence.day == Day(iso: day))
        #expect(sentence.title == "coffee")
    }

    @Test("a date without a year is the latest such day up to today, never in the future")
    func noFuture() throws {
        #expect(try read("rent 900 on March 9").day == Day(iso: "2024-03-09"))
        #expect(try read("rent 900 on March 10").day == Day(iso: "2023-03-10"))
        #expect(try read("gift 20 on February 29").day == Day(iso: "2024-02-29"))
    }

    @Test("a weekday is the latest one up to today; after \"last\", the one before today")
    func weekdays() throws {
        #expect(try read("pizza 12 saturday").day == Day(iso: "2024-03-09"))
        #expect(try read("pizza 12 last saturday").day == Day(iso: "2024-03-02"))
        #expect(try read("pizza 12 friday").day == Day(iso: "2024-03-08"))
        #expect(try read("pizza 12 on fri").day == Day(iso: "2024-03-08"))
        #expect(try read("pizza 12 monday").day == Day(iso: "2024-03-04"))
        // `sun` alone is a word, not a weekday.
        let sun = try read("sun cream 12")
        #expect(sun.day == nil)
        #expect(sun.title == "sun cream")
    }

    @Test(
        "12.50 and 12,50 both work; thousands separators where the reading is certain",
        arguments: [
            ("12.50", "12.50"), ("12,50", "12.50"), ("12,5", "12.50"), ("12", "12.00"), ("1,234.56", "1234.56"),
            ("1.234,56", "1234.56"), ("1,234,567", "1234567.00"), ("1'234.50", "1234.50"), ("€24.50", "24.50"),
            ("24.50€", "24.50"), ("$3", "3.00"), ("0,500", "0.50"), (".50", "0.50"),
        ])
    func amounts(written: String, exact: String) throws {
        #expect(try amount("lunch \(written)") == exact)
    }

    @Test("a single separator before three digits is refused, never guessed", arguments: ["1,200", "1.200", "12.500"])
    func ambiguous(written: String) throws {
        let error = try #require(throws: QuickAddError.self) { try read("rent \(written)") }
        guard case .ambiguousAmount(let text, _, _) = error.reason else {
            Issue.record("expected an ambiguous amount, got \(error)")
            return
        }
        #expect(text == written)
        #expect(error.location.column == 6)
    }

    @Test("digits and separators that make no amount are an error at their column")
    func malformed() throws {
        #expect(throws: QuickAddError(.notAnAmount("1.2.3"), at: SourceLocation(file: "sentence", line: 1, column: 7)))
        {
            try read("stuff 1.2.3 more 4")
        }
    }

    @Test("words with digits are part of the title; the first number alone is the amount")
    func wordsWithDigits() throws {
        let sentence = try read("snacks at 7-Eleven 3.80 then 2 more")
        #expect(try amount(sentence.text) == "3.80")
        #expect(sentence.title == "snacks 7-Eleven then 2 more")
    }

    @Test("no amount reads as none: the command asks how much")
    func noAmount() throws {
        let sentence = try read("coffee yesterday")
        #expect(sentence.amount == nil)
        #expect(sentence.title == "coffee")
    }

    @Test("a sign is kept so the command can refuse it", arguments: ["-12", "−12", "-€12"])
    func signed(written: String) throws {
        #expect(try read("coffee \(written)").amount?.isNegative == true)
    }

    @Test(
        "income words make it money in",
        arguments: ["salary 3000", "refund from the shop 12.99", "received 50 from Tom"])
    func income(text: String) throws {
        #expect(try read(text).direction == .credit)
    }

    @Test("an ISO code beside or on the amount is the sentence's currency and leaves the title")
    func currencyCode() throws {
        let beside = try read("hotel 120 EUR")
        #expect(beside.currencyCode == "EUR")
        #expect(beside.title == "hotel")
        #expect(try read("hotel USD120").currencyCode == "USD")
        // Lower case three-letter words are words (`top`, `all` are ISO codes too).
        let top = try read("top up 20 all")
        #expect(top.currencyCode == nil)
        #expect(top.title == "top up all")
    }

    @Test("an impossible date is an error naming the phrase", arguments: ["February 30", "2024-02-30", "31 April"])
    func impossibleDay(phrase: String) throws {
        #expect(throws: QuickAddError.self) { try read("gift \(phrase) 20") }
    }
}

/// The promise, over many sentences: an amount read is always a number the sentence states, never
/// one inside its date phrase.
@Suite("quick add: never an amount the sentence didn't state")
struct QuickAddPropertyTests {
    /// A small deterministic generator (SplitMix64), so a failure is reproducible.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = [
        "coffee", "at", "the", "bakery", "yesterday", "today", "on", "March", "3", "3rd", "of", "2024", "12.50",
        "12,50", "7", "1,234.56", "salary", "refund", "last", "friday", "Monday", "€4", "9.99", "2024-03-01",
        "30", "May", "lunch", "7-Eleven", "x2", "EUR", "1.5", "0", "100",
    ]

    @Test("5,000 generated sentences: the amount is a word of the sentence outside the date phrase")
    func statedAmountsOnly() throws {
        let words = try QuickAddWords.english()
        let today = Day(year: 2024, month: 3, day: 9)!
        var generator = Generator(state: 19)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...7, using: &generator)
            let tokens = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }
            let text = tokens.joined(separator: " ")
            guard let sentence = try? QuickAddSentence(text, today: today, words: words) else { continue }
            guard let amountText = sentence.amountText, let amount = sentence.amount else { continue }
            #expect(tokens.contains(amountText), "\(text)")
            #expect(try QuickAddSentence.amount(amountText) == amount, "\(text)")
            // The amount is the first number outside the date phrase.
            var rest = tokens
            if let phrase = sentence.dayText {
                let phraseWords = phrase.split(separator: " ").map(String.init)
                if let start = (0...(rest.count - phraseWords.count)).first(where: {
                    Array(rest[$0..<$0 + phraseWords.count]) == phraseWords
                }) {
                    rest.removeSubrange(start..<start + phraseWords.count)
                }
            }
            let firstNumber = rest.first { (try? QuickAddSentence.amount($0)) != nil }
            #expect(firstNumber == amountText, "\(text)")
        }
    }
}
