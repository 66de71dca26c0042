import CamtAdapter
import LedgerCore
import LedgerTestSupport
import Testing

/// Each row's own id, and account names.
@Suite("camt identity")
struct CamtIdentityTests {
    @Test("AcctSvcrRef is the id; the same entry repeated keeps it, a different entry under it does not")
    func repeatedReference() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(
                CamtTestDocument.entry(amount: "1.00", reference: "R")
                    + CamtTestDocument.entry(amount: "1.00", reference: "R")
                    + CamtTestDocument.entry(amount: "2.00", reference: "R", extra: "<NtryRef>7</NtryRef>")
                    + CamtTestDocument.entry(amount: "3.00", reference: "R")))
        #expect(run.drafts.map(\.externalID) == ["R", "R", "7@2024-03-01", nil])
    }

    @Test("two standing orders of one day and amount under one AcctSvcrRef are two rows: the second has no id")
    func sameReferenceOtherContent() throws {
        let run = runAdapter(
            CamtFormat.self, bytes: try Fixture.bytes("camt/same-reference-standing-orders-v08.xml"), name: "s.xml")
        #expect(run.drafts.map(\.externalID) == ["DA-RUN-20240610", nil])
        #expect(run.drafts.map(\.description) == ["Hausverwaltung Berger", "Sparkasse Sparplan"])
    }

    @Test("NtryRef alone is an id only with its booking day, so banks that number entries per statement never collide")
    func entryReference() {
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(reference: nil, extra: "<NtryRef>1</NtryRef>")))
        #expect(run.drafts.map(\.externalID) == ["1@2024-03-01"])
    }

    @Test("split rows without an entry reference use EndToEndId with the day when unique, else the fingerprint")
    func endToEnd() {
        func transaction(_ amount: String, _ endToEnd: String) -> String {
            "<TxDtls><Refs><EndToEndId>\(endToEnd)</EndToEndId></Refs><Amt Ccy=\"EUR\">\(amount)</Amt></TxDtls>"
        }
        let details =
            "<NtryDtls>" + transaction("1.00", "E1") + transaction("2.00", "NOTPROVIDED") + transaction("3.00", "E1")
            + "</NtryDtls>"
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(amount: "6.00", reference: nil, extra: details)))
        #expect(run.drafts.map(\.externalID) == ["E1@2024-03-01", nil, nil])
    }

    @Test("accounts are named after the servicer and the masked IBAN, and the full number never shows")
    func accountName() {
        let run = CamtTestDocument.read(CamtTestDocument.statement(CamtTestDocument.entry()))
        #expect(run.accounts.map(\.name) == ["Testbank ••••9890"])
        #expect(run.accounts.map(\.maskedNumber) == ["••••9890"])
    }

    @Test("--account names the account of a one-account file, and a second account is an error naming both, masked")
    func accountOption() throws {
        let single = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry()), options: AdapterOptions(account: "Giro"))
        #expect(single.accounts.map(\.name) == ["Giro"])
        let run = runAdapter(
            CamtFormat.self, bytes: try Fixture.bytes("camt/two-statements-v04.xml"), name: "t.xml",
            options: AdapterOptions(account: "Giro"))
        #expect(
            run.error?.contains("statements for Musterbank Zuerich ••••2345 and Musterbank Zuerich ••••8901") == true)
    }
}
