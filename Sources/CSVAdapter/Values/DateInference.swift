/// Infers a date column's format from its values, for mappings that say `"format": "auto"`.
///
/// The first value's shape gives the candidates: `2024-01-15` is year first, `20240115` compact,
/// `15 Jan 2024` has a month name, and `03/04/2024` could be day-first or month-first. Each
/// further value removes the candidates it doesn't fit; a day above 12 settles the order. When
/// the column ends with two candidates left, the file is ambiguous and the caller refuses it
/// rather than guess.
struct DateInference {
    /// The formats still possible, most likely first.
    private(set) var candidates: [DateFormat] = []
    private var started = false

    /// The format, once only one is left.
    var decided: DateFormat? { started && candidates.count == 1 ? candidates[0] : nil }

    /// Whether no candidate fits the values seen.
    var isImpossible: Bool { started && candidates.isEmpty }

    /// Narrows the candidates with one value.
    ///
    /// - Returns: whether the value fits at least one remaining candidate.
    @discardableResult
    mutating func observe(_ value: String) -> Bool {
        if !started {
            started = true
            candidates = DateInference.candidates(for: value)
        }
        let fitting = candidates.filter { $0.day(from: value) != nil }
        if fitting.isEmpty { return false }
        candidates = fitting
        return true
    }

    /// Candidate formats for a value's shape.
    static func candidates(for value: String) -> [DateFormat] {
        // Split into runs of digits or letters, keeping the text between runs.
        var groups: [(isDigits: Bool, text: String)] = []
        var separators: [String] = []
        var between = ""
        for character in value.trimmingSpacesAndTime() {
            let isDigit = character.isASCII && character.isNumber
            if isDigit || character.isLetter {
                if let last = groups.last, last.isDigits == isDigit, between.isEmpty {
                    groups[groups.count - 1].text.append(character)
                } else {
                    if !groups.isEmpty { separators.append(between) }
                    between = ""
                    groups.append((isDigit, String(character)))
                }
            } else if !groups.isEmpty {
                between.append(character)
            }
        }
        var patterns: [String] = []
        if groups.count == 1, groups[0].isDigits, groups[0].text.count == 8 {
            patterns = ["yyyyMMdd"]
        } else if groups.count == 3, separators.count == 2 {
            let (a, b, c) = (groups[0], groups[1], groups[2])
            let (first, second) = (separators[0], separators[1])
            let year = c.text.count == 4 ? "yyyy" : "yy"
            if a.isDigits && a.text.count == 4 && b.isDigits && c.isDigits {
                patterns = ["yyyy\(first)MM\(second)dd"]
            } else if !a.isDigits && b.isDigits && c.isDigits {
                patterns = ["MMM\(first)d\(second)\(year)"]
            } else if a.isDigits && !b.isDigits && c.isDigits {
                patterns = ["d\(first)MMM\(second)\(year)"]
            } else if a.isDigits && b.isDigits && c.isDigits {
                patterns = ["dd\(first)MM\(second)\(year)", "MM\(first)dd\(second)\(year)"]
            }
        }
        return patterns.compactMap { DateFormat($0.replacingSpaceRuns()) }
    }
}

extension String {
    fileprivate func trimmingSpacesAndTime() -> Substring {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        // Cut a time part: a space or 'T' followed by digits and ':'.
        if let cut = text.firstIndex(where: { $0 == ":" }) {
            var end = cut
            while end > text.startIndex, text[text.index(before: end)] != " ",
                text[text.index(before: end)] != "T"
            {
                end = text.index(before: end)
            }
            if end > text.startIndex { text = text[..<text.index(before: end)] }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    fileprivate func replacingSpaceRuns() -> String {
        var result = ""
        for character in self where !(character == " " && result.last == " ") { result.append(character) }
        return result
    }
}
