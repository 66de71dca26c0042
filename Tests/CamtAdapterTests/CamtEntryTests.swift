import CamtAdapter
import LedgerCore
import LedgerTestSupport
import Testing

/// Entries: direction, status, days, batches, text.
@Suite("camt entries")
struct CamtEntryTests {
    @Test("CdtDbtInd gives the direction and the amount stays positive")
    func direction() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(
                CamtTestDocument.entry(amount: "5.00", indicator: "CRDT", reference: "A")
                    + CamtTestDocument.entry(amount: "7.00", indicator: "DBIT", reference: "B")))
        #expect(run.drafts.map(\.direction) == [.credit, .debit])
        #expect(run.drafts.map(\.signedMinorUnits) == [500, -700])
    }

    @Test("a status written as text (to .001.07) and as Sts/Cd (.001.08 on) are both read")
    func statusForms() {
        let old = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(status: "<Sts>PDNG</Sts>"), version: "04"))
        let new = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(status: "<Sts><Cd>PDNG</Cd></Sts>")))
        #expect(old.drafts.map(\.status) == [.pending])
        #expect(new.drafts.map(\.status) == [.pending])
    }

    @Test("FUTR (booked for a later value date, .001.08 on) is stored as pending")
    func future() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(status: "<Sts><Cd>FUTR</Cd></Sts>")))
        #expect(run.drafts.map(\.status) == [.pending])
    }

    @Test("a batch that states only its count (Btch/NbOfTxs, no TxDtls) is one row that says so")
    func batchCountOnly() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(
                CamtTestDocument.entry(
                    amount: "300.00",
                    extra: "<NtryDtls><Btch><NbOfTxs>12</NbOfTxs></Btch></NtryDtls><AddtlNtryInf>Sammler</AddtlNtryInf>"
                )))
        #expect(run.drafts.map(\.amount.description) == ["300.00"])
        #expect(run.drafts.map(\.description) == ["Sammler"])
        #expect(run.drafts.map(\.memo) == ["batch of 12"])
    }

    @Test("INFO entries are no transactions: skipped with a count, never dropped silently")
    func info() {
        let info = CamtTestDocument.entry(status: "<Sts><Cd>INFO</Cd></Sts>", reference: nil)
        let run = CamtTestDocument.read(CamtTestDocument.statement(info + info + CamtTestDocument.entry()))
        #expect(run.drafts.count == 1)
        let skipped = run.events.compactMap { event -> SkippedRecords? in
            if case .skipped(let records) = event { return records } else { return nil }
        }
        #expect(skipped.map(\.count) == [2])
    }

    @Test("an unknown status is a located error")
    func unknownStatus() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(status: "<Sts><Cd>DONE</Cd></Sts>")))
        #expect(run.error?.contains("<Sts> \"DONE\" is not valid; expected BOOK, PDNG, FUTR or INFO") == true)
    }

    @Test(
        "a booking date-time counts on the date written, at noon and near midnight, whatever its offset",
        arguments: [
            ("2024-03-01T12:00:00+01:00", "2024-03-01"), ("2024-03-01T23:59:59-05:00", "2024-03-01"),
            ("2024-03-01T00:15:00+14:00", "2024-03-01"), ("2024-03-01T23:30:00.125Z", "2024-03-01"),
            ("2024-03-01T08:00:00", "2024-03-01"),
        ])
    func dateTime(written: String, day: String) {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(booking: "<BookgDt><DtTm>\(written)</DtTm></BookgDt>")))
        #expect(run.drafts.map { $0.bookingDay.description } == [day], "\(run.error ?? "")")
    }

    @Test(
        "a date-time that names no real moment is a located error",
        arguments: ["2024-03-01T25:00:00", "2024-03-01T12:00", "2024-03-01T12:00:00+1"])
    func badDateTime(written: String) {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(booking: "<BookgDt><DtTm>\(written)</DtTm></BookgDt>")))
        #expect(run.error?.contains("<BookgDt> \"\(written)\" is not valid") == true)
    }

    @Test("without BookgDt the value day is the booking day, and a notice says so")
    func valueDayFallback() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(booking: "<ValDt><Dt>2024-03-04</Dt></ValDt>")))
        #expect(run.drafts.map { $0.bookingDay.description } == ["2024-03-04"])
        #expect(run.events.contains { if case .notice = $0 { return true } else { return false } })
    }

    @Test("the payee is the creditor of money out and the debtor of money in")
    func payeeByDirection() {
        let parties =
            "<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Payer</Nm></Dbtr><Cdtr><Nm>Payee</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>"
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(
                CamtTestDocument.entry(indicator: "DBIT", reference: "A", extra: parties)
                    + CamtTestDocument.entry(indicator: "CRDT", reference: "B", extra: parties)))
        #expect(run.drafts.map(\.payee) == ["Payee", "Payer"])
        #expect(run.drafts.map(\.description) == ["Payee", "Payer"])
    }

    @Test("a batch whose transactions state amounts adding up to the entry becomes one row each")
    func splitBatch() throws {
        let run = runAdapter(
            CamtFormat.self, bytes: try Fixture.bytes("camt/batch-reversal-v13.xml"), name: "b.xml")
        let batch = run.drafts.prefix(3)
        #expect(batch.map(\.externalID) == ["AT240610SDD0017/1", "AT240610SDD0017/2", "AT240610SDD0017/3"])
        #expect(batch.map(\.amount.minorUnits) == [4500, 4500, 4500])
        #expect(batch.map(\.payee) == ["Anna Gruber", "Bernd Huber", "Clara Moser"])
    }

    @Test("a batch without per-transaction amounts, or whose amounts don't add up, stays one row with details joined")
    func unsplitBatch() throws {
        let run = runAdapter(
            CamtFormat.self, bytes: try Fixture.bytes("camt/batch-without-amounts-v04.xml"), name: "b.xml")
        #expect(run.drafts.map(\.amount.minorUnits) == [240_000, 2_000])
        #expect(run.drafts.first?.memo.contains("J. de Vries: Salaris februari | M. Jansen") == true)
        #expect(run.drafts.last?.memo.contains("Koffiehuis: 12.00 EUR | Bakkerij: 7.00 EUR") == true)
    }

    @Test("a foreign-currency entry books the account-currency amount and keeps the instructed one in the memo")
    func foreignCurrency() throws {
        let run = runAdapter(
            CamtFormat.self, bytes: try Fixture.bytes("camt/foreign-currency-overdrawn-v08.xml"), name: "f.xml")
        #expect(run.drafts.map(\.amount.description) == ["87.66"])
        #expect(run.drafts.first?.amount.currency.code == "GBP")
        #expect(run.drafts.first?.memo.hasSuffix("instructed 115.00 USD at 0.7623") == true)
    }

    @Test("an entry amount in another currency than the account's is a located error")
    func entryCurrency() {
        let entry = CamtTestDocument.entry().replacingOccurrences(of: "Ccy=\"EUR\"", with: "Ccy=\"USD\"")
        let run = CamtTestDocument.read(CamtTestDocument.statement(entry))
        #expect(run.error?.contains("<Ntry/Amt> is in USD but the account is in EUR") == true)
    }
}
