/// Walks a rules file's JSON, building the rules and collecting every problem with its location.
struct RuleFileReader: JSONFileReading {
    let file: String
    var problems: [RuleError] = []

    init(file: String) {
        self.file = file
    }

    /// The rules of the file's root object.
    mutating func rules(from root: JSONValue) -> [Rule] {
        let top = members(root, "the rules file", known: ["$schema", "$comment", "rules"])
        guard let list = top["rules"] else {
            if case .object = root.kind {
                problem("the rules file has no \"rules\"; expected a list of rules", at: root)
            }
            return []
        }
        guard case .array(let items) = list.kind else {
            problem("\"rules\" is \(list.typeName); expected a list of rules", at: list)
            return []
        }
        var seen: [String: SourceLocation] = [:]
        var rules: [Rule] = []
        for item in items {
            guard let rule = rule(from: item) else { continue }
            if let first = seen[rule.id] {
                problem(
                    "rule id \"\(rule.id)\" is used twice (first at \(first)); expected each id once", at: rule.location
                )
                continue
            }
            seen[rule.id] = rule.location
            rules.append(rule)
        }
        return rules
    }

    // MARK: - Private

    private mutating func rule(from value: JSONValue) -> Rule? {
        let fields = members(value, "a rule", known: ["id", "when", "set", "continue", "$comment"])
        guard case .object = value.kind else { return nil }
        let before = problems.count
        var id = ""
        if let idValue = fields["id"] {
            if let text = string(idValue, "\"id\"") {
                if Self.isRuleID(text) {
                    id = text
                } else {
                    problem(
                        "\"id\" \(quotedExcerpt(text)) is not a rule id; expected a letter or digit, then letters, "
                            + "digits, '_', '.' or '-'", at: idValue)
                }
            }
        } else {
            problem("a rule has no \"id\"; expected a name such as \"groceries\"", at: value)
        }
        var conditions: [RuleCondition] = []
        if let when = fields["when"] {
            let keys = members(when, "\"when\"", known: RuleSet.conditionKeys)
            if case .object(let list) = when.kind {
                for member in list {
                    guard let item = keys[member.key], let condition = condition(member.key, item) else { continue }
                    conditions.append(condition)
                }
            }
        }
        var values = RuleAssignment()
        if let set = fields["set"] {
            values = assignment(from: set)
        } else {
            problem(
                "rule \"\(id)\" has no \"set\"; expected the values it sets, e.g. {\"category\": \"Groceries\"}",
                at: value)
        }
        let continues = bool(fields["continue"], "\"continue\"") ?? false
        guard problems.count == before else { return nil }
        return Rule(
            id: id, conditions: conditions, values: values, continues: continues, location: value.location(in: file))
    }

    private mutating func condition(_ key: String, _ value: JSONValue) -> RuleCondition? {
        switch key {
        case "account":
            return names(value, "\"account\"", expecting: "an account name").map(RuleCondition.account)
        case "description", "payee", "memo":
            guard let field = RuleTextField(rawValue: key), let pattern = pattern(value, key) else { return nil }
            return .text(field, pattern)
        case "amount":
            return amount(value)
        case "direction":
            guard let text = string(value, "\"direction\"") else { return nil }
            guard let direction = Direction(rawValue: text) else {
                problem(
                    "\"direction\" \(quotedExcerpt(text)) is not a direction; expected \"credit\" or \"debit\"",
                    at: value)
                return nil
            }
            return .direction(direction)
        case "currency":
            guard let codes = names(value, "\"currency\"", expecting: "a currency code") else { return nil }
            for code in codes where code != code.uppercased() || code.isEmpty {
                problem(
                    "\"currency\" \(quotedExcerpt(code)) is not a currency code; expected upper case, e.g. \"EUR\"",
                    at: value)
                return nil
            }
            return .currency(codes)
        case "weekday":
            guard let days = names(value, "\"weekday\"", expecting: "a weekday") else { return nil }
            var numbers: [Int] = []
            for day in days {
                guard let index = RuleCondition.weekdayNames.firstIndex(of: day.lowercased()) else {
                    problem(
                        "\"weekday\" \(quotedExcerpt(day)) is not a weekday; expected one of "
                            + RuleCondition.weekdayNames.joined(separator: ", "), at: value)
                    return nil
                }
                numbers.append(index + 1)
            }
            return .weekday(numbers)
        case "dayOfMonth":
            let items: [JSONValue]
            if case .array(let list) = value.kind { items = list } else { items = [value] }
            var days: [Int] = []
            for item in items {
                guard case .number(let text) = item.kind, let day = Int(text), (1...31).contains(day) else {
                    problem(
                        "\"dayOfMonth\" is \(item.summary); expected a day from 1 to 31, or a list of them", at: item)
                    return nil
                }
                days.append(day)
            }
            if days.isEmpty {
                problem("\"dayOfMonth\" is an empty list; expected at least one day from 1 to 31", at: value)
                return nil
            }
            return .dayOfMonth(days)
        case "format":
            return names(value, "\"format\"", expecting: "a format id such as \"csv\"").map(RuleCondition.format)
        case "mapping":
            return names(value, "\"mapping\"", expecting: "a mapping name").map(RuleCondition.mapping)
        default:
            return nil
        }
    }

