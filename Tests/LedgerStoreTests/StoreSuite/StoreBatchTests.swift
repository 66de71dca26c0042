import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The import's door on both stores: each test runs on a SQLite and on a PostgreSQL ledger and
/// asserts the same outcome (issue 21). What only one store has (PostgreSQL's round trips, its
/// concurrent workers; SQLite's file) stays in that store's own suites.
@Suite("Store batches, on both stores")
struct StoreBatchTests {
    /// A statement's rows: two identical coffees (kept both, told apart by their occurrence),
    /// rows with the source's own ids, a pending row and a row with a category, over five days.
    static func statement(_ count: Int, from first: Int = 0) -> [Draft] {
        (first..<(first + count)).map { index in
            let day = String(format: "2024-03-%02d", 1 + index % 5)
            switch index % 4 {
            case 0: return makeDraft("Coffee", -350, on: "2024-03-01", line: index + 2)
            case 1: return makeDraft("Card \(index)", -Int64(100 + index), on: day, id: "FIT\(index)", line: index + 2)
            case 2:
                return makeDraft(
                    "Pending \(index)", -Int64(200 + index), on: day, status: .pending, line: index + 2)
            default:
                return Draft(
                    account: "Checking", bookingDay: Day(iso: day)!,
                    amount: Money(minorUnits: Int64(10_000 + index), currency: .EUR), direction: .credit,
                    description: "Salary \(index)", category: "Income",
                    location: SourceLocation(file: "test.csv", line: index + 2, column: 1))
            }
        }
    }

