import Testing

@testable import LedgerCore

@Suite("Split lines")
struct SplitLineTests {
    private let location = SourceLocation(file: "a.qif", line: 7, column: 1)

    private func draft(_ signed: Int64, splits: [(String?, Int64)], currency: Currency = .USD) -> Draft {
        let (money, direction) = Money.fromSigned(signed, currency: .USD)!
        return Draft(
            account: "Checking", bookingDay: Day(iso: "2024-01-31")!, amount: money, direction: direction,
            description: "Corner Market", category: "Groceries",
            splits: splits.map { category, units in
                let (part, partDirection) = Money.fromSigned(units, currency: currency)!
                return SplitLine(category: category, memo: "", amount: part, direction: partDirection)
            }, location: location)
    }

    @Test("split lines that add up to the amount pass, a refund line among them included")
    func addingUp() throws {
        try draft(-10_000, splits: [("Groceries", -6_000), ("Household", -5_000), ("Refund", 1_000)])
            .validate(accountCurrency: .USD)
        #expect(draft(-10_000, splits: [("Groceries", -6_000)]).splits.first?.signedMinorUnits == -6_000)
    }

    @Test("split lines that don't add up to the amount are refused at the draft, naming both sums")
    func notAddingUp() {
        #expect(throws: CoreError.self) {
            try draft(-10_000, splits: [("Groceries", -6_000), ("Household", -3_000)]).validate(accountCurrency: .USD)
        }
        do {
            try draft(-10_000, splits: [("Groceries", -6_000), ("Household", -3_000)]).validate(accountCurrency: .USD)
        } catch {
            #expect(error.location == location)
            #expect(error.message == "the split lines add up to -90.00; expected the transaction's amount -100.00")
        }
    }

    @Test("a split line in another currency is refused")
    func otherCurrency() {
        #expect(throws: CoreError.self) {
            try draft(-10_000, splits: [(nil, -10_000)], currency: .EUR).validate(accountCurrency: .USD)
        }
    }

    @Test("a NUL byte in a category or a split's category is refused")
    func nulInCategory() {
        #expect(throws: CoreError.self) {
            try draft(-100, splits: [("Gro\u{0}ceries", -100)]).validate(accountCurrency: .USD)
        }
        let nul = Draft(
            account: "Checking", bookingDay: Day(iso: "2024-01-31")!, amount: Money(minorUnits: 1, currency: .USD),
            direction: .debit, description: "x", category: "a\u{0}b", location: location)
        #expect(throws: CoreError.self) { try nul.validate(accountCurrency: .USD) }
    }

    @Test("the category and split lines are no part of the fingerprint")
    func notIdentity() {
        #expect(draft(-100, splits: [("A", -100)]).fingerprint == draft(-100, splits: []).fingerprint)
    }
}
