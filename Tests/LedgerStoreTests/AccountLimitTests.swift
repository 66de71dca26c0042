import LedgerCore
import Testing

@testable import LedgerStore

/// The account limit (issue 11, defect 1): no input may leave a ledger whose sums overflow. Two
/// rows of 92233720368547758.07 used to import, after which every balance query failed.
@Suite("Account limit")
struct AccountLimitTests {
    let ledger: Ledger
    let checking: StoredAccount
    let max = Int64.max

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    @Test("a row that would take the account's amounts past 64 bits refuses its batch whole, located at it")
    func twoLargestRows() throws {
        let drafts = [
            makeDraft("Small", 500, on: "2024-01-01", line: 2),
            makeDraft("Huge", max, on: "2024-01-02", line: 3),
            makeDraft("Huge again", max, on: "2024-01-03", line: 4),
        ]
        guard case .notSaved(let error) = ledger.save(rows(drafts, account: checking), importID: nil) else {
            Issue.record("the batch must be refused")
            return
        }
        #expect(error.location.line == 3)
        #expect(error.message.contains("the account's total would exceed"))
        #expect(try ledger.transactions().isEmpty)
        #expect(try ledger.accountSummaries().first?.balance == 0)
    }

    @Test("across batches: the second batch is refused, the first stays and every sum still reads")
    func acrossBatches() throws {
        #expect(
            ledger.save(rows([makeDraft("Huge", max, on: "2024-01-02")], account: checking), importID: nil)
                == .saved(inserted: 1, duplicates: 0))
        let second = ledger.save(
            rows([makeDraft("One more cent", 1, on: "2024-01-03", line: 7)], account: checking), importID: nil)
        guard case .notSaved(let error) = second else {
            Issue.record("the second batch must be refused")
            return
        }
        #expect(error.location.line == 7)
        #expect(try ledger.balance(of: checking) == max)
        #expect(try ledger.accountSummaries().first?.balance == max)
        #expect(try ledger.daily(of: checking).count == 1)
    }

    @Test("amounts in both directions count by size: credits and debits up to the limit are kept and sum exactly")
    func mixedDirections() throws {
        let half = max / 2
        let drafts = [
            makeDraft("In", half, on: "2024-01-01"), makeDraft("Out", -half, on: "2024-01-01", line: 3),
            makeDraft("Last cent", 1, on: "2024-01-02", line: 4),
        ]
        #expect(ledger.save(rows(drafts, account: checking), importID: nil) == .saved(inserted: 3, duplicates: 0))
        #expect(try ledger.balance(of: checking) == 1)
        #expect(try ledger.net(of: checking, after: nil, through: Day(iso: "2024-01-01")) == 0)
        // Another cent would make the amounts' sum Int64.max + 1, though the balance is only 2.
        let refused = ledger.save(rows([makeDraft("One more", 1, on: "2024-01-03")], account: checking), importID: nil)
        #expect(refused != .saved(inserted: 1, duplicates: 0))
    }

    @Test("a duplicate adds nothing to the account's amounts")
    func duplicatesAreFree() throws {
        let huge = rows([makeDraft("Huge", max, on: "2024-01-02")], account: checking)
        #expect(ledger.save(huge, importID: nil) == .saved(inserted: 1, duplicates: 0))
        #expect(ledger.save(huge, importID: nil) == .saved(inserted: 0, duplicates: 1))
    }

    @Test("an opening balance counts twice: half the limit fits, more is refused and nothing is stored")
    func openingBalance() throws {
        let day = Day(iso: "2023-12-31")!
        #expect(throws: StoreError.self) {
            try ledger.checkpoint(checking, asOf: day, actual: max, source: .opening)
        }
        #expect(try ledger.checkpoints(of: checking).isEmpty)
        #expect(throws: StoreError.self) {
            try ledger.checkpoint(checking, asOf: day, actual: Int64.min, source: .opening)
        }
        let half = max / 2
        try ledger.checkpoint(checking, asOf: day, actual: -half, source: .opening)
        // With a balance of half the limit (rounded down), two cents of rows are past it.
        let refused = ledger.save(rows([makeDraft("Cents", 2, on: "2024-01-02")], account: checking), importID: nil)
        #expect(refused != .saved(inserted: 1, duplicates: 0))
        #expect(try ledger.currentBalance(of: checking) == -half)
    }

    @Test("at the edge, a checkpoint's expected balance and discrepancy are exact: the largest swing fits")
    func checkpointAtTheEdge() throws {
        let quarter = max / 4
        try ledger.checkpoint(checking, asOf: Day(iso: "2023-12-31")!, actual: quarter, source: .opening)
        let drafts = [makeDraft("In", quarter, on: "2024-01-02"), makeDraft("Also in", quarter, on: "2024-01-03")]
        #expect(ledger.save(rows(drafts, account: checking), importID: nil) == .saved(inserted: 2, duplicates: 0))
        // Statement says minus a quarter: expected 3/4, discrepancy -1 whole limit (minus rounding).
        let checkpoint = try ledger.checkpoint(
            checking, asOf: Day(iso: "2024-01-31")!, actual: -quarter, source: .manual)
        #expect(checkpoint.expected == 3 * quarter)
        #expect(checkpoint.discrepancy == -4 * quarter)
        #expect(try ledger.currentBalance(of: checking) == -quarter)
        #expect(ledger.check().isSound)
    }

    @Test("a statement balance from an import is checked like a checkpoint")
    func statementBalance() throws {
        let balance = StatementBalance(
            account: "Checking", asOf: Day(iso: "2024-01-31")!, signedMinorUnits: max, currency: .EUR,
            location: SourceLocation(file: "jan.ofx", line: 40, column: 5))
        do throws(StoreError) {
            try ledger.recordStatementBalance(balance, account: checking, importID: nil)
            Issue.record("a balance past the limit must be refused")
        } catch {
            #expect(error.location.line == 40)
            #expect(error.message.contains("twice the largest balance"))
        }
    }

    @Test("a row's running balance counts as a balance")
    func runningBalance() throws {
        let draft = Draft(
            account: "Checking", bookingDay: Day(iso: "2024-01-02")!, amount: Money(minorUnits: 100, currency: .EUR),
            direction: .debit, description: "Coffee", runningBalance: max,
            location: SourceLocation(file: "jan.csv", line: 9, column: 1))
        guard case .notSaved(let error) = ledger.save(rows([draft], account: checking), importID: nil) else {
            Issue.record("a running balance past the limit must be refused")
            return
        }
        #expect(error.location.line == 9)
    }

    @Test("feed sync: an insert past the limit and an update raising an amount past it are refused whole")
    func feedSync() throws {
        let position = SyncPosition(epoch: "e", lastSeq: 1, lastToken: "t1")
        let first = SyncBatch(
            stream: "feed", position: position, account: checking,
            upserts: rows([makeDraft("Huge", max - 10, on: "2024-01-02", id: "A")], account: checking))
        try ledger.applySync(first, after: nil)
        let more = SyncBatch(
            stream: "feed", position: SyncPosition(epoch: "e", lastSeq: 2, lastToken: "t2"), account: checking,
            upserts: rows([makeDraft("Eleven", 11, on: "2024-01-03", id: "B", line: 5)], account: checking))
        #expect(throws: StoreError.self) { try ledger.applySync(more, after: position) }
        // Lowering the huge row makes room; raising it again is refused.
        let lower = SyncBatch(
            stream: "feed", position: SyncPosition(epoch: "e", lastSeq: 2, lastToken: "t2"), account: checking,
            upserts: rows([makeDraft("Huge", max - 100, on: "2024-01-02", id: "A")], account: checking))
        try ledger.applySync(lower, after: position)
        try ledger.applySync(
            SyncBatch(
                stream: "feed", position: SyncPosition(epoch: "e", lastSeq: 3, lastToken: "t3"), account: checking,
                upserts: rows([makeDraft("Eleven", 11, on: "2024-01-03", id: "B")], account: checking)),
            after: lower.position)
        let raise = SyncBatch(
            stream: "feed", position: SyncPosition(epoch: "e", lastSeq: 4, lastToken: "t4"), account: checking,
            upserts: rows([makeDraft("Huge", max - 5, on: "2024-01-02", id: "A", line: 8)], account: checking))
        do throws(StoreError) {
            try ledger.applySync(raise, after: SyncPosition(epoch: "e", lastSeq: 3, lastToken: "t3"))
            Issue.record("an update past the limit must be refused")
        } catch {
            #expect(error.location.line == 8)
        }
        #expect(try ledger.balance(of: checking) == max - 89)
        #expect(try ledger.syncPositions()["feed"]?.lastSeq == 3)
        #expect(ledger.check().isSound)
    }

    @Test("a withdrawn row gives its room back")
    func withdrawal() throws {
        _ = ledger.save(rows([makeDraft("Huge", max, on: "2024-01-02", id: "F1")], account: checking), importID: nil)
        let items: [BatchItem] = [
            .withdraw(accountID: checking.id, externalID: "F1", location: .file("c.ofx")),
            .insert(rows([makeDraft("Corrected", max - 1, on: "2024-01-02", id: "F2")], account: checking)[0]),
        ]
        #expect(ledger.save(items, importID: nil) == .saved(inserted: 1, duplicates: 0, withdrawn: 1))
        #expect(try ledger.balance(of: checking) == max - 1)
    }
}

extension Ledger {
    /// The account's stored daily totals (for tests).
    fileprivate func daily(of account: StoredAccount) throws -> [Int64] {
        try database.prepare("SELECT booked_net FROM daily_totals WHERE account_id = ?").rows([.int(account.id)]) {
            row throws(StoreError) in row.int(0)
        }
    }
}
