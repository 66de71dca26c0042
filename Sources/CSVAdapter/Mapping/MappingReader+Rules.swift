import Foundation
import LedgerCore

/// Reading `"rules"`, `"set"` and `"extract"` (docs/mappings.md, "Rules", "Set fields", "Extract").
extension MappingReader {
    mutating func readRules(_ value: JSONValue, into mapping: inout CSVMapping) {
        guard case .array(let list) = value.kind else {
            problem("\"rules\" is \(value.typeName); expected an array of rules", at: value)
            return
        }
        for ruleValue in list {
            let fields = members(ruleValue, "a rule", known: ["if", "skip", "set"])
            var conditions: [RowCondition] = []
            if let test = fields["if"] {
                if case .array(let tests) = test.kind {
                    conditions = tests.compactMap { condition($0) }
                } else if let one = condition(test) {
                    conditions = [one]
                }
            }
            let skips = bool(fields["skip"], "\"skip\"") ?? false
            switch (skips, fields["set"]) {
            case (true, nil):
                mapping.rules.append(RowRule(conditions: conditions, action: .skip))
            case (false, let set?):
                if let settings = settings(set, "a rule's \"set\"") {
                    mapping.rules.append(RowRule(conditions: conditions, action: .set(settings)))
                }
            case (true, .some):
                problem("a rule both skips and sets; expected \"skip\": true or \"set\", not both", at: ruleValue)
            case (false, nil):
                problem("a rule does nothing; expected \"skip\": true or \"set\": {...}", at: ruleValue)
            }
        }
    }

    /// A `"set"` object: fields given a value whatever the columns say.
    mutating func settings(_ value: JSONValue, _ what: String) -> FieldSettings? {
        let fields = members(
            value, what, known: ["description", "memo", "direction", "negate", "status", "account", "currency"])
        var settings = FieldSettings()
        settings.description = template(fields["description"], "\"description\"")
        settings.memo = template(fields["memo"], "\"memo\"")
        settings.account = template(fields["account"], "\"account\"")
        if let word = string(fields["direction"], "\"direction\""), let at = fields["direction"] {
            switch word {
            case "debit": settings.direction = .debit
            case "credit": settings.direction = .credit
            default: problem("\"direction\" \"\(word)\" is not known; expected \"debit\" or \"credit\"", at: at)
            }
        }
        settings.negatesAmount = bool(fields["negate"], "\"negate\"") ?? false
        if settings.negatesAmount, settings.direction != nil, let at = fields["negate"] {
            problem("\"negate\" with \"direction\": the direction already decides; expected one of them", at: at)
        }
        if let word = string(fields["status"], "\"status\""), let at = fields["status"] {
            settings.status = TransactionStatus(rawValue: word)
            if settings.status == nil {
                problem("\"status\" \"\(word)\" is not known; expected \"booked\" or \"pending\"", at: at)
            }
        }
        if let code = string(fields["currency"], "\"currency\""), let at = fields["currency"] {
            settings.currency = currency(code, at: at)
        }
        return settings
    }

    mutating func readExtractions(_ value: JSONValue, into mapping: inout CSVMapping) {
        guard case .array(let list) = value.kind else {
            problem("\"extract\" is \(value.typeName); expected an array of {\"column\", \"pattern\"}", at: value)
            return
        }
        var ignored: Set<String> = []
        for item in list {
            let fields = members(item, "an \"extract\"", known: ["column", "pattern", "caseSensitive"])
            let reference = column(fields["column"], "\"extract\" \"column\"", optional: &ignored)
            let caseSensitive = bool(fields["caseSensitive"], "\"caseSensitive\"") ?? false
            let compiled = regex(fields["pattern"], "\"extract\" \"pattern\"", caseSensitive: caseSensitive)
            guard let reference, let (pattern, source) = compiled else {
                if fields["column"] == nil || fields["pattern"] == nil {
                    problem("an \"extract\" needs \"column\" and \"pattern\"", at: item)
                }
                continue
            }
            if mapping.extractions.contains(where: { $0.column == reference }) {
                problem("column \(reference) is extracted twice; expected one pattern per column", at: item)
            }
            mapping.extractions.append(CellExtraction(column: reference, pattern: pattern, source: source))
        }
    }

