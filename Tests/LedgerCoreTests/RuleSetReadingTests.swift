import LedgerCore
import LedgerTestSupport
import Testing

/// A bad rules file is refused when it is read, with every problem at its line and column.
@Suite("RuleSet reading")
struct RuleSetReadingTests {
    func problems(_ fixture: String) throws -> [String] {
        RuleSet.problems(json: try Fixture.bytes("Rules/\(fixture)"), path: fixture).map(\.description)
    }

    func problems(text: String) -> [String] {
        RuleSet.problems(json: Array(text.utf8), path: "rules.json").map(\.description)
    }

    @Test("the household fixture reads whole, in file order, with each rule's location")
    func reads() throws {
        let set = try RuleSet(json: try Fixture.bytes("Rules/household.json"), path: "household.json")
        #expect(set.rules.map(\.id) == ["salary", "amazon", "big-purchase", "weekend-coffee", "rent", "paypal-fees"])
        #expect(set.rules[0].location == SourceLocation(file: "household.json", line: 3, column: 5))
        #expect(set.rules[1].continues)
        #expect(set.rules[0].conditions.map(\.key) == ["description", "direction", "account"])
    }

    @Test("a regular expression that doesn't compile is an error at load, at the pattern")
    func badRegex() throws {
        let found = try problems("bad-regex.json")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                #"bad-regex.json:10:32: error: "description" "[unclosed" doesn't compile as a regular expression"#)
                == true)
        #expect(throws: RuleError.self) {
            try RuleSet(json: try Fixture.bytes("Rules/bad-regex.json"), path: "bad-regex.json")
        }
    }

    @Test("unknown keys, bad values and a repeated id are each reported at their place")
    func badKeys() throws {
        #expect(
            try problems("bad-keys.json") == [
                #"bad-keys.json:5:17: error: unknown key "descripton" in "when"; expected one of "account", "description", "payee", "memo", "amount", "direction", "currency", "weekday", "dayOfMonth", "format", "mapping""#,
                #"bad-keys.json:5:52: error: "direction" "out" is not a direction; expected "credit" or "debit""#,
                #"bad-keys.json:6:41: error: unknown key "colour" in "set"; expected one of "category", "payee", "note", "tags", "counterAccount""#,
                #"bad-keys.json:10:36: error: "min" "-5" is not an amount; expected digits with at most one '.', no sign (use "direction" for money in or out)"#,
                #"bad-keys.json:10:55: error: "weekday" "funday" is not a weekday; expected one of monday, tuesday, wednesday, thursday, friday, saturday, sunday"#,
                #"bad-keys.json:10:79: error: "dayOfMonth" is the number 32; expected a day from 1 to 31, or a list of them"#,
                #"bad-keys.json:11:25: error: tag "has space" is not a tag; expected a letter or digit, then letters, digits, '_', '.', '/' or '-'"#,
                #"bad-keys.json:13:5: error: a rule has no "id"; expected a name such as "groceries""#,
                #"bad-keys.json:14:29: error: "currency" "eur" is not a currency code; expected upper case, e.g. "EUR""#,
            ])
    }

    @Test("a second rule with the same id is refused at the second")
    func duplicateID() {
        let text = """
            {"rules": [
              {"id": "a", "set": {"category": "A"}},
              {"id": "a", "set": {"category": "B"}}
            ]}
            """
        #expect(
            problems(text: text) == [
                #"rules.json:3:3: error: rule id "a" is used twice (first at rules.json:2:3); expected each id once"#
            ])
    }

    @Test("JSON that doesn't parse is located by the parser")
    func badJSON() {
        let found = problems(text: "{\"rules\": [\n  {\"id\": \"a\",, }\n]}")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("rules.json:2:14: error: ") == true)
    }

    @Test("a rule without set, an amount with min above max, and a file without rules are refused")
    func missingParts() {
        #expect(
            problems(text: "{}") == [#"rules.json:1:1: error: the rules file has no "rules"; expected a list of rules"#]
        )
        let text = #"{"rules": [{"id": "a", "when": {"amount": {"min": "10", "max": "9.99"}}}]}"#
        #expect(
            problems(text: text) == [
                #"rules.json:1:12: error: rule "a" has no "set"; expected the values it sets, e.g. {"category": "Groceries"}"#,
                #"rules.json:1:43: error: "amount" has "min" 10 above "max" 9.99; expected min ≤ max"#,
            ])
    }
}
