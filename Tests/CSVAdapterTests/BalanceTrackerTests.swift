import LedgerCore
import Testing

@testable import CSVAdapter

@Suite("BalanceTracker")
struct BalanceTrackerTests {
    func draft(_ day: String, _ amount: Int64, _ balance: Int64?, line: Int, status: TransactionStatus = .booked)
        -> Draft
    {
        let (money, direction) = Money.fromSigned(amount, currency: .EUR) ?? (Money.zero(.EUR), .credit)
        return Draft(
            account: "a", bookingDay: Day(iso: day) ?? Day(year: 2000, month: 1, day: 1)!, amount: money,
            direction: direction, description: "x", status: status, runningBalance: balance,
            location: SourceLocation(file: "f", line: line, column: 1))
    }

    @Test("oldest first: the last row gives the ledger balance, the first the opening")
    func oldestFirst() {
        var tracker = BalanceTracker()
        tracker.record(draft("2024-01-01", -100, 900, line: 2))
        tracker.record(draft("2024-01-05", 50, 950, line: 3))
        let balances = tracker.statementBalances().map { "\($0.kind.rawValue) \($0.asOf) \($0.signedMinorUnits)" }
        #expect(balances == ["ledger 2024-01-05 950", "opening 2023-12-31 1000"])
    }

    @Test("newest first: the first row gives the ledger balance, the last the opening")
    func newestFirst() {
        var tracker = BalanceTracker()
        tracker.record(draft("2024-01-05", 50, 950, line: 2))
        tracker.record(draft("2024-01-01", -100, 900, line: 3))
        let balances = tracker.statementBalances().map { "\($0.kind.rawValue) \($0.asOf) \($0.signedMinorUnits)" }
        #expect(balances == ["ledger 2024-01-05 950", "opening 2023-12-31 1000"])
    }

    @Test("pending rows and rows without a balance are left out")
    func pendingIgnored() {
        var tracker = BalanceTracker()
        tracker.record(draft("2024-01-01", -100, 900, line: 2))
        tracker.record(draft("2024-01-02", -5, 895, line: 3, status: .pending))
        tracker.record(draft("2024-01-03", -7, nil, line: 4))
        let balances = tracker.statementBalances().map { "\($0.kind.rawValue) \($0.asOf) \($0.signedMinorUnits)" }
        #expect(balances == ["ledger 2024-01-01 900", "opening 2023-12-31 1000"])
    }
}
