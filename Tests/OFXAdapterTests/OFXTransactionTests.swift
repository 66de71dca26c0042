import Foundation
import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// `STMTTRN` to draft: ids, corrections, descriptions, pending and investment cash lines.
@Suite("OFX transactions")
struct OFXTransactionTests {
    @Test("a FITID repeated for a different transaction keeps both, with ids stable across reads")
    func repeatedFITID() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement([
                TestDocument.transaction(amount: "-10.00", fitID: "X", name: "COFFEE"),
                TestDocument.transaction(amount: "-99.00", fitID: "X", name: "BOOKS"),
                TestDocument.transaction(amount: "-10.00", fitID: "X", name: "COFFEE"),
                TestDocument.transaction(amount: "-5.00", fitID: "X", name: "TEA"),
            ])
        ])
        let first = TestDocument.read(document)
        #expect(first.drafts.map(\.externalID) == ["X", "X#2", "X", "X#3"])
        #expect(TestDocument.read(document).drafts == first.drafts)
    }

    @Test("thousands of FITIDs, each repeated once the same and once different, keep their ids")
    func manyRepeatedFITIDs() {
        let ids = (0..<3000).map { "T\($0)" }
        let document = TestDocument.sgml([
            TestDocument.bankStatement(
                ids.map { TestDocument.transaction(amount: "-1.00", fitID: $0, name: "A") }
                    + ids.map { TestDocument.transaction(amount: "-1.00", fitID: $0, name: "A") }
                    + ids.map { TestDocument.transaction(amount: "-2.00", fitID: $0, name: "A") })
        ])
        let drafts = TestDocument.read(document).drafts
        #expect(drafts.map(\.externalID) == (ids + ids + ids.map { $0 + "#2" }).map { Optional($0) })
    }

    @Test("the same FITID in two accounts is not a repeat")
    func fitIDPerAccount() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction(fitID: "1")], accountID: "1111"),
                TestDocument.bankStatement([TestDocument.transaction(amount: "-3.00", fitID: "1")], accountID: "2222"),
            ]))
        #expect(run.drafts.map(\.externalID) == ["1", "1"])
    }

    @Test("a transaction without FITID has no external id, so the store falls back to the fingerprint")
    func noFITID() {
        let run = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(fitID: nil)])]))
        #expect(run.error == nil)
        #expect(run.drafts.first?.externalID == nil)
    }

    @Test("CORRECTACTION REPLACE becomes a replacing correction, then the new record as a draft")
    func replace() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([
                    TestDocument.transaction(
                        amount: "-12.00", fitID: "NEW", extra: "<CORRECTFITID>OLD\n<CORRECTACTION>REPLACE\n")
                ])
            ]))
        let tail = Array(run.events.suffix(2))
        guard tail.count == 2, case .correction(let correction) = tail[0], case .draft(let draft) = tail[1] else {
            Issue.record("expected a correction, then its draft: \(run.events)")
            return
        }
        #expect(correction.correctedExternalID == "OLD")
        #expect(correction.isReplacement)
        #expect(draft.externalID == "NEW")
        #expect(draft.amount.description == "12.00")
    }

    @Test("CORRECTACTION DELETE becomes a delete correction, even without an amount")
    func delete() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement([
                "<STMTTRN>\n<TRNTYPE>DEBIT\n<FITID>X9\n<CORRECTFITID>OLD\n<CORRECTACTION>DELETE\n</STMTTRN>\n"
            ])
        ])
        let run = TestDocument.read(document)
        #expect(run.error == nil)
        #expect(
            run.events.last
                == .correction(
                    DraftCorrection(
                        account: "Test Bank checking ••••6789", correctedExternalID: "OLD",
                        location: SourceLocation(
                            file: "test.ofx", line: TestDocument.line(of: "<STMTTRN>", in: document), column: 1))))
    }

    @Test("an unknown CORRECTACTION, or CORRECTFITID alone, is an error rather than a silent drop")
    func badCorrections() {
        let unknown = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction(extra: "<CORRECTFITID>OLD\n<CORRECTACTION>UNDO\n")]
                )
            ]))
        #expect(unknown.error?.contains("<CORRECTACTION> \"UNDO\" is not a correction") == true)
        let alone = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(extra: "<CORRECTFITID>OLD\n")])]))
        #expect(alone.error != nil)
    }

    @Test("NAME is the description; without it the PAYEE's NAME, then MEMO")
    func descriptions() {
        let payee =
            "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240110\n<TRNAMT>-1.00\n<FITID>P\n<PAYEE>\n<NAME>Payee Name\n<ADDR1>1 Road\n<CITY>Town\n<STATE>XX\n<POSTALCODE>0\n<PHONE>0\n</PAYEE>\n<MEMO>memo\n</STMTTRN>\n"
        let memoOnly =
            "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240110\n<TRNAMT>-1.00\n<FITID>M\n<MEMO>Only memo\n</STMTTRN>\n"
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([
                    TestDocument.transaction(name: "Plain", extra: "<MEMO>note\n<CHECKNUM>1043\n<REFNUM>R7\n"), payee,
                    memoOnly,
                ])
            ]))
        #expect(run.drafts.map(\.description) == ["Plain", "Payee Name", "Only memo"])
        #expect(run.drafts.map(\.memo) == ["note; check 1043; ref R7", "memo", ""])
    }

    @Test(
        "every TRNTYPE of the specification is read; the sign alone gives the direction",
        arguments: [
            "CREDIT", "DEBIT", "INT", "DIV", "FEE", "SRVCHG", "DEP", "ATM", "POS", "XFER", "CHECK", "PAYMENT", "CASH",
            "DIRECTDEP", "DIRECTDEBIT", "REPEATPMT", "HOLD", "OTHER",
        ])
    func trnTypes(type: String) {
        let positive = TestDocument.transaction(amount: "5.00", fitID: "P").replacingOccurrences(
            of: "DEBIT", with: type)
        let negative = TestDocument.transaction(amount: "-5.00", fitID: "N").replacingOccurrences(
            of: "DEBIT", with: type)
        let run = TestDocument.read(TestDocument.sgml([TestDocument.bankStatement([positive, negative])]))
        #expect(run.drafts.map(\.direction) == [.credit, .debit])
    }

    @Test("a missing TRNAMT is an error at the transaction")
    func missingAmount() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement(["<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240110\n<FITID>A\n</STMTTRN>\n"])
        ])
        let line = TestDocument.line(of: "<STMTTRN>", in: document)
        #expect(
            TestDocument.read(document).error
                == "test.ofx:\(line):1: error: <STMTTRN> has no <TRNAMT>; expected one, as the OFX specification requires"
        )
    }

    @Test("a truncated file is an error at its end naming the open element")
    func truncated() {
        let document = TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction()])])
        let cut = String(document.prefix(upTo: document.range(of: "<NAME>")!.lowerBound))
        let run = TestDocument.read(cut)
        #expect(run.drafts.isEmpty)
        #expect(run.error?.contains("the file ends inside <STMTTRN>") == true, "\(run.error ?? "")")
    }

    @Test("a file that is not OFX is refused as a whole")
    func notOFX() {
        #expect(
            TestDocument.read("Date,Description,Amount\n2024-01-01,Coffee,-3.80\n", name: "a.csv").error
                == "a.csv: error: no <OFX> element; expected an OFX 1.x header and <OFX>, or <?xml ...?> and <?OFX ...?>"
        )
    }

    @Test("sniffing is sure of a header, fairly sure of <OFX>, and says no to CSV")
    func sniff() {
        #expect(OFXFormat.sniff(Array(TestDocument.header.utf8), fileName: "x.ofx") == 100)
        #expect(OFXFormat.sniff(Array("<?xml version=\"1.0\"?><?OFX OFXHEADER=\"200\"?>".utf8), fileName: "x") == 100)
        #expect(OFXFormat.sniff(Array("\n<OFX>\n<SIGNONMSGSRSV1>".utf8), fileName: "x") == 90)
        #expect(OFXFormat.sniff(Array("Date,Amount\n".utf8), fileName: "x.csv") == 0)
        #expect(OFXFormat.sniff([], fileName: "download.QFX") == 30)
        // In any case, and only in the first 8 KiB.
        #expect(OFXFormat.sniff(Array("ofxheader:100\n".utf8), fileName: "x") == 100)
        #expect(OFXFormat.sniff(Array("\n<ofx>".utf8), fileName: "x") == 90)
        #expect(OFXFormat.sniff(Array((String(repeating: " ", count: 8192) + "<OFX>").utf8), fileName: "x") == 0)
    }
}
