import Foundation

/// Journal account names: the default made from a ledger account's or a category's name, and the
/// check that a name is one the chosen tool reads.
///
/// A default name is read by all three tools: a root of `Assets`, `Liabilities`, `Equity`,
/// `Income` or `Expenses`, then components of ASCII letters, digits and `-`, each starting with
/// an upper-case letter or a digit (beancount's rule, the strictest).
public enum JournalName {
    /// The five roots beancount accepts.
    public static let roots = ["Assets", "Liabilities", "Equity", "Income", "Expenses"]

    /// One component made from free text: accents dropped (`Épargne` → `Epargne`), `&` read as
    /// `And`, words capitalised and joined by `-`, anything else left out; `Unnamed` when nothing
    /// is left.
    ///
    /// `"joint checking & savings 2"` → `Joint-Checking-And-Savings-2`.
    public static func component(_ text: some StringProtocol) -> String {
        let folded = String(text).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var word = ""
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        for scalar in folded.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9":
                word.unicodeScalars.append(word.isEmpty ? Self.upper(scalar) : scalar)
            case "ß":
                word += word.isEmpty ? "Ss" : "ss"
            case "&":
                endWord()
                words.append("And")
            default:
                endWord()
            }
        }
        endWord()
        return words.isEmpty ? "Unnamed" : words.joined(separator: "-")
    }

    /// A name under `root` made from a category as sources write it: components split at `:`,
    /// a class after `/` left out (`Auto:Fuel/Business` → `ROOT:Auto:Fuel`).
    public static func category(_ category: String, under root: String) -> String {
        let withoutClass = category.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = withoutClass.split(separator: ":").filter { $0.contains(where: { !$0.isWhitespace }) }
        guard !parts.isEmpty else { return root + ":Unnamed" }
        return ([root] + parts.map { component($0) }).joined(separator: ":")
    }

    /// Why `name` can't be written for `format`, or `nil` when it can.
    public static func problem(with name: String, for format: ExportFormat) -> String? {
        guard format.isJournal else { return nil }
        let components = name.split(separator: ":", omittingEmptySubsequences: false)
        if components.contains(where: { $0.isEmpty }) { return "it has an empty component (expected A:B:C)" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it holds a control character"
        }
        if name.contains("  ") { return "it holds two spaces in a row, which end an account name" }
        if components.contains(where: { $0.first == " " || $0.last == " " }) {
            return "a component starts or ends with a space"
        }
        if name.contains(";") { return "it holds ';', which starts a comment" }
        if let first = name.first, first == "(" || first == "[" {
            return "it starts with '\(first)', which makes a virtual posting"
        }
        guard format == .beancount else { return nil }
        guard let root = components.first, roots.contains(String(root)) else {
            return "beancount needs a root of Assets, Liabilities, Equity, Income or Expenses"
        }
        guard components.count > 1 else { return "beancount needs at least one component under the root" }
        for part in components.dropFirst() {
            guard let first = part.unicodeScalars.first,
                first.properties.isUppercase || ("0"..."9").contains(first)
            else { return "beancount needs each component to start with a capital letter or a digit ('\(part)')" }
            let allowed = part.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
            }
            if !allowed { return "beancount allows only letters, digits and '-' in a component ('\(part)')" }
        }
        return nil
    }

    private static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard ("a"..."z").contains(scalar), let upper = Unicode.Scalar(scalar.value - 32) else { return scalar }
        return upper
    }
}
