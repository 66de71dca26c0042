import LedgerCore
import LedgerTestSupport
import Testing

/// Order: the first rule that matches wins, `continue` lets later rules add what it didn't set,
/// and the explanation names why each earlier rule didn't fire.
@Suite("RuleSet")
struct RuleSetTests {
    let household: RuleSet

    init() throws {
        household = try RuleSet(json: try Fixture.bytes("Rules/household.json"), path: "household.json")
    }

    func input(
        _ description: String, _ amount: Int64, _ direction: Direction, day: Int = 16, account: String = "Card",
        memo: String = "", payee: String? = nil
    ) -> RuleInput {
        RuleInput(
            account: account, bookingDay: Day(year: 2024, month: 10, day: day)!,
            amount: Money(minorUnits: amount, currency: .EUR), direction: direction, description: description,
            memo: memo,
            payee: payee, format: "csv", mapping: "paypal-activity")
    }

    @Test("the first matching rule wins: a later rule that also matches sets nothing")
    func firstMatchWins() throws {
        // Rent (memo "Miete …", on the 1st) also has an amount over 100, but big-purchase comes first.
        let result = household.assignment(for: input("Hausverwaltung", 115_000, .debit, day: 1, memo: "Miete Oktober"))
        #expect(result.ruleIDs == ["big-purchase"])
        #expect(result.category == "Large")
    }

    @Test("continue lets a later rule add only what the earlier one left unset")
    func continueAdds() throws {
        let result = household.assignment(for: input("AMZN Mktp DE", 12_999, .debit))
        #expect(result.ruleIDs == ["amazon", "big-purchase"])
        // amazon's category and tags stand; big-purchase adds its note only.
        #expect(result.category == "Shopping")
        #expect(result.tags == ["online"])
        #expect(result.note == "check the receipt")
    }

    @Test("a rule with continue that is the last match still gives its own values")
    func continueWithoutLaterMatch() throws {
        let result = household.assignment(for: input("amazon.de order", 1_999, .debit))
        #expect(result == RuleAssignment(ruleIDs: ["amazon"], category: "Shopping", payee: "Amazon", tags: ["online"]))
    }

    @Test("no matching rule sets nothing")
    func noMatch() throws {
        #expect(household.assignment(for: input("Coffee Corner", 380, .debit)).isEmpty)
    }

    @Test("the explanation names each rule before the one that fired, with the key that failed and its value")
    func explanation() throws {
        let explanation = household.explanation(for: input("COFFEE CORNER", 420, .debit, day: 19))
        #expect(explanation.steps.map(\.rule.id) == ["salary", "amazon", "big-purchase", "weekend-coffee"])
        guard case .skipped(let salary) = explanation.steps[0].outcome,
            case .skipped(let big) = explanation.steps[2].outcome,
            case .fired(let coffee) = explanation.steps[3].outcome
        else {
            Issue.record("unexpected outcomes: \(explanation.steps.map(\.outcome))")
            return
        }
        #expect(
            salary == [
                #"description "COFFEE CORNER" doesn't match /^PAYROLL DEPOSIT/i"#,
                "direction is debit, expected credit",
                #"account is "Card", expected "Checking""#,
            ])
        #expect(big == ["amount is 4.20 EUR, below the minimum 100.00"])
        #expect(coffee.category == "Eating out")
        #expect(explanation.assignment.ruleIDs == ["weekend-coffee"])
    }

    @Test("with continue, the explanation shows what the later rule added, not what it would have set")
    func explanationOfContinue() throws {
        let explanation = household.explanation(for: input("AMZN Mktp DE", 12_999, .debit))
        guard case .fired(let added) = explanation.steps.last?.outcome else {
            Issue.record("the last step didn't fire")
            return
        }
        #expect(added == RuleAssignment(note: "check the receipt"))
    }

    @Test("after a rule with continue, the explanation lists the later rules tried that didn't match")
    func explanationAfterContinue() throws {
        let explanation = household.explanation(for: input("amazon.de order", 1_999, .debit))
        #expect(explanation.assignment.ruleIDs == ["amazon"])
        #expect(
            explanation.steps.map(\.rule.id) == [
                "salary", "amazon", "big-purchase", "weekend-coffee", "rent", "paypal-fees",
            ])
        guard case .skipped(let big) = explanation.steps[2].outcome else {
            Issue.record("big-purchase fired")
            return
        }
        #expect(big == ["amount is 19.99 EUR, below the minimum 100.00"])
    }

    @Test("the fast evaluator gives the reference answer on every combination of the fixture's keys")
    func evaluatorAgrees() throws {
        let evaluator = household.makeEvaluator()
        let descriptions = [
            "PAYROLL DEPOSIT ACME", "payroll deposit", "AMZN Mktp", "www.amazon.de", "amazonXde", "Coffee", "REWE",
            "", "Zahlung an PAYROLL DEPOSIT",
        ]
        for description in descriptions {
            for amount: Int64 in [0, 999, 1_000, 1_001, 9_999, 10_000, 250_000] {
                for direction in Direction.allCases {
                    for day in [1, 3, 19, 20] {
                        for account in ["Checking", "Card"] {
                            for memo in ["", "Miete Okt", "x miete"] {
                                for payee: String? in [nil, "PayPal", "paypal inc"] {
                                    let row = input(
                                        description, amount, direction, day: day, account: account, memo: memo,
                                        payee: payee)
                                    #expect(evaluator.assignment(for: row) == household.assignment(for: row), "\(row)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
