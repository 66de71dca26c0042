import LedgerCore
import Testing

@testable import LedgerStore

func makeDraft(
    _ description: String, _ signed: Int64, on day: String, account: String = "Checking", id: String? = nil,
    status: TransactionStatus = .booked, line: Int = 2
) -> Draft {
    let (money, direction) = Money.fromSigned(signed, currency: .EUR)!
    return Draft(
        account: account, bookingDay: Day(iso: day)!, amount: money, direction: direction, description: description,
        status: status, externalID: id, location: SourceLocation(file: "test.csv", line: line, column: 1))
}

/// Rows as the importer would build them: occurrence numbers counted per fingerprint.
func rows(_ drafts: [Draft], account: StoredAccount) -> [PendingRow] {
    var seen: [Int64: Int] = [:]
    return drafts.map { draft in
        let fingerprint = draft.fingerprint
        let occurrence = (seen[fingerprint] ?? 0) + 1
        seen[fingerprint] = occurrence
        return PendingRow(draft: draft, accountID: account.id, fingerprint: fingerprint, occurrence: occurrence)
    }
}

@Suite("Ledger")
struct LedgerTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    @Test("a batch is saved in one transaction and reports what landed")
    func savesBatch() throws {
        let before = ledger.commitCount
        let outcome = ledger.save(
            rows(
                [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Salary", 250_000, on: "2024-01-05")],
                account: checking), importID: nil)
        #expect(outcome == .saved(inserted: 2, duplicates: 0))
        #expect(ledger.commitCount == before + 1)
        #expect(try ledger.balance(of: checking) == 249_620)
    }

    @Test("saving the same rows again stores nothing twice")
    func identityOnReimport() throws {
        let drafts = [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Coffee", -380, on: "2024-01-02")]
        #expect(ledger.save(rows(drafts, account: checking), importID: nil) == .saved(inserted: 2, duplicates: 0))
        #expect(ledger.save(rows(drafts, account: checking), importID: nil) == .saved(inserted: 0, duplicates: 2))
        #expect(try ledger.transactions(account: checking).count == 2)
    }

    @Test("a third identical coffee in a later export is new; the first two are not")
    func occurrenceCounts() throws {
        let two = Array(repeating: makeDraft("Coffee", -380, on: "2024-01-02"), count: 2)
        _ = ledger.save(rows(two, account: checking), importID: nil)
        let three = Array(repeating: makeDraft("Coffee", -380, on: "2024-01-02"), count: 3)
        #expect(ledger.save(rows(three, account: checking), importID: nil) == .saved(inserted: 1, duplicates: 2))
    }

    @Test("a source id identifies a row whatever its description")
    func externalIdentity() throws {
        _ = ledger.save(
            rows([makeDraft("Coffee", -380, on: "2024-01-02", id: "FIT1")], account: checking), importID: nil)
        let changed = makeDraft("COFFEE SHOP 42", -380, on: "2024-01-02", id: "FIT1")
        #expect(ledger.save(rows([changed], account: checking), importID: nil) == .saved(inserted: 0, duplicates: 1))
        let twin = makeDraft("Coffee", -380, on: "2024-01-02", id: "FIT2")
        #expect(ledger.save(rows([twin], account: checking), importID: nil) == .saved(inserted: 1, duplicates: 0))
    }

    @Test("a failing batch leaves nothing behind")
    func rollback() throws {
        ledger.injectFailureOnNextWrite(code: .full)  // SQLITE_FULL
        let outcome = ledger.save(rows([makeDraft("Coffee", -380, on: "2024-01-02")], account: checking), importID: nil)
        guard case .notSaved(let error) = outcome else {
            Issue.record("expected the batch to fail")
            return
        }
        #expect(error.sqliteCode == .full)
        #expect(try ledger.transactions().isEmpty)
        #expect(
            ledger.save(rows([makeDraft("Coffee", -380, on: "2024-01-02")], account: checking), importID: nil)
                == .saved(inserted: 1, duplicates: 0))
    }

    @Test("queries select by account and a window of days; balances sum booked rows only")
    func queries() throws {
        let drafts = [
            makeDraft("Rent", -90_000, on: "2024-01-01"), makeDraft("Coffee", -380, on: "2024-01-31"),
            makeDraft("Salary", 250_000, on: "2024-02-01"),
            makeDraft("Pending", -1_000, on: "2024-02-02", status: .pending),
        ]
        _ = ledger.save(rows(drafts, account: checking), importID: nil)
        let january = try ledger.transactions(account: checking, in: Day(iso: "2024-01-15")!.monthWindow)
        #expect(january.map(\.description) == ["Rent", "Coffee"])
        #expect(try ledger.balance(of: checking, asOf: Day(iso: "2024-01-31")) == -90_380)
        #expect(try ledger.balance(of: checking) == 159_620)
        let summary = try #require(try ledger.accountSummaries().first)
        #expect(summary.transactionCount == 4)
        #expect(summary.balance == 159_620)
    }

    @Test("a checkpoint compares the previous one plus net since with the statement")
    func checkpoints() throws {
        let first = try ledger.checkpoint(checking, asOf: Day(iso: "2023-12-31")!, actual: 100_000, source: .manual)
        #expect(first.status == .baseline)
        _ = ledger.save(
            rows(
                [makeDraft("Rent", -90_000, on: "2024-01-01"), makeDraft("Old", -5, on: "2023-12-31")],
                account: checking), importID: nil)
        let second = try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-31")!, actual: 10_100, source: .manual)
        #expect(second.expected == 10_000)
        #expect(second.discrepancy == 100)
        #expect(second.status == .discrepancy)
        // Running the same checkpoint again replaces it: one row per account and day.
        _ = try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-31")!, actual: 10_100, source: .manual)
        #expect(try ledger.checkpoints(of: checking).count == 2)
        // Re-baselined at the statement: the balance now starts from 101.00.
        #expect(try ledger.currentBalance(of: checking) == 10_100)
    }

    @Test("an account keeps its currency")
    func currencyClash() throws {
        #expect(throws: StoreError.self) {
            try ledger.ensureAccount(AccountReference(name: "Checking", currency: .USD), fallbackCurrency: .USD)
        }
    }

    @Test("a database file in a missing folder is a clear error")
    func missingFolder() {
        #expect(throws: StoreError.self) { try Ledger(path: "/nonexistent-folder/ledger.sqlite") }
    }
}

