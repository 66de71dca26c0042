import LedgerCore
import Testing

/// Each `when` key on its own: what it matches, what it refuses, and the reason it gives.
@Suite("RuleCondition")
struct RuleConditionTests {
    /// A card payment on Saturday 2024-10-19.
    static let coffee = RuleInput(
        account: "Card ••••4417", bookingDay: Day(year: 2024, month: 10, day: 19)!,
        amount: Money(minorUnits: 420, currency: .EUR), direction: .debit, description: "COFFEE CORNER 0412",
        memo: "Kartenzahlung girocard", payee: "Coffee Corner GmbH", format: "csv", mapping: "de-girokonto")

    /// A one-rule set with these `when` keys (JSON members), setting a category.
    func rules(_ when: String) throws -> RuleSet {
        try RuleSet(
            json: Array(#"{"rules": [{"id": "r", "when": {\#(when)}, "set": {"category": "X"}}]}"#.utf8), path: "r.json"
        )
    }

    func fires(_ when: String, _ input: RuleInput = coffee) throws -> Bool {
        let set = try rules(when)
        let reference = set.assignment(for: input)
        // The fast evaluator and the reference agree on every case here.
        #expect(set.makeEvaluator().assignment(for: input) == reference)
        return reference.ruleIDs == ["r"]
    }

    func reason(_ when: String, _ input: RuleInput = coffee) throws -> String? {
        try rules(when).rules.first?.mismatches(input).first
    }

    @Test("account matches the account's name exactly, or one of a list")
    func account() throws {
        #expect(try fires(#""account": "Card ••••4417""#))
        #expect(try fires(#""account": ["Checking", "Card ••••4417"]"#))
        #expect(try !fires(#""account": "card ••••4417""#))
        #expect(try reason(#""account": "Checking""#) == #"account is "Card ••••4417", expected "Checking""#)
    }

    @Test("description, payee and memo are regular expressions found anywhere, ignoring case by default")
    func textRegex() throws {
        #expect(try fires(#""description": "coffee""#))
        #expect(try fires(#""description": "^coffee corner \\d+$""#))
        #expect(try fires(#""payee": "gmbh$""#))
        #expect(try fires(#""memo": "girocard""#))
        #expect(try !fires(#""description": "^corner""#))
        #expect(try !fires(#""description": {"regex": "coffee", "caseSensitive": true}"#))
        #expect(try reason(#""memo": "^miete""#) == #"memo "Kartenzahlung girocard" doesn't match /^miete/i"#)
    }

    @Test("exact text must be the whole field; case is ignored unless caseSensitive")
    func textExact() throws {
        #expect(try fires(#""payee": {"exact": "coffee corner gmbh"}"#))
        #expect(try !fires(#""payee": {"exact": "Coffee Corner"}"#))
        #expect(try !fires(#""payee": {"exact": "coffee corner gmbh", "caseSensitive": true}"#))
        #expect(try fires(#""payee": {"exact": "Coffee Corner GmbH", "caseSensitive": true}"#))
    }

    @Test("a missing payee reads as empty text")
    func missingPayee() throws {
        var input = Self.coffee
        input.payee = nil
        #expect(try fires(#""payee": {"exact": ""}"#, input))
        #expect(try !fires(##""payee": ".""##, input))
    }

    @Test("amount bounds include both ends and compare exactly in the row's currency")
    func amount() throws {
        #expect(try fires(#""amount": {"min": "4.20", "max": "4.20"}"#))
        #expect(try fires(#""amount": {"max": 10}"#))
        #expect(try !fires(#""amount": {"min": "4.201"}"#))
        #expect(try fires(#""amount": {"max": "4.2000001"}"#))
        #expect(try !fires(#""amount": {"max": "4.19"}"#))
        var yen = Self.coffee
        yen.amount = Money(minorUnits: 1500, currency: Currency(code: "JPY")!)
        #expect(try fires(#""amount": {"min": "1500", "max": "1500.00"}"#, yen))
        #expect(try reason(#""amount": {"min": "5"}"#) == "amount is 4.20 EUR, below the minimum 5")
        #expect(try reason(#""amount": {"max": "1"}"#) == "amount is 4.20 EUR, above the maximum 1")
    }

    @Test("direction is credit or debit, never a sign")
    func direction() throws {
        #expect(try fires(#""direction": "debit""#))
        #expect(try reason(#""direction": "credit""#) == "direction is debit, expected credit")
    }

    @Test("currency is a code or a list of codes")
    func currency() throws {
        #expect(try fires(#""currency": ["USD", "EUR"]"#))
        #expect(try reason(#""currency": "USD""#) == #"currency is EUR, expected "USD""#)
    }

    @Test("weekday is the booking day's, by name")
    func weekday() throws {
        #expect(RuleCondition.weekday(of: Day(year: 1970, month: 1, day: 1)!) == 4)
        #expect(RuleCondition.weekday(of: Day(year: 2024, month: 10, day: 19)!) == 6)
        #expect(try fires(#""weekday": ["saturday", "Sunday"]"#))
        #expect(
            try reason(#""weekday": "monday""#) == #"weekday of 2024-10-19 is saturday, expected "monday""#)
    }

    @Test("dayOfMonth is the booking day's day, one or a list")
    func dayOfMonth() throws {
        #expect(try fires(#""dayOfMonth": 19"#))
        #expect(try fires(#""dayOfMonth": [1, 19, 31]"#))
        #expect(try reason(#""dayOfMonth": [1, 2]"#) == "day of month of 2024-10-19 is 19, expected 1, 2")
    }

    @Test("format and mapping are the adapter and CSV mapping that read the row")
    func formatAndMapping() throws {
        #expect(try fires(#""format": "csv", "mapping": "de-girokonto""#))
        #expect(try reason(#""format": "ofx""#) == #"format is csv, expected "ofx""#)
        var synced = Self.coffee
        synced.format = nil
        synced.mapping = nil
        #expect(try !fires(#""format": "csv""#, synced))
        #expect(try reason(#""mapping": "de-girokonto""#, synced)?.hasPrefix("mapping is none") == true)
    }

    @Test("no when at all matches every row")
    func noConditions() throws {
        let set = try RuleSet(json: Array(#"{"rules": [{"id": "all", "set": {"note": "n"}}]}"#.utf8), path: "r.json")
        #expect(set.assignment(for: Self.coffee).note == "n")
    }
}
