import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedAccountBalance")
struct FeedAccountBalanceTests {
    private func balance(_ current: String, currency: String = "EUR") -> String {
        #"{"id":"B1","accountID":"A1","currencyCode":"\#(currency)","currentBalance":\#(current)}"#
    }

    private func one(_ amount: String, _ indicator: String, date: String = "2024-01-31T22:59:59Z") -> String {
        #"{"amount":{"amount":"\#(amount)","currencyCode":"EUR"},"asOfDate":"\#(date)","creditDebitIndicator":"\#(indicator)"}"#
    }

    private func decode(_ text: String) throws -> FeedAccountBalance? {
        guard
            case .balances(let changes) = try decodeBatch(FeedJSONText.batch(stream: "balances", inserted: [text]))
                .changes
        else { return nil }
        return changes.inserted.first
    }

    @Test("a booked balance is a ledger statement balance at the end of its day")
    func booked() throws {
        let read = try #require(try decode(balance(#"{"booked":\#(one("2745.70", "credit"))}"#)))
        let statements = read.statementBalances(accountName: "A1", kind: .asset)
        #expect(statements.count == 1)
        #expect(statements[0].kind == .ledger)
        #expect(statements[0].signedMinorUnits == 274_570)
        #expect(statements[0].asOf == Day(year: 2024, month: 1, day: 31))
    }

    @Test("an available balance is kept as an available statement balance, never a ledger one")
    func available() throws {
        let read = try #require(try decode(balance(#"{"available":\#(one("10.00", "credit"))}"#)))
        #expect(read.statementBalances(accountName: "A1", kind: .asset).map(\.kind) == [.available])
    }

    @Test("available and booked together give both balances")
    func both() throws {
        let text = balance(
            #"{"availableAndBooked":{"available":\#(one("2976.10", "credit")),"booked":\#(one("23.90", "debit"))}}"#)
        let read = try #require(try decode(text))
        let statements = read.statementBalances(accountName: "L1", kind: .liability)
        #expect(statements.map(\.kind) == [.ledger, .available])
        #expect(statements.map(\.signedMinorUnits) == [-2390, 297_610])
    }

    @Test("a current balance with no shape or two shapes is refused")
    func badShape() {
        let empty = batchError(FeedJSONText.batch(stream: "balances", inserted: [balance("{}")]))
        #expect(empty?.jsonPath == "$.inserted[0].currentBalance")
        let two = batchError(
            FeedJSONText.batch(
                stream: "balances",
                inserted: [balance(#"{"booked":\#(one("1", "credit")),"available":\#(one("1", "credit"))}"#)]))
        #expect(two?.jsonPath == "$.inserted[0].currentBalance")
    }

    @Test("a balance amount in another currency than the balance's is refused")
    func currencyMismatch() {
        let error = batchError(
            FeedJSONText.batch(
                stream: "balances", inserted: [balance(#"{"booked":\#(one("1.00", "credit"))}"#, currency: "USD")]))
        #expect(error?.jsonPath == "$.inserted[0].currentBalance.booked")
    }
}
