/// One golden case of a rules test file (`ledgerport rules test FILE`): a transaction's fields
/// and what the rules must set on it, in full (a field the case doesn't name must stay unset).
public struct RuleTestCase: Sendable, Hashable {
    /// The case's name, for messages.
    public let name: String
    public let input: RuleInput
    /// What the rules must set, with the ids of the rules that must fire.
    public let expected: RuleAssignment
    /// Where the case starts in its file.
    public let location: SourceLocation

    public init(name: String, input: RuleInput, expected: RuleAssignment, location: SourceLocation) {
        self.name = name
        self.input = input
        self.expected = expected
        self.location = location
    }

    /// The lines that differ between the expected result and what a rule set gave, `-` for the
    /// expected line and `+` for the one found, field by field; empty when they agree.
    public func differences(from found: RuleAssignment) -> [String] {
        var lines: [String] = []
        if expected.ruleIDs != found.ruleIDs {
            lines.append("- rules " + Self.shown(expected.ruleIDs))
            lines.append("+ rules " + Self.shown(found.ruleIDs))
        }
        for field in RuleField.allCases {
            let want = expected.text(of: field)
            let got = found.text(of: field)
            guard want != got else { continue }
            lines.append("- \(field.key) " + (want.map { "\"\($0)\"" } ?? "(not set)"))
            lines.append("+ \(field.key) " + (got.map { "\"\($0)\"" } ?? "(not set)"))
        }
        return lines
    }

    /// Reads a rules test file.
    ///
    /// - Throws: the first ``RuleError``, located.
    public static func cases(json bytes: [UInt8], path: String) throws(RuleError) -> [RuleTestCase] {
        let root: JSONValue
        do {
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            root = try JSONParser.parse(bytes, range: start..<max(start, bytes.count))
        } catch {
            throw RuleError(
                .invalid(error.reason), at: SourceLocation(file: path, line: error.line, column: error.column))
        }
        var reader = RuleFileReader(file: path)
        let cases = reader.testCases(from: root)
        if let first = reader.problems.min(by: {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }) {
            throw first
        }
        return cases
    }

    private static func shown(_ ids: [String]) -> String {
        ids.isEmpty ? "(none fired)" : ids.joined(separator: ", ")
    }
}

extension RuleFileReader {
    /// The cases of a rules test file's root object.
    mutating func testCases(from root: JSONValue) -> [RuleTestCase] {
        let top = members(root, "the rules test file", known: ["$schema", "$comment", "cases"])
        guard let list = top["cases"], case .array(let items) = list.kind else {
            if case .object = root.kind {
                problem(
                    "the rules test file has no list \"cases\"; expected [{\"transaction\": …, \"expect\": …}]",
                    at: root)
            }
            return []
        }
        var cases: [RuleTestCase] = []
        for (index, item) in items.enumerated() {
            let fields = members(item, "a case", known: ["name", "transaction", "expect", "$comment"])
            guard case .object = item.kind else { continue }
            let before = problems.count
            let name = string(fields["name"], "\"name\"") ?? "case \(index + 1)"
            guard let transaction = fields["transaction"] else {
                problem("case \"\(name)\" has no \"transaction\"; expected the transaction's fields", at: item)
                continue
            }
            guard let expect = fields["expect"] else {
                problem(
                    "case \"\(name)\" has no \"expect\"; expected what the rules set, e.g. {\"rules\": [\"groceries\"]}",
                    at: item)
                continue
            }
            let input = testInput(transaction)
            let expected = testExpectation(expect)
            guard problems.count == before, let input else { continue }
            cases.append(RuleTestCase(name: name, input: input, expected: expected, location: item.location(in: file)))
        }
        return cases
    }

    private mutating func testInput(_ value: JSONValue) -> RuleInput? {
        let fields = members(
            value, "\"transaction\"",
            known: [
                "account", "date", "amount", "currency", "direction", "description", "memo", "payee", "format",
                "mapping",
            ])
        guard case .object = value.kind else { return nil }
        for key in ["date", "amount", "currency", "direction", "description"] where fields[key] == nil {
            problem(
                "\"transaction\" has no \"\(key)\"; expected date, amount, currency, direction and description",
                at: value)
            return nil
        }
        guard let dayValue = fields["date"], let amountValue = fields["amount"], let codeValue = fields["currency"],
            let directionValue = fields["direction"], let dayText = string(dayValue, "\"date\""),
            let amountText = string(amountValue, "\"amount\""), let code = string(codeValue, "\"currency\""),
            let directionText = string(directionValue, "\"direction\""),
            let description = string(fields["description"], "\"description\"")
        else { return nil }
        guard let day = Day(iso: dayText) else {
            problem("\"date\" \(quotedExcerpt(dayText)) is not a day; expected YYYY-MM-DD", at: dayValue)
            return nil
        }
        guard let currency = Currency(code: code) else {
            problem("\"currency\" \(quotedExcerpt(code)) is not an ISO 4217 code; expected e.g. \"EUR\"", at: codeValue)
            return nil
        }
        guard let direction = Direction(rawValue: directionText) else {
            problem(
                "\"direction\" \(quotedExcerpt(directionText)) is not a direction; expected \"credit\" or \"debit\"",
                at: directionValue)
            return nil
        }
        let amount: Money
        do {
            let (parsed, sign) = try Money.parse(amountText, currency: currency, at: amountValue.location(in: file))
            guard sign == .credit else {
                problem(
                    "\"amount\" \(quotedExcerpt(amountText)) is negative; expected a positive amount beside its \"direction\"",
                    at: amountValue)
                return nil
            }
            amount = parsed
        } catch {
            problems.append(RuleError(.invalid(error.message), at: error.location))
            return nil
        }
        return RuleInput(
            account: string(fields["account"], "\"account\"") ?? "", bookingDay: day, amount: amount,
            direction: direction,
            description: description, memo: string(fields["memo"], "\"memo\"") ?? "",
            payee: string(fields["payee"], "\"payee\""), format: string(fields["format"], "\"format\""),
            mapping: string(fields["mapping"], "\"mapping\""))
    }

    private mutating func testExpectation(_ value: JSONValue) -> RuleAssignment {
        let fields = members(value, "\"expect\"", known: ["rules"] + RuleField.allCases.map(\.key))
        var result = RuleAssignment()
        if let rules = fields["rules"] {
            if case .array(let list) = rules.kind {
                result.ruleIDs = list.compactMap { string($0, "a rule id") }
            } else {
                problem(
                    "\"rules\" is \(rules.typeName); expected the ids of the rules that fire, e.g. [\"groceries\"]",
                    at: rules)
            }
        }
        for field in RuleField.allCases {
            guard let item = fields[field.key] else { continue }
            if case .null = item.kind { continue }
            if field == .tags {
                guard case .array(let list) = item.kind else {
                    problem("\"tags\" is \(item.typeName); expected a list of tags", at: item)
                    continue
                }
                result.tags = list.compactMap { string($0, "a tag") }
                continue
            }
            let text = string(item, "\"\(field.key)\"")
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
}
