import LedgerCore
import QuickAdd
import Testing

@Suite("quick add: choosing the category")
struct CategoryChoiceTests {
    let words: QuickAddWords
    let today = Day(year: 2024, month: 3, day: 9)!

    init() throws { words = try QuickAddWords.english() }

    func choose(_ text: String, option: String? = nil, latest: (Int64, String, String)? = nil) throws -> CategoryChoice
    {
        let sentence = try QuickAddSentence(text, today: today, words: words)
        return CategoryChoice(
            option: option, latest: latest.map { (id: $0.0, day: $0.1, category: $0.2) }, sentence: sentence,
            words: words)
    }

    @Test("the option wins, then the latest same-titled row, then a brand, then a keyword, then Other")
    func order() throws {
        #expect(try choose("coffee at Starbucks 4", option: "Treats").category == "Treats")
        let latest = try choose("coffee at Starbucks 4", latest: (41, "2024-03-01", "Work"))
        #expect(latest.category == "Work")
        #expect(latest.reason == "like transaction 41 on 2024-03-01")
        let brand = try choose("coffee at Starbucks 4")
        #expect(brand.category == "Eating out")
        #expect(brand.source == .brand("starbucks"))
        #expect(try choose("24.50 at the bakery").source == .keyword("bakery"))
        #expect(try choose("24.50 at the bakery").category == "Groceries")
        let other = try choose("thing 3")
        #expect(other.category == "Other")
        #expect(other.source == .other)
    }

    @Test("the longest brand wins: uber eats is not a ride")
    func longestBrand() throws {
        #expect(try choose("uber eats 18").category == "Eating out")
        #expect(try choose("uber 18").category == "Transport")
    }
}
