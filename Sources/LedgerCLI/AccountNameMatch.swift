/// What an account name typed on the command line names among the ledger's accounts.
///
/// The rule, first that applies wins:
/// 1. an account whose name is exactly what was typed;
/// 2. else the one whose name equals it ignoring case;
/// 3. else the one whose name starts with it, ignoring case (`sav` for `Savings`);
/// 4. else the one with words that start with its words, in order, ignoring case: a short form
///    (`checking` or `6789` for `Example Savings Bank checking ••••6789`; the bullets of a masked
///    number are not part of its word).
///
/// When a step finds more than one account, the name is ambiguous: never is one of them picked.
/// When none finds any, the accounts whose names (or one of whose words) are a small edit away
/// are suggested.
enum AccountNameMatch: Equatable {
    /// The one account named.
    case found(String)
    /// Several accounts fit the same step.
    case ambiguous([String])
    /// None fits; the close ones, if any.
    case unknown(suggestions: [String])

    /// Resolves a typed name among the accounts' names.
    static func resolve(_ typed: String, among names: [String]) -> AccountNameMatch {
        if names.contains(typed) { return .found(typed) }
        let folded = typed.lowercased()
        let steps: [(String) -> Bool] = [
            { $0.lowercased() == folded },
            { $0.lowercased().hasPrefix(folded) },
            { startsWords(of: $0, with: words(of: folded)) },
        ]
        for fits in steps {
            let found = names.filter(fits)
            if found.count == 1 { return .found(found[0]) }
            if found.count > 1 { return .ambiguous(found.sorted()) }
        }
        let close = names.filter { name in
            EditDistance.isClose(typed, name) || words(of: name).contains { EditDistance.isClose(typed, String($0)) }
        }
        let ranked = close.sorted { distance(typed, $0) < distance(typed, $1) }
        guard let best = ranked.first.map({ distance(typed, $0) }) else { return .unknown(suggestions: []) }
        return .unknown(suggestions: ranked.filter { distance(typed, $0) == best })
    }

    // MARK: - Private

    /// A name's words, lowercased, each without the leading marks that aren't letters or digits
    /// (`••••6789` is `6789`).
    private static func words(of name: String) -> [Substring] {
        name.lowercased().split(whereSeparator: \.isWhitespace).map { word in
            word.drop { !$0.isLetter && !$0.isNumber }
        }.filter { !$0.isEmpty }
    }

    /// Whether each typed word starts a word of the name, in order.
    private static func startsWords(of name: String, with typed: [Substring]) -> Bool {
        guard !typed.isEmpty else { return false }
        var remaining = words(of: name)[...]
        for word in typed {
            guard let index = remaining.firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            remaining = remaining[(index + 1)...]
        }
        return true
    }

    /// The distance to a name or to its nearest word.
    private static func distance(_ typed: String, _ name: String) -> Int {
        ([name] + words(of: name).map(String.init)).map { EditDistance.between(typed, $0) }.min() ?? .max
    }
}
