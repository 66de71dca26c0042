import Foundation
import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// `TRNAMT` and `BALAMT`: the sign gives the direction, the amount is exact and positive.
@Suite("OFXAmount")
struct OFXAmountTests {
    static let amounts: [(String, Direction, String)] = [
        ("-1,100.00", .debit, "1100.00"),  // a thousands separator, never 1.10
        ("1,234,567.89", .credit, "1234567.89"),
        ("+25.50", .credit, "25.50"),
        ("-12,50", .debit, "12.50"),  // a decimal comma
        ("1.234,56", .credit, "1234.56"),
        ("1.234.567", .credit, "1234567.00"),
        ("1,100", .credit, "1100.00"),
        (" - 3.10 ", .debit, "3.10"),
        ("-7", .debit, "7.00"),
        (".5", .credit, "0.50"),
        ("12.", .credit, "12.00"),
        ("-0.00", .credit, "0.00"),
        ("0.100", .credit, "0.10"),
    ]

    @Test("amounts as banks write them are read exactly", arguments: amounts)
    func reads(text: String, direction: Direction, amount: String) {
        let run = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(amount: text)])]))
        #expect(run.error == nil)
        #expect(run.drafts.first?.direction == direction)
        #expect(run.drafts.first?.amount.description == amount)
    }

    static let bad = [
        "12,3.4", "1e3", "12abc", "", "--1", "+-1", "1.2.3,4", "1,23,456.00", "12 34", "$12.00", "(12.00)",
    ]

    @Test("text that is not an amount is an error at the element", arguments: bad)
    func refuses(text: String) {
        let document = TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(amount: text)])])
        let run = TestDocument.read(document)
        #expect(run.drafts.isEmpty)
        let line = TestDocument.line(of: "<TRNAMT>", in: document)
        #expect(run.error?.hasPrefix("test.ofx:\(line):1: error: <TRNAMT> \"") == true, "\(run.error ?? "none")")
        #expect(run.error?.contains("is not an amount") == true)
    }

    @Test("12,3.4 is refused with the compiler-style message")
    func message() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement([
                TestDocument.transaction(amount: "-3.00"), TestDocument.transaction(amount: "12,3.4"),
            ])
        ])
        let run = TestDocument.read(document, name: "jan.ofx")
        let line = TestDocument.line(of: "<TRNAMT>12,3.4", in: document)
        #expect(run.drafts.count == 1)
        #expect(
            run.error == "jan.ofx:\(line):1: error: <TRNAMT> \"12,3.4\" is not an amount; expected digits with one '.'")
    }

    static let finer: [(String, String, Direction, String)] = [
        ("-8.4850", "USD", .debit, "8.48"),
        ("-995.4190396554627", "USD", .debit, "995.42"),
        ("0.125", "USD", .credit, "0.12"),  // half to even: down
        ("0.135", "USD", .credit, "0.14"),  // half to even: up
        ("-10.005", "USD", .debit, "10.00"),
        ("0.1251", "USD", .credit, "0.13"),  // past the half
        ("0.50", "JPY", .credit, "0"),  // a zero-decimal currency: half to even
        ("1.50", "JPY", .credit, "2"),
        ("-2.50", "JPY", .debit, "2"),
        ("1.0005", "BHD", .credit, "1.000"),
    ]

    @Test("a TRNAMT finer than the currency's minor unit is rounded half to even", arguments: finer)
    func roundsFinerAmounts(text: String, currency: String, direction: Direction, amount: String) {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction(amount: text)], currency: currency)
            ]))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.first?.amount.description == amount)
        #expect(run.drafts.first?.direction == direction)
    }

    @Test("a rounded row keeps the amount the bank sent in its memo, and one notice counts the rows from the first")
    func roundedRowsAreReported() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement([
                TestDocument.transaction(amount: "-1.00", fitID: "A"),
                TestDocument.transaction(amount: "-8.4850", fitID: "B", extra: "<MEMO>sweep\n"),
                TestDocument.transaction(amount: "2.005", fitID: "C"),
            ])
        ])
        let run = TestDocument.read(document, name: "mm.ofx")
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.memo) == ["", "sweep; TRNAMT -8.4850", "TRNAMT 2.005"])
        let notices = run.events.compactMap { event -> AdapterNotice? in
            if case .notice(let notice) = event { return notice } else { return nil }
        }
        #expect(notices.count == 1)
        #expect(notices.first?.count == 2)
        #expect(
            notices.first?.location.description == "mm.ofx:\(TestDocument.line(of: "<TRNAMT>-8.4850", in: document)):1")
        #expect(notices.first?.reason.contains("rounded half to even") == true)
    }

    @Test("a BALAMT finer than the currency's minor unit is still an error: a balance is never rounded")
    func tooPreciseBalance() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction()], ledgerBalance: "-10.005")
            ]))
        #expect(
            run.error?.contains("<BALAMT> \"-10.005\" has more decimals than USD allows; expected at most 2") == true)
    }

    @Test("an empty BALAMT gives no balance and a located notice; the transactions are read")
    func emptyBalance() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement(
                [TestDocument.transaction(), TestDocument.transaction(fitID: "F2")], ledgerBalance: "")
        ])
        let run = TestDocument.read(document, name: "empty.ofx")
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.count == 2)
        #expect(run.balances.isEmpty)
        let notices = run.events.compactMap { event -> AdapterNotice? in
            if case .notice(let notice) = event { return notice } else { return nil }
        }
        #expect(
            notices.map(\.location.description) == ["empty.ofx:\(TestDocument.line(of: "<BALAMT>", in: document)):1"])
        #expect(notices.first?.reason.contains("no balance stated") == true)
    }

    @Test("a missing BALAMT is still an error")
    func missingBalance() {
        let document = TestDocument.sgml([
            TestDocument.bankStatement([TestDocument.transaction()])
                .replacingOccurrences(of: "</STMTRS>", with: "<LEDGERBAL>\n<DTASOF>20240131\n</LEDGERBAL>\n</STMTRS>")
        ])
        let run = TestDocument.read(document)
        #expect(run.error?.contains("<LEDGERBAL> has no <BALAMT>") == true, "\(run.error ?? "")")
    }

    @Test("trailing zeros add no precision: twenty of them still read as 1.00, not as an overflow")
    func trailingZeros() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction(amount: "1.00000000000000000000")])
            ]))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.first?.amount == Money(minorUnits: 100, currency: .USD))
    }

    @Test("an amount past the largest says the largest right: 9.2 quintillion minor units")
    func tooLarge() {
        let run = TestDocument.read(
            TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(amount: "92233720368547758.08")])]))
        #expect(
            run.error?.contains(
                "<TRNAMT> \"92233720368547758.08\" is too large; expected at most 9223372036854775807 "
                    + "minor units (92233720368547758.07 with two decimals)") == true, "\(run.error ?? "")")
    }

    @Test("a NUL byte in any element's text is an error at that element")
    func nulInText() {
        for extra in ["<MEMO>A\u{0}B\n", "<NAME>\u{0}\n"] {
            let document = TestDocument.sgml([TestDocument.bankStatement([TestDocument.transaction(extra: extra)])])
            let run = TestDocument.read(document)
            let tag = extra.dropFirst().prefix { $0 != ">" }
            #expect(run.error?.contains("error: NUL byte in <\(tag)>; expected text") == true, "\(run.error ?? "")")
            #expect(run.drafts.isEmpty)
            let line = document.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.contains("\u{0}") }.map { $0 + 1 }
            #expect(run.errorLocation?.line == line)
        }
    }

    @Test("a zero-decimal currency reads whole amounts")
    func yen() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([TestDocument.transaction(amount: "-1,500")], currency: "JPY")
            ]))
        #expect(run.drafts.first?.amount == Money(minorUnits: 1500, currency: .JPY))
    }

    @Test("an amount in another currency is converted at CURRATE, rounded half to even, and noted in the memo")
    func foreignCurrency() {
        let run = TestDocument.read(
            TestDocument.sgml([
                TestDocument.bankStatement([
                    TestDocument.transaction(
                        amount: "-10.00", extra: "<CURRENCY>\n<CURRATE>1.2745\n<CURSYM>GBP\n</CURRENCY>\n")
                ])
            ]))
        #expect(run.drafts.first?.amount.description == "12.74")  // 12.745 → 12.74 (half to even)
        #expect(run.drafts.first?.memo == "-10.00 GBP at 1.2745")
    }

    @Test("a signed LEDGERBAL keeps its sign: a card's negative balance is money owed")
    func cardBalance() {
        let card = """
            <CCSTMTTRNRS>
            <TRNUID>1
            <CCSTMTRS>
            <CURDEF>USD
            <CCACCTFROM>
            <ACCTID>4111222233334444
            </CCACCTFROM>
            <BANKTRANLIST>
            \(TestDocument.transaction(amount: "-120.00"))</BANKTRANLIST>
            <LEDGERBAL>
            <BALAMT>-120.00
            <DTASOF>20240131
            </LEDGERBAL>
            </CCSTMTRS>
            </CCSTMTTRNRS>

            """
        let run = TestDocument.read(TestDocument.sgml([card], messageSet: "CREDITCARDMSGSRSV1"))
        #expect(run.accounts.first?.kind == .liability)
        #expect(run.drafts.first?.direction == .debit)
        #expect(run.balances.first?.signedMinorUnits == -12_000)
        #expect(run.balances.first?.kind == .ledger)
    }
}