@Suite("Ledger batches")
struct LedgerBatchTests {
    @Test("a row that fails halfway rolls back the rows before it in the batch")
    func midBatchFailure() throws {
        let ledger = try Ledger(path: ":memory:")
        let checking = try ledger.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        var batch = rows(
            [makeDraft("A", -100, on: "2024-01-02"), makeDraft("B", -200, on: "2024-01-03")], account: checking)
        let broken = makeDraft("C", -300, on: "2024-01-04", line: 9)
        batch.append(PendingRow(draft: broken, accountID: 999, fingerprint: broken.fingerprint, occurrence: 1))
        guard case .notSaved(let error) = ledger.save(batch, importID: nil) else {
            Issue.record("a row naming no account must fail the batch")
            return
        }
        #expect(error.location.line == 9)
        #expect(try ledger.transactions().isEmpty)
    }
}

@Suite("Daily totals")
struct DailyTotalsTests {
    @Test("the per-day totals follow inserts, updates and deletes exactly")
    func totalsFollowWrites() throws {
        let ledger = try Ledger(path: ":memory:")
        let account = try ledger.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        let drafts = [
            makeDraft("A", -1_000, on: "2024-01-02"), makeDraft("B", 5_000, on: "2024-01-02"),
            makeDraft("C", -250, on: "2024-01-03", status: .pending), makeDraft("D", -75, on: "2024-01-04"),
        ]
        _ = ledger.save(rows(drafts, account: account), importID: nil)
        #expect(try ledger.net(of: account, after: nil, through: nil) == 3_925)
        #expect(try ledger.net(of: account, after: Day(iso: "2024-01-02"), through: Day(iso: "2024-01-03")) == 0)

        try ledger.database.execute("UPDATE transactions SET status = 'booked' WHERE description = 'C'")
        #expect(try ledger.net(of: account, after: nil, through: nil) == 3_675)
        try ledger.database.execute(
            "UPDATE transactions SET direction = 'credit', day = '2024-01-05' WHERE description = 'D'")
        #expect(try ledger.net(of: account, after: Day(iso: "2024-01-04"), through: nil) == 75)
        try ledger.database.execute("DELETE FROM transactions WHERE description = 'B'")
        #expect(try ledger.net(of: account, after: nil, through: nil) == -1_175)
        #expect(
            try ledger.net(of: account, after: nil, through: nil)
                == ledger.transactions().filter { $0.status == .booked }.reduce(0) { $0 + $1.signedMinorUnits })
    }
}

