import LedgerCore
import Testing

@testable import LedgerStore

/// `Ledger.transactions(matching:_:)`: rows handed over one at a time, in order, filtered, limited.
@Suite("transactions(matching:)")
struct TransactionQueryTests {
    let ledger: Ledger
    let checking: StoredAccount
    let savings: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        savings = try ledger.ensureAccount(AccountReference(name: "Savings", currency: .EUR), fallbackCurrency: .EUR)
    }

    private func draft(
        _ description: String, memo: String = "", _ signed: Int64, on day: String, account: String = "Checking"
    ) -> Draft {
        let (money, direction) = Money.fromSigned(signed, currency: .EUR)!
        return Draft(
            account: account, bookingDay: Day(iso: day)!, amount: money, direction: direction,
            description: description, memo: memo, location: SourceLocation(file: "test.csv", line: 2, column: 1))
    }

    private func save(_ drafts: [Draft], to account: StoredAccount) {
        #expect(
            ledger.save(rows(drafts, account: account), importID: nil) == .saved(inserted: drafts.count, duplicates: 0))
    }

    private func listed(_ query: TransactionQuery) throws -> (descriptions: [String], read: Int) {
        var descriptions: [String] = []
        let read = try ledger.transactions(matching: query) { descriptions.append($0.description) }
        return (descriptions, read)
    }

    @Test("rows come by account name, then day, then the order they were stored")
    func order() throws {
        save([draft("S1", 100, on: "2024-01-01", account: "Savings")], to: savings)
        save([draft("C3", -1, on: "2024-01-03"), draft("C1", -2, on: "2024-01-01")], to: checking)
        save([draft("C2", -3, on: "2024-01-01")], to: checking)
        #expect(try listed(TransactionQuery()).descriptions == ["C1", "C2", "C3", "S1"])
        #expect(try listed(TransactionQuery(account: checking)).descriptions == ["C1", "C2", "C3"])
        let window = DayWindow.days(Day(iso: "2024-01-02"), through: Day(iso: "2024-01-03"))
        #expect(try listed(TransactionQuery(window: window)).descriptions == ["C3"])
    }

    @Test("a limit stops reading at its last row: no more rows are stepped to than are listed")
    func limitStopsEarly() throws {
        save((1...500).map { draft("Row \($0)", -Int64($0), on: "2024-01-01") }, to: checking)
        let listed = try listed(TransactionQuery(account: checking, limit: 7))
        #expect(listed.descriptions == (1...7).map { "Row \($0)" })
        #expect(listed.read == 7)
        #expect(try self.listed(TransactionQuery(account: checking)).read == 500)
    }

    @Test("with a text filter, reading stops at the limit's last match")
    func limitWithSearchStopsAtLastMatch() throws {
        save(
            (1...500).map { draft($0 % 10 == 0 ? "Coffee \($0)" : "Rent \($0)", -Int64($0), on: "2024-01-01") },
            to: checking)
        let listed = try listed(TransactionQuery(search: TextSearch("COFFEE"), limit: 3))
        #expect(listed.descriptions == ["Coffee 10", "Coffee 20", "Coffee 30"])
        #expect(listed.read == 30)
    }

    @Test("a search finds its text in the description or the memo, ignoring case, % and _ as themselves")
    func search() throws {
        save(
            [
                draft("Coffee Corner", 1, on: "2024-01-01"),
                draft("Transfer", memo: "for coffee beans", 2, on: "2024-01-02"),
                draft("Discount 50% off", 3, on: "2024-01-03"), draft("Discount 500 off", 4, on: "2024-01-04"),
                draft("REF A_B", 5, on: "2024-01-05"), draft("REF AXB", 6, on: "2024-01-06"),
                draft("Bäckerei MÜLLER", 7, on: "2024-01-07"),
            ], to: checking)
        #expect(
            try listed(TransactionQuery(search: TextSearch("coffee"))).descriptions == ["Coffee Corner", "Transfer"])
        #expect(try listed(TransactionQuery(search: TextSearch("50%"))).descriptions == ["Discount 50% off"])
        #expect(try listed(TransactionQuery(search: TextSearch("a_b"))).descriptions == ["REF A_B"])
        #expect(try listed(TransactionQuery(search: TextSearch("müller"))).descriptions == ["Bäckerei MÜLLER"])
    }

    @Test("a payee matches the start of the description, not the memo or the middle")
    func payee() throws {
        save(
            [
                draft("COFFEE ROASTERS", 1, on: "2024-01-01"), draft("Morning coffee", 2, on: "2024-01-02"),
                draft("Transfer", memo: "Coffee", 3, on: "2024-01-03"),
            ], to: checking)
        #expect(try listed(TransactionQuery(payee: TextSearch("coffee"))).descriptions == ["COFFEE ROASTERS"])
        let both = TransactionQuery(search: TextSearch("roast"), payee: TextSearch("coffee"))
        #expect(try listed(both).descriptions == ["COFFEE ROASTERS"])
    }

    @Test("the memo is read back with each row")
    func memo() throws {
        save([draft("Transfer", memo: "rent share", 1, on: "2024-01-01")], to: checking)
        var memos: [String] = []
        try ledger.transactions(matching: TransactionQuery()) { memos.append($0.memo) }
        #expect(memos == ["rent share"])
    }
}

