/// How far apart two words are, for "did you mean" suggestions.
enum EditDistance {
    /// The Levenshtein distance between two texts, compared without case: the fewest inserted,
    /// deleted or replaced characters that turn one into the other.
    static func between(_ first: String, _ second: String) -> Int {
        let a = Array(first.lowercased())
        let b = Array(second.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(replace, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Whether two texts are close enough that one is likely a typo of the other: at most one
    /// edit for a text of up to four characters, two for a longer one.
    static func isClose(_ typed: String, _ known: String) -> Bool {
        let limit = min(typed.count, known.count) <= 4 ? 1 : 2
        return between(typed, known) <= limit
    }

    /// The known words closest to a typed one, if any is close (see ``isClose(_:_:)``), nearest
    /// first and in the given order among equals.
    static func suggestions(for typed: String, among known: [String]) -> [String] {
        let close = known.filter { isClose(typed, $0) }
        let distances = Dictionary(close.map { ($0, between(typed, $0)) }, uniquingKeysWith: { first, _ in first })
        guard let best = distances.values.min() else { return [] }
        return close.filter { distances[$0] == best }
    }

    /// `; did you mean 'x'? then` (or `'x' or 'y'`), or `; then` when no known word is close.
    static func didYouMean(_ typed: String, among known: [String], then rest: String) -> String {
        let found = suggestions(for: typed, among: known)
        guard !found.isEmpty else { return "; " + rest }
        return "; did you mean " + found.map { "'" + $0 + "'" }.joined(separator: " or ") + "? " + rest
    }
}
