import LedgerCore

/// Walks a word list's JSON into ``QuickAddWords``, noting each problem at its line and column.
struct WordListReader: JSONFileReading {
    let file: String
    var problems: [QuickAddError] = []

    static let keys = [
        "$comment", "language", "today", "yesterday", "last", "of", "ordinalSuffixes", "months", "weekdays",
        "income", "fillers", "brands", "keywords", "otherCategory",
    ]

    init(file: String) {
        self.file = file
    }

    mutating func problem(_ text: String, at location: SourceLocation) {
        problems.append(QuickAddError(.invalidWords(text), at: location))
    }

    mutating func read(_ root: JSONValue) -> QuickAddWords {
        let top = members(root, "the word list", known: Self.keys)
        for key in Self.keys.dropFirst() where top[key] == nil && problems.isEmpty {
            if case .object = root.kind { problem("the word list has no \"\(key)\"", at: root) }
        }
        let months = groups(top["months"], "\"months\"", count: 12)
        let weekdays = groups(top["weekdays"], "\"weekdays\"", count: 7)
        var monthNumbers: [String: Int] = [:]
        for (index, names) in months.enumerated() { for name in names { monthNumbers[name] = index + 1 } }
        var weekdayNumbers: [String: Int] = [:]
        var abbreviations: [String: Int] = [:]
        for (index, names) in weekdays.enumerated() {
            if let full = names.first { weekdayNumbers[full] = index }
            for name in names.dropFirst() { abbreviations[name] = index }
        }
        let brandList = categories(top["brands"], "\"brands\"")
            .map { (words: $0.key.split(separator: " ").map(String.init), category: $0.value) }
            .sorted {
                ($0.words.count, $1.words.joined(separator: " ")) > ($1.words.count, $0.words.joined(separator: " "))
            }
        return QuickAddWords(
            language: string(top["language"], "\"language\"") ?? "",
            today: Set(words(top["today"], "\"today\"")), yesterday: Set(words(top["yesterday"], "\"yesterday\"")),
            last: Set(words(top["last"], "\"last\"")), of: Set(words(top["of"], "\"of\"")),
            ordinalSuffixes: words(top["ordinalSuffixes"], "\"ordinalSuffixes\""), months: monthNumbers,
            weekdays: weekdayNumbers, weekdayAbbreviations: abbreviations,
            income: Set(words(top["income"], "\"income\"")), fillers: Set(words(top["fillers"], "\"fillers\"")),
            brands: brandList, keywords: categories(top["keywords"], "\"keywords\""),
            otherCategory: string(top["otherCategory"], "\"otherCategory\"") ?? "Other")
    }

    // MARK: - Private

    /// A list of lower-case words.
    private mutating func words(_ value: JSONValue?, _ what: String) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value.kind else {
            problem("\(what) is \(value.typeName); expected a list of words", at: value)
            return []
        }
        var result: [String] = []
        for item in items {
            guard let word = string(item, "a word of \(what)") else { continue }
            if word.isEmpty || word != word.lowercased() || word.contains("  ") {
                problem("\(quotedExcerpt(word)) in \(what) is not a lower-case word; expected lower case", at: item)
                continue
            }
            result.append(word)
        }
        return result
    }

    /// A list of exactly `count` lists of names (months, weekdays), in calendar order.
    private mutating func groups(_ value: JSONValue?, _ what: String, count: Int) -> [[String]] {
        guard let value else { return [] }
        guard case .array(let items) = value.kind, items.count == count else {
            problem("\(what) is \(value.summary); expected \(count) lists of names, in calendar order", at: value)
            return []
        }
        return items.map { words($0, "a list of \(what)") }
    }

    /// An object of lower-case words or phrases to categories.
    private mutating func categories(_ value: JSONValue?, _ what: String) -> [String: String] {
        guard let value else { return [:] }
        guard case .object(let list) = value.kind else {
            problem("\(what) is \(value.typeName); expected an object of words to categories", at: value)
            return [:]
        }
        var result: [String: String] = [:]
        for member in list {
            let key = SourceLocation(file: file, line: member.keyLine, column: member.keyColumn)
            if member.key.isEmpty || member.key != member.key.lowercased() {
                problem("\(quotedExcerpt(member.key)) in \(what) is not lower case; expected lower case", at: key)
            } else if result[member.key] != nil {
                problem("\"\(member.key)\" appears twice in \(what); expected it once", at: key)
            }
            guard let category = string(member.value, "the category of \"\(member.key)\"") else { continue }
            if category.isEmpty { problem("the category of \"\(member.key)\" is empty", at: member.value) }
            result[member.key] = category
        }
        return result
    }
}
