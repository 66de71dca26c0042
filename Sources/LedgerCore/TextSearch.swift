/// A piece of text looked for case-insensitively: inside a text, or at its start.
///
/// Case is folded with Unicode's lowercase mapping (Swift's `lowercased()`), not ASCII's alone:
/// `müller` finds `MÜLLER`, `café` finds `CAFÉ`. What lowercase mapping doesn't equate stays
/// apart: `straße` doesn't find `STRASSE`, `é` doesn't find `e`, and a letter written with a
/// combining accent doesn't find the same letter written precomposed. Characters are compared
/// whole, so `e` doesn't find the `e` of an `e` followed by a combining accent. Wildcards have no
/// meaning: `%`, `_` and `*` are looked for as themselves.
///
/// ```swift
/// let search = TextSearch("coffee")
/// search.isFound(in: "Morning COFFEE corner")  // true
/// search.isPrefix(of: "Coffee Corner")        // true
/// ```
public struct TextSearch: Sendable, Hashable {
    /// The text as given.
    public let text: String
    /// The text lowercased, as it is compared.
    private let folded: String
    /// Whether `folded` is all ASCII, so that an ASCII text can be compared byte by byte.
    private let isASCII: Bool

    /// Creates a search for a text (which may be empty: it is found in every text).
    public init(_ text: String) {
        self.text = text
        folded = text.lowercased()
        isASCII = folded.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether the text occurs anywhere in `haystack`, ignoring case.
    public func isFound(in haystack: String) -> Bool {
        if let found = asciiMatch(haystack, atStartOnly: false) { return found }
        return haystack.lowercased().contains(folded)
    }

    /// Whether `haystack` starts with the text, ignoring case (leading spaces of `haystack` are
    /// skipped: a bank's padded column still starts with its payee).
    public func isPrefix(of haystack: String) -> Bool {
        let trimmed = haystack.drop { $0 == " " }
        if let found = asciiMatch(String(trimmed), atStartOnly: true) { return found }
        return trimmed.lowercased().hasPrefix(folded)
    }

    // MARK: - Private

    /// The answer compared byte by byte when `haystack` is ASCII (most bank text is), where
    /// lowercasing each byte is the whole of Unicode's mapping; `nil` when it is not ASCII.
    private func asciiMatch(_ haystack: String, atStartOnly: Bool) -> Bool? {
        var haystack = haystack
        return haystack.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // A non-ASCII text lowercased can't occur in an ASCII one.
            guard isASCII else { return false }
            var needle = folded
            return needle.withUTF8 { needle in
                let count = needle.count
                guard count <= bytes.count else { return false }
                let lastStart = atStartOnly ? 0 : bytes.count - count
                var start = 0
                while start <= lastStart {
                    var offset = 0
                    while offset < count, Self.lowercased(bytes[start + offset]) == needle[offset] { offset += 1 }
                    if offset == count { return true }
                    start += 1
                }
                return false
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}
