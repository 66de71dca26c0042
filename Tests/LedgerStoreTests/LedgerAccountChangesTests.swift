import LedgerCore
import Testing

@testable import LedgerStore

/// Renaming, merging and re-setting accounts: identity kept, checkpoints recomputed, whole or
/// nothing, and a dry run writes nothing.
@Suite("Ledger account changes")
struct LedgerAccountChangesTests {
    let ledger: Ledger
    let checking: StoredAccount
    let old: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        old = try ledger.ensureAccount(AccountReference(name: "Old checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    // MARK: - rename

    @Test("a rename changes the name and keeps the rows")
    func rename() throws {
        try save([makeDraft("Coffee", -380, on: "2024-01-02")], into: checking)
        let renamed = try ledger.renameAccount(checking, to: "Joint checking")
        #expect(renamed.name == "Joint checking" && renamed.id == checking.id)
        #expect(try ledger.account(named: "Checking") == nil)
        #expect(try ledger.transactions().map(\.account) == ["Joint checking"])
    }

    @Test("a rename that only changes case is allowed")
    func caseOnlyRename() throws {
        #expect(try ledger.renameAccount(checking, to: "CHECKING").name == "CHECKING")
        #expect(try ledger.account(named: "CHECKING")?.id == checking.id)
    }

    @Test("a rename to a name another account has, in any case, is refused and changes nothing")
    func renameTaken() throws {
        for name in ["Old checking", "old CHECKING"] {
            #expect {
                try ledger.renameAccount(checking, to: name)
            } throws: { error in
                guard let error = error as? StoreError, case .accountChangeRefused(.nameTaken) = error.reason else {
                    return false
                }
                return error.message.contains("\"Old checking\"")
            }
        }
        #expect(try ledger.allAccounts().map(\.name) == ["Checking", "Old checking"])
    }

    @Test("a dry-run rename writes nothing")
    func renameDryRun() throws {
        let before = try dump()
        let renamed = try ledger.renameAccount(checking, to: "Joint", dryRun: true)
        #expect(renamed.name == "Joint")
        #expect(try dump() == before)
    }

    // MARK: - merge

    @Test("a merge moves rows, keeps a row present in both once, and removes the merged account")
    func merge() throws {
        try save(
            [
                makeDraft("Coffee", -380, on: "2024-01-02", account: "Old checking"),
                makeDraft("Rent", -90000, on: "2024-01-03", account: "Old checking"),
                makeDraft("Salary", 250000, on: "2024-01-04", account: "Old checking", id: "S1"),
            ], into: old)
        try save(
            [
                makeDraft("Coffee", -380, on: "2024-01-02"),
                // The same source id on another day (a restated booking) is the same row.
                makeDraft("Salary", 250000, on: "2024-01-05", id: "S1"),
            ], into: checking)
        let merge = try ledger.mergeAccount(old, into: checking)
        #expect(merge.movedTransactions == 1)
        #expect(merge.duplicateTransactions == 2)
        #expect(try ledger.account(named: "Old checking") == nil)
        #expect(try ledger.transactions().map(\.description).sorted() == ["Coffee", "Rent", "Salary"])
        #expect(try ledger.balance(of: checking) == -380 - 90000 + 250000)
        #expect(try dailyTotals() == ["1|2024-01-02|-380", "1|2024-01-03|-90000", "1|2024-01-05|250000"])
    }

    @Test("a merge whose sums would pass the account limit is refused and changes nothing")
    func mergePastLimit() throws {
        let large = Int64.max / 2
        try save([makeDraft("Huge", large, on: "2024-01-02", account: "Old checking")], into: old)
        try save([makeDraft("Huge too", large, on: "2024-01-03")], into: checking)
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-03")!, actual: 1, source: .manual)
        do throws(StoreError) {
            _ = try ledger.mergeAccount(old, into: checking)
            Issue.record("a merge past the account limit must be refused")
        } catch {
            guard case .accountLimit = error.reason else {
                Issue.record("expected the account limit, got \(error.message)")
                return
            }
        }
        #expect(try ledger.account(named: "Old checking") != nil)
        #expect(try ledger.transactions().map(\.account).sorted() == ["Checking", "Old checking"])
        #expect(try ledger.balance(of: checking) == large)
    }

    @Test("a merge recomputes the target's checkpoints from the earliest day moved")
    func mergeRefreshesCheckpoints() throws {
        try save([makeDraft("Deposit", 10000, on: "2024-01-01")], into: checking)
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-01")!, actual: 10000, source: .manual)
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-31")!, actual: 9620, source: .manual)
        #expect(try ledger.checkpoints(of: checking).first?.discrepancy == -380)
        try save([makeDraft("Coffee", -380, on: "2024-01-10", account: "Old checking")], into: old)
        let merge = try ledger.mergeAccount(old, into: checking)
        #expect(merge.refreshed.map(\.discrepancy) == [0])
        #expect(try ledger.checkpoints(of: checking).first?.status == .reconciled)
    }

    @Test("a merge moves statement balances and checkpoints, keeping the target's on a shared day")
    func mergeBalancesAndCheckpoints() throws {
        let location = SourceLocation.file("test")
        for (account, amount) in [(old, Int64(500)), (checking, Int64(700))] {
            try ledger.recordStatementBalance(
                StatementBalance(
                    account: account.name, asOf: Day(iso: "2024-01-31")!, signedMinorUnits: amount, currency: .EUR,
                    location: location), account: account, importID: nil)
            try ledger.checkpoint(account, asOf: Day(iso: "2024-01-31")!, actual: amount, source: .manual)
        }
        try ledger.checkpoint(old, asOf: Day(iso: "2024-02-29")!, actual: 500, source: .manual)
        let merge = try ledger.mergeAccount(old, into: checking)
        #expect(merge.duplicateBalances == 1 && merge.movedBalances == 0)
        #expect(merge.duplicateCheckpoints == 1 && merge.movedCheckpoints == 1)
        #expect(try ledger.checkpoints(of: checking).map(\.actual) == [500, 700])
        #expect(try count("statement_balances") == 1)
    }

    @Test("a merge moves the source link to a target that has none")
    func mergeSourceKey() throws {
        let feed = try ledger.ensureAccount(
            AccountReference(name: "Savings ••••47DA", currency: .EUR, key: "financekit:47DA"), fallbackCurrency: .EUR)
        let merge = try ledger.mergeAccount(feed, into: checking)
        #expect(merge.movedSourceKey)
        #expect(try ledger.account(key: "financekit:47DA")?.id == checking.id)
    }

    @Test("a merge of two currencies, of two source links, or into itself is refused")
    func mergeRefused() throws {
        let dollars = try ledger.ensureAccount(
            AccountReference(name: "Dollars", currency: .USD), fallbackCurrency: .USD)
        let first = try ledger.ensureAccount(
            AccountReference(name: "A", currency: .EUR, key: "k:1"), fallbackCurrency: .EUR)
        let second = try ledger.ensureAccount(
            AccountReference(name: "B", currency: .EUR, key: "k:2"), fallbackCurrency: .EUR)
        let before = try dump()
        for (from, into, expected) in [
            (dollars, checking, "\"Dollars\" holds USD and \"Checking\" holds EUR"),
            (first, second, "are each linked to a source"),
            (checking, checking, "can't be merged into itself"),
        ] {
            #expect(throws: StoreError.self) { try ledger.mergeAccount(from, into: into) }
            do {
                _ = try ledger.mergeAccount(from, into: into)
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
        #expect(try dump() == before)
    }

    @Test("a dry-run merge reports the counts and writes nothing")
    func mergeDryRun() throws {
        try save([makeDraft("Coffee", -380, on: "2024-01-02", account: "Old checking")], into: old)
        try save([makeDraft("Coffee", -380, on: "2024-01-02")], into: checking)
        try save([makeDraft("Tea", -210, on: "2024-01-03", account: "Old checking")], into: old)
        let before = try dump()
        let commits = ledger.commitCount
        let merge = try ledger.mergeAccount(old, into: checking, dryRun: true)
        #expect(merge.movedTransactions == 1 && merge.duplicateTransactions == 1)
        #expect(try dump() == before)
        #expect(ledger.commitCount == commits)
    }

    @Test("a merge that fails at its last step leaves everything as it was")
    func mergeWholeOrNothing() throws {
        try save([makeDraft("Coffee", -380, on: "2024-01-02", account: "Old checking")], into: old)
        try ledger.checkpoint(old, asOf: Day(iso: "2024-01-31")!, actual: -380, source: .manual)
        try save([makeDraft("Tea", -210, on: "2024-01-03")], into: checking)
        // Fails the merge's removal of the merged account, after every row has moved.
        try ledger.database.execute(
            "CREATE TEMP TRIGGER refuse BEFORE DELETE ON accounts BEGIN SELECT RAISE(ABORT, 'fault test'); END")
        let before = try dump()
        #expect(throws: StoreError.self) { try ledger.mergeAccount(old, into: checking) }
        #expect(try dump() == before)
    }

    // MARK: - set

    @Test("an account's currency changes when it holds no rows")
    func setCurrencyEmpty() throws {
        let changed = try ledger.setAccount(checking, currency: .USD)
        #expect(changed.currency == .USD)
        #expect(try ledger.account(named: "Checking")?.currency == .USD)
    }

    @Test("an account's currency can't change while it holds rows in another currency")
    func setCurrencyInUse() throws {
        try save([makeDraft("Coffee", -380, on: "2024-01-02")], into: checking)
        do {
            try ledger.setAccount(checking, currency: .USD)
            Issue.record("a currency change under EUR rows must be refused")
        } catch {
            #expect(error.message.contains("\"Checking\" holds 1 transaction in EUR, so its currency can't become USD"))
        }
        #expect(try ledger.account(named: "Checking")?.currency == .EUR)
    }

    @Test("figures in minor units keep a currency from changing to one with other decimals")
    func setCurrencyMinorUnits() throws {
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-31")!, actual: 10000, source: .opening)
        #expect(throws: StoreError.self) { try ledger.setAccount(checking, currency: .JPY) }
        #expect(try ledger.setAccount(checking, currency: .USD).currency == .USD)
    }

    @Test("the kind changes, a dry run writes nothing")
    func setKind() throws {
        let before = try dump()
        #expect(try ledger.setAccount(checking, kind: .liability, dryRun: true).kind == .liability)
        #expect(try dump() == before)
        try ledger.setAccount(checking, kind: .liability)
        #expect(try ledger.account(named: "Checking")?.kind == .liability)
    }

    // MARK: - Helpers

    private func save(_ drafts: [Draft], into account: StoredAccount) throws {
        guard case .saved = ledger.save(rows(drafts, account: account), importID: nil) else {
            Issue.record("the batch was not saved")
            return
        }
    }

    private func count(_ table: String) throws -> Int64 {
        try ledger.database.prepare("SELECT count(*) FROM \(table)").rows { $0.int(0) }.first ?? -1
    }

    private func dailyTotals() throws -> [String] {
        try ledger.database.prepare(
            "SELECT account_id || '|' || day || '|' || booked_net FROM daily_totals WHERE booked_net != 0 ORDER BY 1"
        ).rows { $0.text(0) }
    }

    /// Every table an account change touches, as text.
    private func dump() throws -> [String] {
        var lines: [String] = []
        for (table, columns) in [
            ("accounts", "id, name, kind, currency, source_key"),
            ("transactions", "id, account_id, day, amount, external_id"),
            ("statement_balances", "id, account_id, as_of, kind, amount"),
            ("checkpoints", "id, account_id, as_of, expected, actual, discrepancy, status"),
            ("daily_totals", "account_id, day, booked_net"),
        ] {
            let select =
                "SELECT '\(table)' || quote(" + columns.replacingOccurrences(of: ", ", with: ") || '|' || quote(")
            lines += try ledger.database.prepare(select + ") FROM \(table) ORDER BY 1").rows { $0.text(0) }
        }
        return lines
    }
}
