import AdapterProtocol
import Foundation
import LedgerCore
import Testing

@Suite("ProtocolRecordWriter")
struct ProtocolRecordWriterTests {
    private let location = SourceLocation(file: "march.csv", line: 3, column: 1)

    private func day(_ text: String) -> Day {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        return Day(year: parts[0], month: parts[1], day: parts[2])!
    }

    /// The lines a writer produces for events, without their line feeds.
    private func lines(_ events: [AdapterEvent], end: Bool = false) -> [String] {
        let writer = ProtocolRecordWriter()
        for event in events { writer.write(event) }
        if end { writer.writeEnd() }
        let text = String(decoding: writer.takeBytes(), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func draft(
        account: String = "Checking", amount: Int64 = 1250, currency: Currency = .EUR, direction: Direction = .debit,
        description: String = "Coffee", memo: String = "", payee: String? = nil, status: TransactionStatus = .booked,
        externalID: String? = nil, runningBalance: Int64? = nil, transactionDay: Day? = nil
    ) -> Draft {
        Draft(
            account: account, bookingDay: day("2026-01-31"), transactionDay: transactionDay,
            amount: Money(minorUnits: amount, currency: currency), direction: direction, description: description,
            memo: memo, payee: payee, status: status, externalID: externalID, runningBalance: runningBalance,
            location: location)
    }

    @Test("a plain transaction has its keys in the fixed order, its amount a decimal string, and no absent field")
    func plainTransaction() {
        let output = lines([.account(AccountReference(name: "Checking", currency: .EUR)), .draft(draft())])
        #expect(
            output == [
                #"{"type":"account","key":"Checking","name":"Checking","currency":"EUR"}"#,
                #"{"type":"transaction","account":"Checking","bookingDay":"2026-01-31","amount":"12.50","direction":"debit","currency":"EUR","description":"Coffee","source":{"line":3,"column":1}}"#,
            ])
    }

    @Test("every optional field a draft has is written, in the protocol's order")
    func fullTransaction() {
        let full = draft(
            direction: .credit, memo: "ref 7", payee: "Bean Bar", status: .pending, externalID: "TX-1",
            runningBalance: -10025, transactionDay: day("2026-01-30"))
        #expect(
            lines([.draft(full)]) == [
                #"{"type":"transaction","account":"Checking","bookingDay":"2026-01-31","transactionDay":"2026-01-30","amount":"12.50","direction":"credit","currency":"EUR","description":"Coffee","memo":"ref 7","payee":"Bean Bar","status":"pending","externalID":"TX-1","balance":"-100.25","source":{"line":3,"column":1}}"#
            ])
    }