    @Test(
        "a batch is stored whole, equal rows told apart by their occurrence, the totals kept",
        arguments: StoreBackend.allCases)
    func storesBatch(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let rows = pendingRows(Self.statement(100), accountID: account.id)
        #expect(rows.filter { $0.draft.description == "Coffee" }.map(\.occurrence) == Array(1...25))
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 100, duplicates: 0))
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 100)
        #expect(try ledger.integer("SELECT count(*) FROM transactions WHERE description = 'Coffee'") == 25)
        #expect(
            try ledger.integer("SELECT sum(amount) FROM transactions")
                == rows.reduce(0) { $0 + $1.draft.amount.minorUnits })
        #expect(try ledger.integer("SELECT count(*) FROM daily_totals") == 5)
        #expect(try ledger.integer("SELECT count(*) FROM report_totals WHERE category = 'Income'") == 5)
        #expect(try ledger.integer("SELECT volume FROM accounts") > 0)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "the same batch again stores nothing and counts every row a duplicate, in the import's log too",
        arguments: StoreBackend.allCases)
    func sameBatchAgain(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let imports = [try ledger.beginImport(), try ledger.beginImport("march again.csv")]
        let rows = pendingRows(Self.statement(100), accountID: account.id)
        #expect(ledger.save(rows, importID: imports[0]) == .saved(inserted: 100, duplicates: 0))
        let net = try ledger.integer("SELECT sum(booked_net) FROM daily_totals")
        let volume = try ledger.integer("SELECT volume FROM accounts")
        #expect(ledger.save(rows, importID: imports[1]) == .saved(inserted: 0, duplicates: 100))
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 100)
        #expect(try ledger.integer("SELECT sum(booked_net) FROM daily_totals") == net)
        #expect(try ledger.integer("SELECT volume FROM accounts") == volume)
        #expect(try ledger.integer("SELECT duplicates FROM imports WHERE id = \(imports[1])") == 100)
        #expect(try ledger.integer("SELECT inserted FROM imports WHERE id = \(imports[0])") == 100)
        // Every row the second import met is claimed by it, so undoing the first hands them over.
        #expect(try ledger.integer("SELECT count(*) FROM import_claims WHERE import_id = \(imports[1])") == 100)
        let undo = try ledger.store.undoImport(imports[0], dryRun: false)
        #expect(undo.deletedTransactions == 0 && undo.handedOver == [imports[1]: 100])
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 100)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "a batch whose 50th row breaks a constraint stores none of it, the error at that row",
        arguments: StoreBackend.allCases)
    func brokenBatchStoresNothing(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        var rows = pendingRows(Self.statement(100), accountID: account.id)
        rows[49].accountID = account.id + 1_000  // no such account: the foreign key refuses it
        guard case .notSaved(let error) = ledger.save(rows, importID: nil) else {
            Issue.record("the batch was saved")
            return
        }
        #expect(error.location == rows[49].draft.location)
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 0)
        #expect(try ledger.integer("SELECT count(*) FROM daily_totals") == 0)
        #expect(try ledger.integer("SELECT volume FROM accounts") == 0)
        // The ledger takes the next batch: the failed one was rolled back.
        #expect(ledger.save(Array(rows[0..<49]), importID: nil) == .saved(inserted: 49, duplicates: 0))
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "a booked row books the stored pending row with its id in place, and its pending twin without one",
        arguments: StoreBackend.allCases)
    func booksPendingRows(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let pending = [
            makeDraft("Hotel hold", -20_000, on: "2024-03-01", id: "H1", status: .pending),
            makeDraft("Taxi", -1_500, on: "2024-03-02", status: .pending),
        ]
        #expect(
            ledger.save(pendingRows(pending, accountID: account.id), importID: nil)
                == .saved(inserted: 2, duplicates: 0))
        let booked = [
            makeDraft("Hotel", -18_450, on: "2024-03-04", id: "H1", line: 7),
            makeDraft("Taxi", -1_500, on: "2024-03-02", line: 8),
        ]
        #expect(
            ledger.save(pendingRows(booked, accountID: account.id), importID: nil)
                == .saved(inserted: 0, duplicates: 0, booked: 2))
        #expect(try ledger.integer("SELECT count(*) FROM transactions WHERE status = 'booked'") == 2)
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 2)
        #expect(try ledger.integer("SELECT amount FROM transactions WHERE external_id = 'H1'") == 18_450)
        #expect(try ledger.integer("SELECT sum(booked_net) FROM daily_totals") == -19_950)
        #expect(try ledger.totalsMismatches() == 0)
        // Booked again: nothing left to book, all duplicates.
        #expect(
            ledger.save(pendingRows(booked, accountID: account.id), importID: nil)
                == .saved(inserted: 0, duplicates: 2))
    }

    @Test(
        "a booked id stored for another day or amount stops the batch, naming both, and stores nothing",
        arguments: StoreBackend.allCases)
    func refusesReusedID(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let first = [makeDraft("Card", -1_000, on: "2024-03-01", id: "FIT9")]
        #expect(
            ledger.save(pendingRows(first, accountID: account.id), importID: nil)
                == .saved(inserted: 1, duplicates: 0))
        let second = [
            makeDraft("Other", -700, on: "2024-03-05", line: 3),
            makeDraft("Card", -1_200, on: "2024-03-06", id: "FIT9", line: 4),
        ]
        guard case .notSaved(let error) = ledger.save(pendingRows(second, accountID: account.id), importID: nil)
        else {
            Issue.record("the batch was saved")
            return
        }
        guard case .idReused(let id, let stored, let found) = error.reason else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(id == "FIT9")
        #expect(stored.hasPrefix("2024-03-01 -10.00 EUR"))
        #expect(found == "2024-03-06 -12.00 EUR")
        #expect(error.location.line == 4)
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 1)
    }

    @Test(
        "a deleted row is skipped and counted as deleted before, or restored when asked",
        arguments: StoreBackend.allCases)
    func deletedRows(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let rows = pendingRows(
            [makeDraft("Coffee", -350, on: "2024-03-01"), makeDraft("Card", -1_000, on: "2024-03-02", id: "FIT1")],
            accountID: account.id)
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 2, duplicates: 0))
        let ids = try ledger.texts("SELECT id FROM transactions ORDER BY id").compactMap { $0.flatMap(Int64.init) }
        let deletion = try ledger.store.deleteTransactions(ids, dryRun: false)
        #expect(deletion.before.count == 2 && deletion.after.isEmpty)
        #expect(try ledger.integer("SELECT count(*) FROM transaction_tombstones") == 2)
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 0, duplicates: 0, deletedBefore: 2))
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 0)
        ledger.store.restoresDeletedRows = true
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 2, duplicates: 0))
        #expect(try ledger.integer("SELECT count(*) FROM transaction_tombstones") == 0)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "an entry stored whole and then as its parts (or the reverse) stops the batch",
        arguments: StoreBackend.allCases, [("B7", "B7/2"), ("B7/1", "B7")])
    func splitFamily(backend: StoreBackend, ids: (first: String, second: String)) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let whole = pendingRows([makeDraft("Batch", -5_000, on: "2024-03-01", id: ids.first)], accountID: account.id)
        #expect(ledger.save(whole, importID: nil) == .saved(inserted: 1, duplicates: 0))
        let part = pendingRows(
            [makeDraft("Payment", -2_000, on: "2024-03-01", id: ids.second, line: 9)], accountID: account.id)
        guard case .notSaved(let error) = ledger.save(part, importID: nil) else {
            Issue.record("the batch was saved")
            return
        }
        guard case .splitFamily(let id, _, _, _) = error.reason else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(id == ids.second)
        #expect(error.location.line == 9)
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 1)
    }

    @Test(
        "a withdrawal deletes the row with that id in order with the batch's rows, and again does nothing",
        arguments: StoreBackend.allCases)
    func withdrawals(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let rows = pendingRows(
            [
                makeDraft("Card", -1_000, on: "2024-03-02", id: "FIT1"),
                makeDraft("Shop", -400, on: "2024-03-02", id: "FIT2"),
            ],
            accountID: account.id)
        let withdrawal = BatchItem.withdraw(
            accountID: account.id, externalID: "FIT1", location: SourceLocation(file: "fix.ofx", line: 30, column: 1))
        let items = rows.map(BatchItem.insert) + [withdrawal]
        #expect(ledger.save(items, importID: nil) == .saved(inserted: 2, duplicates: 0, withdrawn: 1))
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 1)
        #expect(try ledger.integer("SELECT booked_net FROM daily_totals") == -400)
        #expect(try ledger.totalsMismatches() == 0)
        // The withdrawn row comes back with the file and goes again: nothing changes.
        #expect(ledger.save(items, importID: nil) == .saved(inserted: 1, duplicates: 1, withdrawn: 1))
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 1)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "deleting and editing rows behind the store's back keeps the totals equal to a plain sum (the triggers)",
        arguments: StoreBackend.allCases)
    func triggersKeepTotals(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let savings = try ledger.account("Savings")
        #expect(ledger.save(pendingRows(Self.statement(100), accountID: account.id), importID: nil).isSaved)
        try ledger.execute(
            """
            DELETE FROM transactions WHERE id IN (SELECT id FROM transactions WHERE status = 'booked' ORDER BY id LIMIT 3);
            UPDATE transactions SET amount = amount + 7, category = 'Moved'
                WHERE id = (SELECT min(id) FROM transactions WHERE status = 'booked');
            UPDATE transactions SET status = 'booked', day = '2024-03-09'
                WHERE id = (SELECT min(id) FROM transactions WHERE status = 'pending');
            UPDATE transactions SET status = 'pending'
                WHERE id = (SELECT max(id) FROM transactions WHERE status = 'booked');
            UPDATE transactions SET direction = 'credit'
                WHERE id = (SELECT max(id) FROM transactions WHERE status = 'booked' AND direction = 'debit');
            UPDATE transactions SET account_id = \(savings.id)
                WHERE id = (SELECT max(id) FROM transactions WHERE status = 'booked');
            """)
        #expect(try ledger.integer("SELECT count(*) FROM daily_totals WHERE day = '2024-03-09'") == 1)
        #expect(try ledger.integer("SELECT count(*) FROM daily_totals WHERE account_id = \(savings.id)") == 1)
        #expect(try ledger.totalsMismatches() == 0)
    }
}
