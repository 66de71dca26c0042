import Foundation

/// How a rule's `description`, `payee` or `memo` key matches text: a regular expression found
/// anywhere in the text (`"^REWE"`), or the whole text exactly. Case is ignored unless the rule
/// says `"caseSensitive": true`.
///
/// A pattern is compiled when the rules file is read, so a regular expression that doesn't
/// compile is an error at load. A regular expression made only of literal characters, with at
/// most a leading `^`, a trailing `$` and top-level `|` between alternatives (`REWE|EDEKA`,
/// `^AMAZON\.DE`), is matched by ``LiteralScanner`` instead of `NSRegularExpression`: the same
/// answer, much faster. Case folding on that path is ASCII (`A`–`Z` with `a`–`z`); a pattern
/// with other letters and case ignored goes to `NSRegularExpression`.
public struct TextPattern: @unchecked Sendable, Hashable {
    /// Whether the pattern is a regular expression or an exact text.
    public enum Kind: String, Sendable, Hashable {
        case regex
        case exact
    }

    public let kind: Kind
    /// The pattern as written in the rules file.
    public let source: String
    public let isCaseSensitive: Bool
    /// The pattern's literal alternatives, when it is made of literals (see the type's notes).
    let literals: [LiteralNeedle]?
    /// The compiled expression, for a regular expression that is not literal.
    private let expression: NSRegularExpression?
    /// For such an expression: literal runs (ASCII, lowercased) that every match contains, so a
    /// text without one of them is refused before `NSRegularExpression` runs.
    let requiredLiterals: [[UInt8]]

    /// Compiles a pattern.
    ///
    /// - Throws: the reason, as text, when a regular expression doesn't compile.
    public init(_ kind: Kind, _ source: String, caseSensitive: Bool = false) throws(TextPatternFailure) {
        self.kind = kind
        self.source = source
        self.isCaseSensitive = caseSensitive
        switch kind {
        case .exact:
            requiredLiterals = []
            let bytes = Array(source.utf8)
            if caseSensitive || bytes.allSatisfy({ $0 < 0x80 }) {
                literals = [
                    LiteralNeedle(bytes: caseSensitive ? bytes : bytes.map(asciiLowercase), atStart: true, atEnd: true)
                ]
            } else {
                literals = nil
            }
            expression = nil
        case .regex:
            if let found = Self.literalAlternatives(source, caseSensitive: caseSensitive) {
                literals = found
                expression = nil
                requiredLiterals = []
            } else {
                literals = nil
                requiredLiterals = Self.requiredLiterals(source)
                do {
                    expression = try NSRegularExpression(
                        pattern: source, options: caseSensitive ? [] : [.caseInsensitive])
                } catch {
                    throw TextPatternFailure(reason: Self.likelyCause(of: source))
                }
            }
        }
    }

    /// Whether the text matches: the reference answer, one text at a time (the rules'
    /// evaluator gets the same answer from one scan per row).
    public func matches(_ text: String) -> Bool {
        if let literals {
            let bytes = isCaseSensitive ? Array(text.utf8) : text.utf8.map(asciiLowercase)
            return literals.contains { $0.occurs(in: bytes) }
        }
        if let expression {
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return expression.firstMatch(in: text, options: [], range: range) != nil
        }
        // An exact, case-ignoring pattern with letters beyond ASCII.
        return text.lowercased() == source.lowercased()
    }

    /// The pattern as a rules file writes it, for messages: `/^rewe/i`, `exact "REWE"`.
    public var shown: String {
        switch kind {
        case .regex: return "/\(source)/" + (isCaseSensitive ? "" : "i")
        case .exact: return "exactly \"\(source)\"" + (isCaseSensitive ? "" : " (ignoring case)")
        }
    }

    public static func == (lhs: TextPattern, rhs: TextPattern) -> Bool {
        lhs.kind == rhs.kind && lhs.source == rhs.source && lhs.isCaseSensitive == rhs.isCaseSensitive
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(source)
        hasher.combine(isCaseSensitive)
    }

