extension CSVMapping {
    /// The columns that `"rules"`, `"set"` and `"extract"` name (for `mappings check`).
    var ruleColumns: [ColumnReference] {
        var settings = self.settings.map { [$0] } ?? []
        var references = extractions.map(\.column)
        for rule in rules {
            references += rule.conditions.compactMap(\.column)
            if case .set(let set) = rule.action { settings.append(set) }
        }
        for set in settings {
            for template in [set.description, set.memo, set.account] { references += template?.columns ?? [] }
        }
        return references
    }
}