@Suite("Account keys")
struct AccountKeyTests {
    @Test("an account found by its source key keeps its history and takes the name the source now gives it")
    func renamed() throws {
        let ledger = try Ledger(path: ":memory:")
        let first = try ledger.ensureAccount(
            AccountReference(name: "Savings ••••0001", currency: .EUR, key: "financekit:1"), fallbackCurrency: .EUR)
        let renamed = try ledger.ensureAccount(
            AccountReference(name: "Rainy day ••••0001", currency: .EUR, key: "financekit:1"), fallbackCurrency: .EUR)
        #expect(renamed.id == first.id)
        #expect(renamed.name == "Rainy day ••••0001")
        #expect(try ledger.allAccounts().map(\.name) == ["Rainy day ••••0001"])
    }

    @Test("a name the person chose is kept when the source renames the account")
    func chosenNameKept() throws {
        let ledger = try Ledger(path: ":memory:")
        let first = try ledger.ensureAccount(
            AccountReference(name: "Savings ••••0001", currency: .EUR, key: "financekit:1"), fallbackCurrency: .EUR)
        try ledger.renameAccount(first, to: "Holiday fund")
        let again = try ledger.ensureAccount(
            AccountReference(name: "Rainy day ••••0001", currency: .EUR, key: "financekit:1"), fallbackCurrency: .EUR)
        #expect(again.id == first.id)
        #expect(try ledger.allAccounts().map(\.name) == ["Holiday fund"])
    }

    @Test("a source's new name that another account has leaves the name as it is")
    func newNameTaken() throws {
        let ledger = try Ledger(path: ":memory:")
        let first = try ledger.ensureAccount(
            AccountReference(name: "Savings ••••0001", currency: .EUR, key: "financekit:1"), fallbackCurrency: .EUR)
        _ = try ledger.ensureAccount(
            AccountReference(name: "Rainy day ••••0001", currency: .EUR), fallbackCurrency: .EUR)
        let again = try ledger.ensureAccount(
            AccountReference(name: "Rainy day ••••0001", currency: .EUR, key: "financekit:1"), fallbackCurrency: .EUR)
        #expect(again.id == first.id && again.name == "Savings ••••0001")
    }

    @Test("two accounts with one name and different keys stay two accounts")
    func sameNameOtherKey() throws {
        let ledger = try Ledger(path: ":memory:")
        let a = try ledger.ensureAccount(
            AccountReference(name: "Savings", currency: .EUR, key: "k:AAAA"), fallbackCurrency: .EUR)
        let b = try ledger.ensureAccount(
            AccountReference(name: "Savings", currency: .EUR, key: "k:BBBB"), fallbackCurrency: .EUR)
        #expect(a.id != b.id)
        #expect(b.name == "Savings ••••BBBB")
        #expect(try ledger.account(key: "k:BBBB")?.id == b.id)
    }
}

@Suite("Imports log processes")
struct ImportProcessTests {
    @Test("the process that began an import is kept with it, and old rows have none")
    func recorded() throws {
        let ledger = try Ledger(path: ":memory:")
        _ = try ledger.beginImport(sourcePath: "a.csv", adapter: "csv", mapping: nil)
        _ = try ledger.beginImport(
            sourcePath: "b.csv", adapter: "csv", mapping: nil, process: ImportProcess(id: 4242, host: "box"))
        let records = try ledger.imports()
        #expect(records[0].process == ImportProcess(id: 4242, host: "box"))
        #expect(records[1].process == nil)
    }

    @Test("a running row is interrupted when its process on this host is gone, and only then")
    func interrupted() throws {
        let ledger = try Ledger(path: ":memory:")
        let id = try ledger.beginImport(
            sourcePath: "a.csv", adapter: "csv", mapping: nil, process: ImportProcess(id: 7, host: "box"))
        let running = try #require(try ledger.imports().first)
        #expect(running.wasInterrupted(on: "box", isRunning: { _ in false }))
        #expect(!running.wasInterrupted(on: "box", isRunning: { $0 == 7 }))
        // Another host's process can't be checked from here.
        #expect(!running.wasInterrupted(on: "other", isRunning: { _ in false }))
        try ledger.finishImport(
            id,
            Ledger.ImportOutcome(
                sha256: nil, mapping: nil, read: 0, inserted: 0, duplicates: 0, batches: 0, status: .complete,
                failure: nil))
        let closed = try #require(try ledger.imports().first)
        #expect(!closed.wasInterrupted(on: "box", isRunning: { _ in false }))
    }
}