/// The listing reads a row's day, direction, status, account and currency from SQLite's bytes,
/// reusing the row before's account name and currency when they are the same: each row must
/// still come back as it was stored, and a value that isn't valid is still an error.
@Suite("transactions(matching:) reading rows")
struct TransactionRowReadingTests {
    @Test("rows of two accounts in two currencies, both directions, pending and booked, read back as stored")
    func readsEveryField() throws {
        let ledger = try Ledger(path: ":memory:")
        let cash = try ledger.ensureAccount(AccountReference(name: "Cash", currency: .EUR), fallbackCurrency: .EUR)
        let card = try ledger.ensureAccount(
            AccountReference(name: "Card US", currency: Currency(code: "USD")!), fallbackCurrency: .EUR)
        func draft(_ account: StoredAccount, _ signed: Int64, _ day: String, pending: Bool = false) -> Draft {
            let (money, direction) = Money.fromSigned(signed, currency: account.currency)!
            return Draft(
                account: account.name, bookingDay: Day(iso: day)!, transactionDay: Day(iso: "2024-02-28"),
                amount: money, direction: direction, description: "Row \(signed)",
                status: pending ? .pending : .booked, location: SourceLocation(file: "bank.csv", line: 3, column: 1))
        }
        _ = ledger.save(
            rows([draft(cash, -1250, "2024-02-29"), draft(cash, 300, "2024-03-01", pending: true)], account: cash),
            importID: nil)
        _ = ledger.save(rows([draft(card, 999, "2024-03-01")], account: card), importID: nil)
        let listed = try ledger.transactions()
        #expect(listed.map(\.account) == ["Card US", "Cash", "Cash"])
        #expect(
            listed.map(\.amount) == [
                Money(minorUnits: 999, currency: Currency(code: "USD")!), Money(minorUnits: 1250, currency: .EUR),
                Money(minorUnits: 300, currency: .EUR),
            ])
        #expect(listed.map(\.direction) == [.credit, .debit, .credit])
        #expect(listed.map(\.status) == [.booked, .booked, .pending])
        #expect(listed.map(\.bookingDay) == ["2024-03-01", "2024-02-29", "2024-03-01"].map { Day(iso: $0)! })
        #expect(listed.allSatisfy { $0.transactionDay == Day(iso: "2024-02-28") })
    }

    @Test("a stored day that isn't a calendar day is a corruption error naming the column and the value")
    func corruptValues() throws {
        let ledger = try Ledger(path: ":memory:")
        let cash = try ledger.ensureAccount(AccountReference(name: "Cash", currency: .EUR), fallbackCurrency: .EUR)
        let (money, direction) = Money.fromSigned(-500, currency: .EUR)!
        let row = Draft(
            account: "Cash", bookingDay: Day(iso: "2024-01-31")!, amount: money, direction: direction,
            description: "Coffee", location: SourceLocation(file: "bank.csv", line: 2, column: 1))
        _ = ledger.save(rows([row], account: cash), importID: nil)
        try ledger.database.execute("UPDATE transactions SET day = '2024-02-30'")
        #expect(
            throws: StoreError(.corruptValue(column: "transactions.day", found: "2024-02-30"), at: .file(":memory:"))
        ) {
            _ = try ledger.transactions()
        }
    }
}
