import LedgerCore
import QuickAdd
import Testing

@Suite("quick add: word lists")
struct QuickAddWordsTests {
    @Test("the built-in English list reads")
    func english() throws {
        #expect(try QuickAddWords.english().language == "en")
        #expect(try QuickAddWords.english().otherCategory == "Other")
    }

    @Test("a word list is checked with located errors")
    func located() throws {
        let text = """
            {"language": "xx", "today": ["Today"]}
            """
        let error = try #require(throws: QuickAddError.self) {
            try QuickAddWords(json: Array(text.utf8), path: "xx.json")
        }
        #expect(error.description.hasPrefix("xx.json:1:"))
    }

    @Test("another language is a data file: a French sentence reads with French words")
    func french() throws {
        let text = """
            {"language": "fr", "today": ["aujourd'hui"], "yesterday": ["hier"], "last": ["dernier"], "of": [],
             "ordinalSuffixes": ["er"],
             "months": [["janvier"], ["février"], ["mars"], ["avril"], ["mai"], ["juin"], ["juillet"], ["août"],
                        ["septembre"], ["octobre"], ["novembre"], ["décembre"]],
             "weekdays": [["lundi"], ["mardi"], ["mercredi"], ["jeudi"], ["vendredi"], ["samedi"], ["dimanche"]],
             "income": ["salaire", "remboursement"], "fillers": ["à", "la", "le", "chez", "pour"],
             "brands": {}, "keywords": {"boulangerie": "Courses"}, "otherCategory": "Autre"}
            """
        let words = try QuickAddWords(json: Array(text.utf8), path: "fr.json")
        let sentence = try QuickAddSentence(
            "24,50 à la boulangerie hier", today: Day(year: 2024, month: 3, day: 9)!, words: words)
        #expect(sentence.day == Day(iso: "2024-03-08"))
        #expect(sentence.title == "boulangerie")
        #expect(sentence.amount == DecimalNumber(isNegative: false, significand: 245, fractionDigits: 1))
        #expect(CategoryChoice(option: nil, latest: nil, sentence: sentence, words: words).category == "Courses")
    }
}
