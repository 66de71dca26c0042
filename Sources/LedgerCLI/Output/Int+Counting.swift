extension Int {
    /// The count with its noun, singular for one: `1 batch`, `2 batches`, `0 rows`.
    ///
    /// The plural adds `es` after s, x, ch and sh, turns a final consonant + y into `ies`, else
    /// adds `s`; pass `plural` for any other word.
    ///
    ///     3.counting("batch")   // "3 batches"
    ///     1.counting("row")     // "1 row"
    func counting(_ noun: String, plural: String? = nil) -> String {
        "\(self) \(self == 1 ? noun : plural ?? Self.plural(of: noun))"
    }

    private static func plural(of noun: String) -> String {
        if ["s", "x", "ch", "sh"].contains(where: { noun.hasSuffix($0) }) { return noun + "es" }
        if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
            return noun.dropLast() + "ies"
        }
        return noun + "s"
    }
}
