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

    @Test("a balance finer than its currency's minor unit is a located error, never rounded")
    func tooPrecise() {
        let run = CamtTestDocument.read(CamtTestDocument.statement(CamtTestDocument.balance("CLBD", "1.005")))
        #expect(run.error?.contains("<Amt> \"1.005\" has more decimals than EUR allows") == true)
    }
}
