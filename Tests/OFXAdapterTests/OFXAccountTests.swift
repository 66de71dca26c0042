import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// How statements become ledger accounts.
@Suite("OFX accounts")
struct OFXAccountTests {
    @Test("an account is named institution, type and the masked last four digits")
    func derivedName() {
        let run = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction()], accountID: "000123456789")]))
        #expect(run.accounts.map(\.name) == ["Test Bank checking ••••6789"])
        #expect(run.accounts.first?.maskedNumber == "••••6789")
        #expect(run.accounts.first?.institution == "Test Bank")
        #expect(run.drafts.first?.account == "Test Bank checking ••••6789")
    }

    @Test("the full account number never appears in an account, a draft or an error")
    func neverFullNumber() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement(
                [TestDocument.transaction(), TestDocument.transaction(amount: "x")], accountID: "987654321012")
        ])
        let run = TestDocument.read(document)
        let everything = run.events.map { "\($0)" }.joined() + (run.error ?? "")
        #expect(!everything.contains("987654321012"))
    }

    @Test("a savings account is an asset and a credit line a liability")
    func kinds() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction()], accountID: "1111", type: "SAVINGS"),
                TestDocument.bankStatement([TestDocument.transaction()], accountID: "2222", type: "CREDITLINE"),
            ]))
        #expect(run.accounts.map(\.kind) == [.asset, .liability])
        #expect(run.accounts.map(\.name) == ["Test Bank savings ••••1111", "Test Bank credit line ••••2222"])
    }

    @Test("--account replaces the derived name when the file holds one account")
    func override() {
        let run = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction()], ledgerBalance: "-10.00")]),
            options: AdapterOptions(account: "Household"))
        #expect(run.accounts.map(\.name) == ["Household"])
        #expect(run.drafts.map(\.account) == ["Household"])
        #expect(run.balances.map(\.account) == ["Household"])
    }

    @Test("--account with two statements of the same account names both")
    func overrideSameAccountTwice() {
        let statement = TestDocument.bankStatement([TestDocument.transaction()])
        let run = TestDocument.read(
            TestDocument.sgml([statement, statement]), options: AdapterOptions(account: "Mine"))
        #expect(run.error == nil)
        #expect(Set(run.drafts.map(\.account)) == ["Mine"])
    }

    @Test("--account with two different accounts in the file is an error naming both, masked")
    func overrideWithTwoAccounts() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement([TestDocument.transaction()], accountID: "5550001111"),
            TestDocument.bankStatement([TestDocument.transaction()], accountID: "5550002222", type: "SAVINGS"),
        ])
        let run = TestDocument.read(document, options: AdapterOptions(account: "Mine"))
        #expect(run.error?.contains("checking ••••1111 and savings ••••2222") == true, "\(run.error ?? "")")
        #expect(run.error?.contains("5550002222") == false)
    }

    @Test("two accounts whose names would collide get a stable suffix on the second")
    func collision() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement([TestDocument.transaction()], accountID: "AAAA1234"),
            TestDocument.bankStatement([TestDocument.transaction()], accountID: "BBBB1234"),
        ])
        let first = TestDocument.read(document)
        let second = TestDocument.read(document)
        #expect(first.accounts.count == 2)
        #expect(first.accounts[0].name == "Test Bank checking ••••1234")
        // The suffix is stored in account names: FNV-1a of the identity, pinned (computed before
        // FNV-1a had one implementation, and in Python).
        #expect(first.accounts[1].name == "Test Bank checking ••••1234 (74f2)")
        #expect(first.accounts == second.accounts)
    }

    @Test("each statement's drafts name its own account, in file order")
    func severalAccounts() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction(fitID: "A")], accountID: "1111"),
                TestDocument.bankStatement([TestDocument.transaction(fitID: "B")], accountID: "2222"),
            ]))
        #expect(run.drafts.map(\.account) == ["Test Bank checking ••••1111", "Test Bank checking ••••2222"])
        guard case .account = run.events[0], case .draft = run.events[1], case .account = run.events[2] else {
            Issue.record("expected account, draft, account, draft: \(run.events)")
            return
        }
    }
}
