/// One word of a sentence: the word as written without the punctuation around it, its lower-case
/// form for matching, and the byte column where it starts.
struct SentenceToken: Sendable, Hashable {
    let text: String
    let lower: String
    let column: Int

    /// Punctuation taken off a word's start.
    private static let leading: Set<Character> = ["(", "\"", "'", "“", "‘", "«"]
    /// Punctuation taken off a word's end (a sentence's full stop, a comma after an amount).
    private static let trailing: Set<Character> = [",", ".", ";", ":", "!", "?", ")", "\"", "'", "”", "’", "»"]

    /// The words of a sentence, split at spaces and tabs; a word that is only punctuation is dropped.
    static func words(of sentence: String) -> [SentenceToken] {
        var tokens: [SentenceToken] = []
        var column = 1
        var start: Int?
        var current = ""
        func finish() {
            guard let first = start else { return }
            var word = Substring(current)
            var offset = first
            while let character = word.first, leading.contains(character) {
                offset += character.utf8.count
                word = word.dropFirst()
            }
            while let character = word.last, trailing.contains(character) { word = word.dropLast() }
            if !word.isEmpty {
                tokens.append(SentenceToken(text: String(word), lower: word.lowercased(), column: offset))
            }
            start = nil
            current = ""
        }
        for character in sentence {
            if character == " " || character == "\t" || character == "\n" || character == "\u{00A0}" {
                finish()
            } else {
                if start == nil { start = column }
                current.append(character)
            }
            column += character.utf8.count
        }
        finish()
        return tokens
    }
}
