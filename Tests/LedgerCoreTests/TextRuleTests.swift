import LedgerCore
import Testing

private let here = SourceLocation(file: "feed.jsonl", line: 4, column: 3)

/// The one text rule every adapter's drafts follow: no NUL byte in any text field.
@Suite("TextRule")
struct TextRuleTests {
    private func draft(
        account: String = "Checking", description: String = "Coffee", memo: String = "", id: String? = nil
    )
        -> Draft
    {
        Draft(
            account: account, bookingDay: Day(year: 2024, month: 1, day: 2)!,
            amount: Money(minorUnits: 380, currency: .EUR), direction: .debit, description: description, memo: memo,
            externalID: id, location: here)
    }

    @Test("a NUL in the description, the memo, the account or the id fails validation at the draft, naming the field")
    func nulInDraft() {
        let cases: [(Draft, String)] = [
            (draft(description: "Cof\u{0}fee"), "the description"), (draft(memo: "\u{0}"), "the memo"),
            (draft(account: "Check\u{0}ing"), "the account name"), (draft(id: "T\u{0}1"), "the transaction id"),
        ]
        for (draft, field) in cases {
            #expect(throws: CoreError(.nulInText(field: field), at: here)) {
                try draft.validate(accountCurrency: nil)
            }
            let error = CoreError(.nulInText(field: field), at: here)
            #expect(error.description == "feed.jsonl:4:3: error: NUL byte in \(field); expected text")
        }
    }

    @Test("an account name known to pass (the importer's run of one account) is not checked again; the rest is")
    func accountNameChecked() throws {
        let named = draft(account: "Check\u{0}ing")
        #expect(throws: CoreError(.nulInText(field: "the account name"), at: here)) {
            try named.validate(accountCurrency: nil)
        }
        try named.validate(accountCurrency: nil, accountNameChecked: true)
        #expect(throws: CoreError(.missingField("an account name"), at: here)) {
            try draft(account: "").validate(accountCurrency: nil)
        }
        #expect(throws: CoreError(.nulInText(field: "the description"), at: here)) {
            try draft(description: "Cof\u{0}fee").validate(accountCurrency: nil, accountNameChecked: true)
        }
    }

    @Test("other control characters are text: kept, and shown visibly by the command line")
    func otherControls() throws {
        try draft(description: "\u{1B}[31mRED\u{7}\t", memo: "\u{1F}").validate(accountCurrency: .EUR)
        #expect(!TextRule.containsNUL("\u{1B}\u{7F}\u{9B}"))
        #expect(TextRule.containsNUL("a\u{0}"))
    }
}