    /// A text key: a string is a regular expression; an object says `regex` or `exact` and
    /// may say `caseSensitive`.
    private mutating func pattern(_ value: JSONValue, _ key: String) -> TextPattern? {
        var kind = TextPattern.Kind.regex
        var source: String
        var sourceValue = value
        var caseSensitive = false
        switch value.kind {
        case .string(let text):
            source = text
        case .object:
            let fields = members(value, "\"\(key)\"", known: ["regex", "exact", "caseSensitive"])
            caseSensitive = bool(fields["caseSensitive"], "\"caseSensitive\"") ?? false
            switch (fields["regex"], fields["exact"]) {
            case (let regex?, nil):
                guard let text = string(regex, "\"regex\"") else { return nil }
                source = text
                sourceValue = regex
            case (nil, let exact?):
                guard let text = string(exact, "\"exact\"") else { return nil }
                source = text
                sourceValue = exact
                kind = .exact
            default:
                problem(
                    "\"\(key)\" needs one of \"regex\" or \"exact\"; expected e.g. {\"exact\": \"REWE\"}", at: value)
                return nil
            }
        default:
            problem(
                "\"\(key)\" is \(value.typeName); expected a regular expression as a string, or {\"regex\": …} "
                    + "or {\"exact\": …}", at: value)
            return nil
        }
        if source.utf8.contains(0) {
            problem("\"\(key)\" holds a NUL character; expected text", at: sourceValue)
            return nil
        }
        do {
            return try TextPattern(kind, source, caseSensitive: caseSensitive)
        } catch {
            problem(
                "\"\(key)\" \(quotedExcerpt(source)) doesn't compile as a regular expression\(error.reason); expected "
                    + "ICU syntax such as \"^REWE\" or \"amazon\\\\.de\" (write {\"exact\": …} for plain text)",
                at: sourceValue)
            return nil
        }
    }

    private mutating func amount(_ value: JSONValue) -> RuleCondition? {
        let fields = members(value, "\"amount\"", known: ["min", "max"])
        guard case .object = value.kind else { return nil }
        var bounds: [String: RuleAmountBound] = [:]
        for key in ["min", "max"] {
            guard let item = fields[key] else { continue }
            let text: String
            switch item.kind {
            case .string(let found), .number(let found): text = found
            default:
                problem("\"\(key)\" is \(item.typeName); expected an amount such as \"12.50\"", at: item)
                continue
            }
            guard let bound = RuleAmountBound(text) else {
                problem(
                    "\"\(key)\" \(quotedExcerpt(text)) is not an amount; expected digits with at most one '.', no sign "
                        + "(use \"direction\" for money in or out)", at: item)
                continue
            }
            bounds[key] = bound
        }
        if bounds.isEmpty {
            if fields["min"] == nil && fields["max"] == nil {
                problem("\"amount\" has neither \"min\" nor \"max\"; expected at least one", at: value)
            }
            return nil
        }
        if let min = bounds["min"], let max = bounds["max"],
            max.compare(minorUnits: min.significand, minorDigits: min.fractionDigits) > 0
        {
            problem("\"amount\" has \"min\" \(min) above \"max\" \(max); expected min ≤ max", at: value)
            return nil
        }
        return .amount(min: bounds["min"], max: bounds["max"])
    }

    private mutating func assignment(from value: JSONValue) -> RuleAssignment {
        let fields = members(value, "\"set\"", known: RuleField.allCases.map(\.key))
        var result = RuleAssignment()
        for field in RuleField.allCases {
            guard let item = fields[field.key] else { continue }
            if field == .tags {
                guard case .array(let list) = item.kind else {
                    problem("\"tags\" is \(item.typeName); expected a list of tags such as [\"food\"]", at: item)
                    continue
                }
                var tags: [String] = []
                for tag in list {
                    guard let text = string(tag, "a tag") else { continue }
                    guard Self.isTag(text) else {
                        problem(
                            "tag \(quotedExcerpt(text)) is not a tag; expected a letter or digit, then letters, digits, "
                                + "'_', '.', '/' or '-'", at: tag)
                        continue
                    }
                    tags.append(text)
                }
                result.tags = tags
                continue
            }
            guard let text = string(item, "\"\(field.key)\"") else { continue }
            guard !text.isEmpty, !text.utf8.contains(0), !text.contains(where: \.isNewline) else {
                problem("\"\(field.key)\" \(quotedExcerpt(text)) is not a value; expected one line of text", at: item)
                continue
            }
            switch field {
            case .category: result.category = text
            case .payee: result.payee = text
            case .note: result.note = text
            case .counterAccount: result.counterAccount = text
            case .tags: break
            }
        }
        return result
    }

    /// One name or a non-empty list of them.
    private mutating func names(_ value: JSONValue, _ what: String, expecting expected: String) -> [String]? {
        switch value.kind {
        case .string(let text):
            return [text]
        case .array(let list) where !list.isEmpty:
            var result: [String] = []
            for item in list {
                guard let text = string(item, what) else { return nil }
                result.append(text)
            }
            return result
        default:
            problem("\(what) is \(value.summary); expected \(expected) or a list of them", at: value)
            return nil
        }
    }

    static func isRuleID(_ text: String) -> Bool {
        guard let first = text.utf8.first, isAlphanumeric(first), text.utf8.count <= 64 else { return false }
        return text.utf8.allSatisfy {
            isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
        }
    }

    static func isTag(_ text: String) -> Bool {
        guard let first = text.utf8.first, isAlphanumeric(first) else { return false }
        return text.utf8.allSatisfy {
            isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/")
                || $0 == UInt8(ascii: "-")
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte &- 0x30 < 10) || (byte | 0x20) &- 0x61 < 26
    }

    mutating func problem(_ text: String, at location: SourceLocation) {
        problems.append(RuleError(.invalid(text), at: location))
    }
}