    /// A hint at why a pattern didn't compile (Foundation's error on Linux names no cause):
    /// ` (a "[" is never closed)`, or empty.
    static func likelyCause(of pattern: String) -> String {
        var depth = (parentheses: 0, brackets: 0)
        var escaped = false
        for character in pattern {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "(" where depth.brackets == 0: depth.parentheses += 1
            case ")" where depth.brackets == 0: depth.parentheses -= 1
            case "[": depth.brackets += 1
            case "]" where depth.brackets > 0: depth.brackets -= 1
            default: break
            }
        }
        if depth.brackets > 0 { return " (a \"[\" is never closed)" }
        if depth.parentheses > 0 { return " (a \"(\" is never closed)" }
        if depth.parentheses < 0 { return " (a \")\" closes nothing)" }
        if escaped { return " (it ends in a lone \"\\\")" }
        return ""
    }

    // MARK: - Literal analysis

    /// Literal runs every match of a regular expression contains: the pattern read left to right
    /// at its top level, each run of plain characters ended by anything else (a class, a group,
    /// `.`, an anchor, an escape like `\\d`), a character made optional by `?`, `*` or `{…}`
    /// dropped. Runs keep ASCII bytes only, lowercased: a text lowercased the same way holds
    /// each run wherever the expression matches. Empty (no requirement) for a pattern with a
    /// top-level `|`, inline options `(?…)` or `\\Q` quoting.
    static func requiredLiterals(_ pattern: String) -> [[UInt8]] {
        let bytes = Array(pattern.utf8)
        if pattern.contains("(?") || pattern.contains("\\Q") { return [] }
        var runs: [[UInt8]] = []
        var run: [UInt8] = []
        func end() {
            if run.count >= 2 { runs.append(run) }
            run = []
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "|"):
                return []
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return runs }
                let next = bytes[index]
                index += 1
                if next < 0x80 && !isASCIIAlphanumeric(next) {
                    run.append(next)
                } else {
                    end()
                }
            case UInt8(ascii: "("), UInt8(ascii: "["):
                end()
                // Skip the group or class whole (alternatives inside a group don't matter here).
                var depth = 0
                var index2 = index - 1
                var inClass = false
                while index2 < bytes.count {
                    let inner = bytes[index2]
                    if inner == UInt8(ascii: "\\") {
                        index2 += 2
                        continue
                    }
                    if inClass {
                        if inner == UInt8(ascii: "]") { inClass = false }
                    } else if inner == UInt8(ascii: "[") {
                        inClass = true
                    } else if inner == UInt8(ascii: "(") {
                        depth += 1
                    } else if inner == UInt8(ascii: ")") {
                        depth -= 1
                    }
                    index2 += 1
                    if depth == 0 && !inClass { break }
                }
                index = index2
            case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "{"):
                // The atom before is optional or repeated: drop it from the run.
                if !run.isEmpty { run.removeLast() }
                end()
                if byte == UInt8(ascii: "{") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "}") { index += 1 }
                    index += 1
                }
            case UInt8(ascii: "+"):
                // At least once: the character stands, what follows may repeat it.
                end()
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"):
                end()
            default:
                // A character beyond ASCII ends the run (ICU folds its case by other rules).
                if byte >= 0x80 || byte < 0x20 { end() } else { run.append(asciiLowercase(byte)) }
            }
        }
        end()
        return runs
    }

    /// The literal alternatives of a regular expression, or `nil` when it uses anything else.
    static func literalAlternatives(_ pattern: String, caseSensitive: Bool) -> [LiteralNeedle]? {
        var needles: [LiteralNeedle] = []
        var current: [UInt8] = []
        var atStart = false
        var atEnd = false
        var bytes = Array(pattern.utf8)[...]
        func finish() -> Bool {
            guard !current.isEmpty else { return false }
            needles.append(LiteralNeedle(bytes: current, atStart: atStart, atEnd: atEnd))
            current = []
            atStart = false
            atEnd = false
            return true
        }
        while let byte = bytes.popFirst() {
            if atEnd && byte != UInt8(ascii: "|") { return nil }
            switch byte {
            case UInt8(ascii: "^"):
                guard current.isEmpty, !atStart else { return nil }
                atStart = true
            case UInt8(ascii: "$"):
                atEnd = true
            case UInt8(ascii: "|"):
                guard finish() else { return nil }
            case UInt8(ascii: "\\"):
                // An escaped punctuation character is itself; `\d`, `\b`, `\Q` … are regex syntax.
                guard let next = bytes.popFirst(), next < 0x80, !isASCIIAlphanumeric(next) else { return nil }
                current.append(next)
            case UInt8(ascii: "."), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "#"):
                return nil
            default:
                // Letters beyond ASCII fold with Unicode's rules: NSRegularExpression's job.
                if byte >= 0x80 && !caseSensitive { return nil }
                // Control characters and spaces other than ' ' stay with the regex engine.
                if byte < 0x20 { return nil }
                current.append(caseSensitive ? byte : asciiLowercase(byte))
            }
        }
        guard finish() else { return nil }
        return needles
    }
}

/// Why a text pattern didn't compile.
public struct TextPatternFailure: Error, Sendable {
    public var reason: String
}

/// One literal alternative of a pattern: its bytes (lowercased when case is ignored) and whether
/// it must start and end the text.
struct LiteralNeedle: Sendable, Hashable {
    var bytes: [UInt8]
    var atStart: Bool
    var atEnd: Bool

    /// Whether the needle occurs in the text's bytes (already lowercased when case is ignored).
    func occurs(in text: [UInt8]) -> Bool {
        switch (atStart, atEnd) {
        case (true, true): return text == bytes
        case (true, false): return text.starts(with: bytes)
        case (false, true): return text.count >= bytes.count && text.suffix(bytes.count).elementsEqual(bytes)
        case (false, false):
            guard text.count >= bytes.count else { return false }
            if bytes.isEmpty { return true }
            for start in 0...(text.count - bytes.count)
            where text[start] == bytes[0] && text[start..<start + bytes.count].elementsEqual(bytes) {
                return true
            }
            return false
        }
    }
}

/// ASCII `A`–`Z` to `a`–`z`; every other byte as it is.
@inline(__always)
func asciiLowercase(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
}

@inline(__always)
private func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (byte &- 0x30 < 10) || (byte | 0x20) &- 0x61 < 26
}

extension TextPattern {
    /// ``requiredLiterals(_:)`` as text, for tests.
    public static func requiredLiteralsForTesting(_ pattern: String) -> [String] {
        requiredLiterals(pattern).map { String(decoding: $0, as: UTF8.self) }
    }
}
