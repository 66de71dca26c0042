import LedgerCore
import LedgerTestSupport
import Testing

/// Golden cases for `rules test`: read with locations, compared whole, differences shown as a diff.
@Suite("RuleTestCase")
struct RuleTestCaseTests {
    let household: RuleSet

    init() throws {
        household = try RuleSet(json: try Fixture.bytes("Rules/household.json"), path: "household.json")
    }

    @Test("every case of the household cases file gives what it expects")
    func passing() throws {
        let cases = try RuleTestCase.cases(json: try Fixture.bytes("Rules/household-cases.json"), path: "cases.json")
        #expect(cases.count == 3)
        for testCase in cases {
            #expect(testCase.differences(from: household.assignment(for: testCase.input)).isEmpty, "\(testCase.name)")
        }
    }

    @Test("a case that differs shows the expected line and the found one, field by field")
    func differing() throws {
        let cases = try RuleTestCase.cases(
            json: try Fixture.bytes("Rules/household-cases-wrong.json"), path: "wrong.json")
        let coffee = try #require(cases.last)
        #expect(coffee.location == SourceLocation(file: "wrong.json", line: 9, column: 5))
        #expect(
            coffee.differences(from: household.assignment(for: coffee.input)) == [
                #"- category "Coffee""#, #"+ category "Eating out""#, "- counterAccount (not set)",
                #"+ counterAccount "Expenses:Food:Coffee""#,
            ])
    }

    @Test("a field the case leaves out must stay unset")
    func wholeExpectation() throws {
        let text = """
            {"cases": [{"transaction": {"date": "2024-10-15", "amount": "2450.00", "currency": "USD",
              "direction": "credit", "description": "PAYROLL DEPOSIT", "account": "Checking"},
              "expect": {"rules": ["salary"], "category": "Income:Salary"}}]}
            """
        let testCase = try #require(try RuleTestCase.cases(json: Array(text.utf8), path: "t.json").first)
        #expect(
            testCase.differences(from: household.assignment(for: testCase.input)) == [
                "- payee (not set)", #"+ payee "ACME Widgets""#,
            ])
    }

    @Test("a bad case is refused at its place")
    func badCase() {
        let text = """
            {"cases": [{"transaction": {"date": "2024-13-01", "amount": "1", "currency": "EUR",
              "direction": "debit", "description": "x"}, "expect": {}}]}
            """
        #expect {
            try RuleTestCase.cases(json: Array(text.utf8), path: "t.json")
        } throws: { error in
            (error as? RuleError)?.description
                == #"t.json:1:37: error: "date" "2024-13-01" is not a day; expected YYYY-MM-DD"#
        }
    }
}