    // MARK: - Pieces

    private mutating func condition(_ value: JSONValue) -> RowCondition? {
        let fields = members(
            value, "a condition", known: ["column", "matches", "caseSensitive", "equals", "exists", "width"])
        guard case .object = value.kind else { return nil }
        var ignored: Set<String> = []
        let reference = column(fields["column"], "a condition's \"column\"", optional: &ignored)
        let tests = ["matches", "equals", "exists", "width"].filter { fields[$0] != nil }
        guard tests.count == 1, let name = tests.first, let testValue = fields[name] else {
            problem(
                "a condition needs one test; expected one of \"matches\", \"equals\", \"exists\" or \"width\"",
                at: value)
            return nil
        }
        if name != "width", reference == nil, fields["column"] != nil { return nil }
        switch name {
        case "matches":
            let caseSensitive = bool(fields["caseSensitive"], "\"caseSensitive\"") ?? false
            guard let (pattern, _) = regex(testValue, "\"matches\"", caseSensitive: caseSensitive) else { return nil }
            return RowCondition(column: reference, test: .matches(pattern))
        case "equals":
            guard let text = string(testValue, "\"equals\"") else { return nil }
            return RowCondition(column: reference, test: .equals(text))
        case "exists":
            guard let flag = bool(testValue, "\"exists\"") else { return nil }
            guard let reference else {
                problem("\"exists\" needs a \"column\"", at: value)
                return nil
            }
            return RowCondition(column: reference, test: .exists(flag))
        default:
            if fields["column"] != nil {
                problem("\"width\" tests the whole row; expected no \"column\"", at: value)
            }
            return widthCondition(testValue)
        }
    }

    /// `"width": 13` or `"width": {"min": 1, "max": 16}`.
    private mutating func widthCondition(_ value: JSONValue) -> RowCondition? {
        if case .number = value.kind {
            guard let count = integer(value, "\"width\"") else { return nil }
            return RowCondition(column: nil, test: .width(min: count, max: count))
        }
        let bounds = members(value, "\"width\"", known: ["min", "max"])
        let low = integer(bounds["min"], "\"width\" \"min\"")
        let high = integer(bounds["max"], "\"width\" \"max\"")
        if case .object = value.kind, low == nil, high == nil {
            problem("\"width\" has no bound; expected a number, or \"min\" and/or \"max\"", at: value)
            return nil
        }
        if let low, let high, low > high {
            problem("\"width\" \"min\" \(low) is above \"max\" \(high); expected min ≤ max", at: value)
        }
        return RowCondition(column: nil, test: .width(min: low, max: high))
    }

    private mutating func template(_ value: JSONValue?, _ what: String) -> FieldTemplate? {
        guard let value, let text = string(value, what) else { return nil }
        switch FieldTemplate.parse(text) {
        case .success(let template): return template
        case .failure(let failure):
            problem("\(what) template \"\(text)\": \(failure.text) (at character \(failure.offset + 1))", at: value)
            return nil
        }
    }

    private mutating func regex(_ value: JSONValue?, _ what: String, caseSensitive: Bool)
        -> (NSRegularExpression, String)?
    {
        guard let value, let text = string(value, what) else { return nil }
        guard !text.isEmpty else {
            problem("\(what) is empty; expected a regular expression", at: value)
            return nil
        }
        do {
            let pattern = try NSRegularExpression(pattern: text, options: caseSensitive ? [] : [.caseInsensitive])
            return (pattern, text)
        } catch {
            problem(
                "\(what) \"\(text)\" is not a regular expression; expected ICU syntax such as \"[0-9.,]+\"", at: value)
            return nil
        }
    }
}