    @Test("an account with a key is named by that key in every record; one without by its name")
    func accountKeys() {
        let card = AccountReference(
            name: "Visa", kind: .liability, currency: .USD, institution: "Bank", maskedNumber: "••••1234", key: "acc-9")
        let output = lines([
            .account(card), .account(AccountReference(name: "Cash")), .draft(draft(account: "Visa")),
            .draft(draft(account: "Cash")), .draft(draft(account: "Visa")),
            .balance(
                StatementBalance(
                    account: "Visa", asOf: day("2026-01-31"), signedMinorUnits: 5, currency: .USD, location: location)),
            .correction(
                DraftCorrection(account: "Visa", correctedExternalID: "F1", isReplacement: true, location: location)),
        ])
        #expect(
            output[0]
                == #"{"type":"account","key":"acc-9","name":"Visa","currency":"USD","kind":"liability","institution":"Bank","number":"••••1234"}"#
        )
        #expect(output[1] == #"{"type":"account","key":"Cash","name":"Cash"}"#)
        #expect(output[2].contains(#""account":"acc-9""#))
        #expect(output[3].contains(#""account":"Cash""#))
        #expect(output[4].contains(#""account":"acc-9""#))
        #expect(output[5].contains(#""account":"acc-9""#))
        #expect(
            output[6]
                == #"{"type":"correction","account":"acc-9","correctedExternalID":"F1","replaces":true,"source":{"line":3,"column":1}}"#
        )
    }

    @Test("an account declared again under the same key is written once")
    func repeatedAccount() {
        let account = AccountReference(name: "Checking", currency: .EUR)
        let output = lines([.account(account), .draft(draft()), .account(account), .draft(draft())], end: true)
        #expect(output.filter { $0.contains(#""type":"account""#) }.count == 1)
        #expect(output.last == #"{"type":"end","records":3}"#)
    }

    @Test("amounts have the currency's digits: JPY none, BHD three, small amounts a leading zero")
    func amountDigits() {
        let output = lines([
            .draft(draft(amount: 5, currency: .JPY)), .draft(draft(amount: 7, currency: Currency(code: "BHD")!)),
            .draft(draft(amount: 5)), .draft(draft(amount: 0)), .draft(draft(amount: Int64.max)),
        ])
        #expect(output[0].contains(#""amount":"5","#))
        #expect(output[1].contains(#""amount":"0.007","#))
        #expect(output[2].contains(#""amount":"0.05","#))
        #expect(output[3].contains(#""amount":"0.00","#))
        #expect(output[4].contains(#""amount":"92233720368547758.07","#))
    }

    @Test("a balance is signed without a direction; a kind other than ledger is named")
    func balances() {
        let output = lines([
            .balance(
                StatementBalance(
                    account: "Checking", asOf: day("2026-02-28"), signedMinorUnits: -12000, currency: .EUR,
                    kind: .opening, location: location)),
            .balance(
                StatementBalance(
                    account: "Checking", asOf: day("2026-02-28"), signedMinorUnits: Int64.min, currency: .EUR,
                    location: location)),
        ])
        #expect(
            output[0]
                == #"{"type":"balance","account":"Checking","day":"2026-02-28","amount":"-120.00","kind":"opening","currency":"EUR","source":{"line":3,"column":1}}"#
        )
        #expect(output[1].contains(#""amount":"-92233720368547758.08","currency""#))
    }

    @Test("skipped, mapping and notice records")
    func skippedAndMapping() {
        let output = lines([
            .mapping("generic"), .skipped(SkippedRecords(count: 3, reason: "security trades", location: location)),
            .notice(AdapterNotice(count: 2, reason: "amounts rounded", location: location)),
        ])
        #expect(
            output == [
                #"{"type":"mapping","name":"generic"}"#,
                #"{"type":"skipped","count":3,"reason":"security trades","source":{"line":3,"column":1}}"#,
                #"{"type":"notice","count":2,"reason":"amounts rounded","source":{"line":3,"column":1}}"#,
            ])
    }

    @Test("an error has its location as source, or none for the file as a whole; end counts every record before it")
    func errorsAndEnd() {
        let writer = ProtocolRecordWriter()
        writer.write(.mapping("generic"))
        writer.writeError(message: "amount 'x' is not a number", at: SourceLocation(file: "a.csv", line: 7, column: 12))
        writer.writeError(message: "empty file", at: .file("a.csv"))
        writer.writeEnd()
        #expect(writer.recordCount == 3)
        #expect(writer.hasEnded)
        let text = String(decoding: writer.takeBytes(), as: UTF8.self)
        #expect(
            text == """
                {"type":"mapping","name":"generic"}
                {"type":"error","message":"amount 'x' is not a number","source":{"line":7,"column":12}}
                {"type":"error","message":"empty file"}
                {"type":"end","records":3}

                """)
    }

    @Test(
        "text is JSON-escaped: quotes, backslashes, controls, DEL, C1, bidirectional controls and line separators",
        arguments: [
            ("say \"hi\"", #""say \"hi\"""#),
            ("a\\b", #""a\\b""#),
            ("line\nbreak\r\ttab\u{08}\u{0C}", #""line\nbreak\r\ttab\u0008\u000c""#),
            ("nul\u{0}esc\u{1B}", #""nul\u0000esc\u001b""#),
            ("del\u{7F}c1\u{85}", #""del\u007fc1\u0085""#),
            ("rlo\u{202E}lrm\u{200E}alm\u{061C}fsi\u{2068}", #""rlo\u202elrm\u200ealm\u061cfsi\u2068""#),
            ("ls\u{2028}ps\u{2029}", #""ls\u2028ps\u2029""#),
            ("Müller €5 — naïve ✓ 😀 ¢ ؀", "\"Müller €5 — naïve ✓ 😀 ¢ ؀\""),
            ("", #""""#),
        ])
    func escaping(text: String, literal: String) throws {
        let output = lines([.mapping(text)])
        #expect(output == [#"{"type":"mapping","name":"# + literal + "}"])
        let parsed = try JSONSerialization.jsonObject(with: Data(output[0].utf8)) as? [String: Any]
        #expect(parsed?["name"] as? String == text)
    }

    @Test("every line is a JSON object whose values read back as written")
    func linesParse() throws {
        let output = lines(
            [
                .account(AccountReference(name: "Ch\"ecking", currency: .EUR, key: "k\n1")),
                .draft(draft(account: "Ch\"ecking", description: "tab\there", memo: "m", externalID: "x\\y")),
            ], end: true)
        let objects = try output.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects[0]?["key"] as? String == "k\n1")
        #expect(objects[1]?["account"] as? String == "k\n1")
        #expect(objects[1]?["description"] as? String == "tab\there")
        #expect(objects[1]?["externalID"] as? String == "x\\y")
        #expect(objects[2]?["records"] as? Int == 2)
    }

    @Test("flush hands over whole lines and empties the buffer")
    func flushing() {
        let writer = ProtocolRecordWriter(capacity: 16)
        var received: [UInt8] = []
        for _ in 0..<1000 { writer.write(.draft(draft())) }
        #expect(writer.bufferedByteCount > 0)
        writer.flush { received.append(contentsOf: $0) }
        #expect(writer.bufferedByteCount == 0)
        writer.writeEnd()
        writer.flush { received.append(contentsOf: $0) }
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 1001)
        #expect(text.hasSuffix(#"{"type":"end","records":1000}"# + "\n"))
    }

    @Test("a non-located error is written with its description and no source")
    func plainError() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk gone" } }
        let writer = ProtocolRecordWriter()
        writer.writeError(Broken())
        #expect(
            String(decoding: writer.takeBytes(), as: UTF8.self) == #"{"type":"error","message":"disk gone"}"# + "\n")
    }

    @Test(
        "strings are escaped exactly as JSONText escapes them, whatever the length and wherever the character",
        arguments: ["\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2029}", "é", "€", "😀", "a"])
    func escapingMatchesJSONText(special: String) {
        for length in 0...40 {
            for position in stride(from: 0, through: length, by: 3) {
                let text =
                    String(repeating: "x", count: position) + special + String(repeating: "y", count: length - position)
                let output = lines([.mapping(text)])
                #expect(output == [#"{"type":"mapping","name":"# + JSONText.quoted(text) + "}"])
            }
        }
    }

    @Test("decimals at every size: signs, leading zeros, four-digit currencies and the extremes")
    func decimalsAtEverySize() {
        let clf = Currency(code: "CLF")!
        #expect(clf.minorDigits == 4)
        var value: Int64 = 1
        for _ in 0..<18 {
            for sign: Int64 in [1, -1] {
                let signed = value * sign
                let output = lines([
                    .balance(
                        StatementBalance(
                            account: "A", asOf: day("2026-01-31"), signedMinorUnits: signed, currency: clf,
                            location: location))
                ])
                #expect(output[0].contains(#""amount":"\#(Money.format(signed, currency: clf))""#))
            }
            value = value * 10 + 7
        }
    }

    @Test("consecutive records on different days each get their own day")
    func changingDays() {
        let days = ["2026-01-31", "2026-01-31", "2026-02-01", "1999-12-31", "9999-12-31", "0001-01-01"]
        let output = lines(
            days.map { text in
                .balance(
                    StatementBalance(
                        account: "A", asOf: day(text), signedMinorUnits: 0, currency: .EUR, location: location))
            })
        #expect(output.map { $0.contains(#""day":""#) } == Array(repeating: true, count: days.count))
        for (line, text) in zip(output, days) { #expect(line.contains(#""day":"\#(text)""#)) }
    }
}
