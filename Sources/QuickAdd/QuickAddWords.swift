import LedgerCore

/// The words `ledgerport add` reads a sentence with, in one language (docs/add.md).
///
/// A language is a JSON file of word lists (`Words/en.json` is built in); `add --words FILE`
/// reads another one with the same keys, so a language is added without a rebuild.
public struct QuickAddWords: Sendable {
    /// The language's name (`en`).
    public let language: String
    /// Words for the day the sentence is written (`today`).
    let today: Set<String>
    /// Words for the day before (`yesterday`).
    let yesterday: Set<String>
    /// Words that make a weekday the one before today's (`last Friday`).
    let last: Set<String>
    /// Words between a day's number and its month (`3rd of March`).
    let of: Set<String>
    /// Suffixes of a day's number (`3rd`).
    let ordinalSuffixes: [String]
    /// Month number (1–12) by name or abbreviation.
    let months: [String: Int]
    /// Weekday (0 Monday … 6 Sunday) by its full name.
    let weekdays: [String: Int]
    /// Weekday by abbreviation: read only after a word of `last` or `on`, since `sun` or `sat`
    /// alone is more often another word.
    let weekdayAbbreviations: [String: Int]
    /// Words that make a sentence money in (`salary`, `refund`).
    let income: Set<String>
    /// Words left out of the title (`at`, `the`, `for`).
    let fillers: Set<String>
    /// Brands (one or more words) with their category, longest first so `uber eats` wins over `uber`.
    let brands: [(words: [String], category: String)]
    /// Single words with their category (`bakery` → Groceries).
    let keywords: [String: String]
    /// The category when nothing else names one.
    public let otherCategory: String

    /// The built-in English words.
    ///
    /// - Throws: ``QuickAddError`` if the built-in file is damaged (a build defect the tests catch).
    public static func english() throws(QuickAddError) -> QuickAddWords {
        try QuickAddWords(json: PackageResources.en_json, path: "Words/en.json")
    }

    /// Reads a word list.
    ///
    /// - Parameters:
    ///   - json: the file's bytes.
    ///   - path: the file's name, for locations.
    /// - Throws: ``QuickAddError`` at the first problem's line and column.
    public init(json: [UInt8], path: String) throws(QuickAddError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(json)
        } catch {
            throw QuickAddError(
                .invalidWords("not JSON: \(error.reason)"),
                at: SourceLocation(file: path, line: error.line, column: error.column))
        }
        var reader = WordListReader(file: path)
        let list = reader.read(root)
        if let first = reader.problems.first { throw first }
        self = list
    }

    init(
        language: String, today: Set<String>, yesterday: Set<String>, last: Set<String>, of: Set<String>,
        ordinalSuffixes: [String], months: [String: Int], weekdays: [String: Int],
        weekdayAbbreviations: [String: Int], income: Set<String>, fillers: Set<String>,
        brands: [(words: [String], category: String)], keywords: [String: String], otherCategory: String
    ) {
        self.language = language
        self.today = today
        self.yesterday = yesterday
        self.last = last
        self.of = of
        self.ordinalSuffixes = ordinalSuffixes
        self.months = months
        self.weekdays = weekdays
        self.weekdayAbbreviations = weekdayAbbreviations
        self.income = income
        self.fillers = fillers
        self.brands = brands
        self.keywords = keywords
        self.otherCategory = otherCategory
    }
}
