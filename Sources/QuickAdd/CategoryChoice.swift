/// The category a quick add gets, and why: the first of these that gives one.
///
/// 1. `--category`;
/// 2. the person's latest transaction with the same title (payee or description, any case);
/// 3. a brand in the title (`starbucks`), longest brand first;
/// 4. a keyword in the title (`bakery`), in the title's order;
/// 5. the language's other category (`Other`).
public struct CategoryChoice: Sendable, Hashable {
    /// Where the category came from.
    public enum Source: Sendable, Hashable {
        case option
        /// The latest transaction with the same title: its id and day.
        case latest(id: Int64, day: String)
        case brand(String)
        case keyword(String)
        case other
    }

    public let category: String
    public let source: Source

    /// Chooses the category.
    ///
    /// - Parameters:
    ///   - option: `--category`, if given.
    ///   - latest: the latest transaction with the same title that has a category: its id, day
    ///     and category.
    ///   - sentence: the sentence read.
    ///   - words: the language's brands, keywords and other category.
    public init(
        option: String?, latest: (id: Int64, day: String, category: String)?, sentence: QuickAddSentence,
        words: QuickAddWords
    ) {
        if let option {
            self.init(category: option, source: .option)
        } else if let latest {
            self.init(category: latest.category, source: .latest(id: latest.id, day: latest.day))
        } else if let brand = Self.brand(in: sentence.titleWords, words) {
            self.init(category: brand.category, source: .brand(brand.name))
        } else if let keyword = sentence.titleWords.first(where: { words.keywords[$0] != nil }),
            let category = words.keywords[keyword]
        {
            self.init(category: category, source: .keyword(keyword))
        } else {
            self.init(category: words.otherCategory, source: .other)
        }
    }

    init(category: String, source: Source) {
        self.category = category
        self.source = source
    }

    /// Why, in words: `keyword "bakery"`, `like transaction 41 on 2024-03-01`.
    public var reason: String {
        switch source {
        case .option: return "--category"
        case .latest(let id, let day): return "like transaction \(id) on \(day)"
        case .brand(let name): return "brand \"\(name)\""
        case .keyword(let word): return "keyword \"\(word)\""
        case .other: return "no rule named one"
        }
    }

    private static func brand(in title: [String], _ words: QuickAddWords) -> (name: String, category: String)? {
        for brand in words.brands where !brand.words.isEmpty && brand.words.count <= title.count {
            for start in 0...(title.count - brand.words.count)
            where Array(title[start..<start + brand.words.count]) == brand.words {
                return (brand.words.joined(separator: " "), brand.category)
            }
        }
        return nil
    }
}
