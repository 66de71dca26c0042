import Foundation
import LedgerCore
import Testing

@testable import LedgerCLI
@testable import LedgerStore

/// `transactions --json` writes each row straight into the listing's text; it must be the text
/// the JSON value of the row renders, byte for byte.
@Suite("transactions --json rows written in place")
struct TransactionJSONTests {
    static let eur = Currency(code: "EUR")!

    static let rows: [StoredTransaction] = [
        StoredTransaction(
            id: 1, account: "Checking", bookingDay: Day(iso: "2024-03-01")!, transactionDay: nil,
            amount: Money(minorUnits: 1234, currency: eur), direction: .debit, description: "Coffee \"Corner\"\n",
            memo: "", payee: nil, category: nil, status: .booked, externalID: nil, statementBalance: nil,
            location: nil),
        StoredTransaction(
            id: 42, account: "Café ••••1234", bookingDay: Day(iso: "2024-12-31")!,
            transactionDay: Day(iso: "2024-12-30"), amount: Money(minorUnits: 5, currency: eur), direction: .credit,
            description: "Refund\\", memo: "tab\there", payee: "Shop", category: "Groceries",
            splits: [
                SplitLine(
                    category: "Food", memo: "a", amount: Money(minorUnits: 3, currency: eur), direction: .credit),
                SplitLine(category: nil, memo: "", amount: Money(minorUnits: 2, currency: eur), direction: .credit),
            ],
            status: .pending, externalID: "FIT-9", statementBalance: nil, location: nil),
    ]

    @Test("each row's text is the JSON value's, indented as in the listing")
    func sameText() {
        for row in Self.rows {
            var direct = ""
            ReportJSON.appendTransaction(row, to: &direct)
            var rendered = "  "
            ReportJSON.transaction(row).write(to: &rendered, indent: "  ")
            #expect(direct == rendered)
        }
    }
}
