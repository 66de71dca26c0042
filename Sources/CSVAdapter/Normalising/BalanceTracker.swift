import LedgerCore

/// Turns a running-balance column into statement balances, whichever way the file is sorted.
///
/// Many banks export newest first. The tracker keeps only the first two and the last booked
/// rows with a balance (memory stays flat) and decides the order at the end: by their days, or,
/// when every row has the same day, by which way the balances chain (`this = previous + amount`).
/// It then states the balance after the chronologically last row (`ledger`, at that row's day)
/// and before the chronologically first one (`opening`: that row's balance minus its own amount,
/// at the end of the day before).
struct BalanceTracker {
    /// A row with a balance. Its place is its line and column; the file is its account's (one
    /// session reads one file): a location per point retained and released the file's name for
    /// every row.
    struct Point: Sendable {
        var day: Day
        var balance: Int64
        var signedAmount: Int64
        var line: Int
        var column: Int
    }

    private struct Account {
        var currency: Currency
        var file: String
        var first: Point
        var second: Point?
        var last: Point
    }

    private var accounts: [Account] = []
    private var names: [String] = []
    /// The index of the account of the last row, the usual next one.
    private var lastIndex = 0

    /// Notes a booked row that states a balance.
    ///
    /// - Parameter signedMinorUnits: the row's whole move when it is not the draft's own (a row
    ///   split into a gross draft and a fee draft moves the balance by its net).
    mutating func record(_ draft: Draft, signedMinorUnits: Int64? = nil) {
        guard draft.status == .booked, let balance = draft.runningBalance else { return }
        let point = Point(
            day: draft.bookingDay, balance: balance, signedAmount: signedMinorUnits ?? draft.signedMinorUnits,
            line: draft.location.line, column: draft.location.column)
        if lastIndex >= names.count || names[lastIndex] != draft.account {
            guard let index = names.firstIndex(of: draft.account) else {
                names.append(draft.account)
                accounts.append(
                    Account(
                        currency: draft.amount.currency, file: draft.location.file, first: point, second: nil,
                        last: point))
                lastIndex = names.count - 1
                return
            }
            lastIndex = index
        }
        if accounts[lastIndex].second == nil { accounts[lastIndex].second = point }
        accounts[lastIndex].last = point
    }

    /// Whether any row stated a balance.
    var hasBalances: Bool { !accounts.isEmpty }

    /// The ledger (closing) and opening balances per account, in the order accounts appeared.
    func statementBalances() -> [StatementBalance] {
        var result: [StatementBalance] = []
        for (name, account) in zip(names, accounts) {
            let newestFirst = BalanceTracker.isNewestFirst(account.first, account.second, account.last)
            let earliest = newestFirst ? account.last : account.first
            let latest = newestFirst ? account.first : account.last
            result.append(
                StatementBalance(
                    account: name, asOf: latest.day, signedMinorUnits: latest.balance, currency: account.currency,
                    kind: .ledger,
                    location: SourceLocation(file: account.file, line: latest.line, column: latest.column)
                ))
            let (opening, overflow) = earliest.balance.subtractingReportingOverflow(earliest.signedAmount)
            if !overflow {
                result.append(
                    StatementBalance(
                        account: name, asOf: earliest.day.previous, signedMinorUnits: opening,
                        currency: account.currency, kind: .opening,
                        location: SourceLocation(file: account.file, line: earliest.line, column: earliest.column)))
            }
        }
        return result
    }

    /// The day order of the file, or the balance chain when all days are equal.
    static func isNewestFirst(_ first: Point, _ second: Point?, _ last: Point) -> Bool {
        if first.day != last.day { return first.day > last.day }
        guard let second else { return false }
        // Oldest first: second = first + second's amount. Newest first: first = second + first's amount.
        let (forward, o1) = first.balance.addingReportingOverflow(second.signedAmount)
        let (backward, o2) = second.balance.addingReportingOverflow(first.signedAmount)
        if !o1 && forward == second.balance { return false }
        if !o2 && backward == first.balance { return true }
        return false
    }
}
