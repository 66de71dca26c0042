import CamtAdapter
import LedgerCore
import LedgerTestSupport
import Testing

/// Balances: which become checkpoints, their days and signs.
@Suite("camt balances")
struct CamtBalanceTests {
    @Test("OPBD plus the booked entries, reversals included in their own direction, is CLBD")
    func reversalsReconcile() throws {
        let run = runAdapter(CamtFormat.self, bytes: try Fixture.bytes("camt/batch-reversal-v13.xml"), name: "r.xml")
        #expect(run.drafts.filter { $0.memo.hasPrefix("reversal") }.map(\.direction) == [.debit, .credit])
        let opening = try #require(run.balances.first { $0.kind == .opening })
        let closing = try #require(run.balances.first { $0.kind == .ledger })
        let booked = run.drafts.filter { $0.status == .booked }.map(\.signedMinorUnits)
        #expect(opening.signedMinorUnits + booked.reduce(0, +) == closing.signedMinorUnits)
    }

    @Test("OPBD is the opening balance at the end of the day before its date")
    func openingDay() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.balance("OPBD", "100.00", day: "2024-03-01")))
        #expect(run.balances.map(\.kind) == [.opening])
        #expect(run.balances.map { $0.asOf.description } == ["2024-02-29"])
    }

    @Test("PRCD is the opening balance only when there is no OPBD, as of its own date")
    func previouslyClosed() {
        let prcd = CamtTestDocument.balance("PRCD", "90.00", day: "2024-02-28")
        let onlyPRCD = CamtTestDocument.read(CamtTestDocument.statement(prcd))
        #expect(onlyPRCD.balances.map { "\($0.kind) \($0.asOf) \($0.formatted)" } == ["opening 2024-02-28 90.00"])
        let both = CamtTestDocument.read(
            CamtTestDocument.statement(prcd + CamtTestDocument.balance("OPBD", "100.00", day: "2024-03-01")))
        #expect(both.balances.map { "\($0.kind) \($0.asOf) \($0.formatted)" } == ["opening 2024-02-29 100.00"])
    }

    @Test("without OPBD or PRCD there is no opening balance, and CLBD is still the closing checkpoint")
    func missingOpening() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.balance("CLBD", "5.00") + CamtTestDocument.entry()))
        #expect(run.balances.map { "\($0.kind) \($0.asOf) \($0.formatted)" } == ["ledger 2024-03-01 5.00"])
    }

    @Test("a DBIT balance is negative")
    func debitBalance() {
        let run = CamtTestDocument.read(CamtTestDocument.statement(CamtTestDocument.balance("CLBD", "12.34", "DBIT")))
        #expect(run.balances.map(\.signedMinorUnits) == [-1234])
    }

    @Test("with only OPBD and entries no closing balance is invented")
    func noInventedClosing() throws {
        let run = runAdapter(CamtFormat.self, bytes: try Fixture.bytes("camt/opening-only-v08.xml"), name: "o.xml")
        #expect(run.balances.map(\.kind) == [.opening])
    }

    @Test("CLAV, FWAV, ITAV and OPAV are available balances, never checkpoints")
    func available() {
        let body = ["CLAV", "FWAV", "ITAV", "OPAV"].map { CamtTestDocument.balance($0, "1.00") }.joined()
        let run = CamtTestDocument.read(CamtTestDocument.statement(body))
        #expect(run.balances.map(\.kind) == [.available, .available, .available, .available])
    }

    @Test("ITBD is a ledger balance for its day unless a CLBD or a later ITBD of that day follows")
    func interim() {
        let morning = CamtTestDocument.balance("ITBD", "1.00", day: "2024-03-01")
        let noon = CamtTestDocument.balance("ITBD", "2.00", day: "2024-03-01")
        let report = CamtTestDocument.read(CamtTestDocument.statement(morning + noon, kind: "052"))
        #expect(report.balances.map { "\($0.kind) \($0.formatted)" } == ["ledger 2.00"])
        let withClosing = CamtTestDocument.read(
            CamtTestDocument.statement(noon + CamtTestDocument.balance("CLBD", "3.00", day: "2024-03-01")))
        #expect(withClosing.balances.map { "\($0.kind) \($0.formatted)" } == ["ledger 3.00"])
    }

    @Test("pages of one day's statement: each page's ITBD gives way to the last page's CLBD, so one checkpoint remains")
    func paginated() {
        let page1 =
            CamtTestDocument.balance("OPBD", "100.00") + CamtTestDocument.balance("ITBD", "90.00")
            + CamtTestDocument.entry(amount: "10.00", reference: "P1")
        let page2 =
            CamtTestDocument.balance("ITBD", "90.00") + CamtTestDocument.balance("CLBD", "85.00")
            + CamtTestDocument.entry(amount: "5.00", reference: "P2")
        let document = CamtTestDocument.statement(page1)
            .replacingOccurrences(of: "</Stmt>", with: "</Stmt>\n<Stmt><Id>T-2</Id>\(Self.account)\(page2)</Stmt>")
        let run = CamtTestDocument.read(document)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(
            run.balances.map { "\($0.kind) \($0.asOf) \($0.formatted)" } == [
                "opening 2024-02-29 100.00", "ledger 2024-03-01 85.00",
            ])
    }

    @Test("two intraday reports of one day: only the later ITBD is a balance, given when the file ends")
    func laterInterim() {
        let report = CamtTestDocument.statement(CamtTestDocument.balance("ITBD", "90.00"), kind: "052")
        let document = report.replacingOccurrences(
            of: "</Rpt>",
            with: "</Rpt>\n<Rpt><Id>T-2</Id>\(Self.account)\(CamtTestDocument.balance("ITBD", "70.00"))</Rpt>")
        let run = CamtTestDocument.read(document)
        #expect(run.balances.map { "\($0.kind) \($0.formatted)" } == ["ledger 70.00"])
        if case .balance = run.events.last {} else { Issue.record("the interim balance is not the last event") }
    }

    static let account =
        "<Acct><Id><IBAN>DE12500105170648489890</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><Nm>Testbank</Nm></FinInstnId></Svcr></Acct>"

    @Test("a balance finer than its currency's minor unit is a located error, never rounded")
    func tooPrecise() {
        let run = CamtTestDocument.read(CamtTestDocument.statement(CamtTestDocument.balance("CLBD", "1.005")))
        #expect(run.error?.contains("<Amt> \"1.005\" has more decimals than EUR allows") == true)
    }
}
