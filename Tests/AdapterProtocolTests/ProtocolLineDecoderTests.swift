import AdapterProtocol
import LedgerCore
import Testing

private let account = #"{"type":"account","key":"main","name":"Wise EUR","currency":"EUR","number":"DE00123456781234"}"#
private let transaction =
    #"{"type":"transaction","account":"main","bookingDay":"2026-01-31","amount":"12.50","direction":"debit","#
    + #""description":"Coffee","source":{"line":3,"column":1}}"#

/// Decodes lines in order; returns the events, or the first error's description.
private func decode(_ lines: [String], options: AdapterOptions = AdapterOptions(fileName: "march.json"))
    -> (events: [AdapterEvent], error: String?, decoder: ProtocolLineDecoder)
{
    var decoder = ProtocolLineDecoder(adapter: "wise", options: options)
    var events: [AdapterEvent] = []
    for (index, line) in lines.enumerated() {
        do {
            if case .event(let event) = try decoder.decode(Array(line.utf8), lineNumber: index + 1) {
                events.append(event)
            }
        } catch {
            return (events, "\(error)", decoder)
        }
    }
    return (events, nil, decoder)
}

/// The error the last of `lines` gives after an account declaration.
private func error(of line: String) -> String {
    decode([account, line]).error ?? "no error"
}

@Suite("ProtocolLineDecoder")
struct ProtocolLineDecoderTests {
    @Test("a record in a commodity the ledger declares is read at its decimals; undeclared, it says how to declare it")
    func commodities() throws {
        let wallet = #"{"type":"account","key":"w","name":"Wallet","currency":"BTC"}"#
        let fee =
            #"{"type":"transaction","account":"w","bookingDay":"2026-01-31","amount":"0.00012345","#
            + #""direction":"debit","currency":"BTC","description":"Network fee","source":{"line":2,"column":1}}"#
        let btc = try Currency.declared(code: "BTC", minorDigits: 8, at: .file("test"))
        let declared = decode(
            [wallet, fee], options: AdapterOptions(fileName: "march.json", commodities: CommodityTable([btc])))
        #expect(declared.error == nil)
        guard declared.events.count == 2, case .draft(let draft) = declared.events[1] else {
            Issue.record("unexpected events \(declared.events)")
            return
        }
        #expect(draft.amount == Money(minorUnits: 12_345, currency: btc))
        let undeclared = decode([wallet, fee])
        #expect(
            undeclared.error?.hasSuffix(
                #""currency" is "BTC"; expected an ISO 4217 code in capitals such as EUR or USD, "#
                    + "or a commodity the ledger declares (`ledgerport commodities add BTC --digits N`)") == true,
            "\(undeclared.error ?? "")")
    }

    @Test("an account, a transaction, a balance and end become events with the adapter's prefixed key")
    func happyPath() throws {
        let balance =
            #"{"type":"balance","account":"main","day":"2026-01-31","amount":"-100.25","kind":"available","#
            + #""source":{"line":9,"column":0}}"#
        let result = decode([account, transaction, balance, #"{"type":"end","records":3}"#])
        #expect(result.error == nil)
        #expect(result.decoder.hasEnded)
        #expect(throws: Never.self) { try result.decoder.finish() }
        guard result.events.count == 3, case .account(let reference) = result.events[0],
            case .draft(let draft) = result.events[1], case .balance(let stated) = result.events[2]
        else {
            Issue.record("unexpected events \(result.events)")
            return
        }
        #expect(reference.name == "Wise EUR")
        #expect(reference.key == "wise:main")
        #expect(reference.maskedNumber == "••••1234")
        #expect(reference.currency == .EUR)
        #expect(draft.account == "Wise EUR")
        #expect(draft.amount == Money(minorUnits: 1250, currency: .EUR))
        #expect(draft.direction == .debit)
        #expect(draft.location == LedgerCore.SourceLocation(file: "march.json", line: 3, column: 1))
        #expect(stated.signedMinorUnits == -10025)
        #expect(stated.kind == .available)
    }

    @Test("optional transaction fields are read: payee, memo, status, external id, running balance")
    func optionalFields() throws {
        let line =
            #"{"type":"transaction","account":"main","bookingDay":"2026-01-31","transactionDay":"2026-01-30","#
            + #""amount":"1","direction":"credit","currency":"EUR","description":"Pay","memo":"m","payee":"Bean","#
            + #""status":"pending","externalID":"TX-1","balance":"-3.5","extra":[1,{"a":null}],"#
            + #""source":{"line":1,"column":0}}"#
        let result = decode([account, line])
        #expect(result.error == nil)
        guard case .draft(let draft) = result.events.last else {
            Issue.record("no draft: \(result.error ?? "")")
            return
        }
        #expect(draft.transactionDay == Day(iso: "2026-01-30"))
        #expect(draft.payee == "Bean")
        #expect(draft.memo == "m")
        #expect(draft.status == .pending)
        #expect(draft.externalID == "TX-1")
        #expect(draft.runningBalance == -350)
    }

    @Test("a balance with a direction is unsigned: debit means overdrawn")
    func balanceDirection() {
        let line =
            #"{"type":"balance","account":"main","day":"2026-01-31","amount":"5.00","direction":"debit","#
            + #""source":{"line":1,"column":0}}"#
        guard case .balance(let balance) = decode([account, line]).events.last else {
            Issue.record("no balance")
            return
        }
        #expect(balance.signedMinorUnits == -500)
        #expect(error(of: line.replacingOccurrences(of: "5.00", with: "-5.00")).contains("expected digits"))
    }

    @Test(
        "an error in a record with a source is located at the input's line and column, naming the adapter and the output line"
    )
    func numberAmount() {
        let message = error(of: transaction.replacingOccurrences(of: #""12.50""#, with: "12.5"))
        #expect(
            message
                == #"march.json:3:1: error: adapter wise, output line 2: "amount" must be a decimal string such as "12.50", found the number 12.5"#
        )
    }

    @Test("too many decimals in a located row point at the row's line and column in the input file")
    func tooPreciseIsLocated() {
        let line = transaction.replacingOccurrences(of: #""12.50""#, with: #""1.005""#)
            .replacingOccurrences(of: #""line":3,"column":1"#, with: #""line":7,"column":12"#)
        #expect(
            error(of: line)
                == #"march.json:7:12: error: adapter wise, output line 2: "amount" "1.005" has 3 decimals; expected at most 2 for EUR"#
        )
    }

    @Test("an error in a record whose source is itself broken, or absent, is located at the file")
    func brokenSourceIsTheFile() {
        let badSource = transaction.replacingOccurrences(of: #""line":3"#, with: #""line":0"#)
        #expect(error(of: badSource).hasPrefix("march.json: error: adapter wise, output line 2: \"source.line\""))
        let noSource = #"{"type":"mapping","name":""}"#
        #expect(
            error(of: noSource)
                == #"march.json: error: adapter wise, output line 2: "name" is empty; expected the name of the layout read"#
        )
    }

    @Test("a number cut short by the end of the line says so in plain words")
    func cutShort() {
        let message = error(of: #"{"type":"end","records":1."#)
        #expect(message.contains("unexpected end of the line after '.'; expected a digit"), "\(message)")
        #expect(!message.contains("unexpected the"))
    }

    @Test(
        "each broken rule stops at its line with a message saying what it found",
        arguments: [
            ("{\"type\":", "not valid JSON"),
            ("[1,2]", "found an array; expected a JSON object"),
            ("", "the line is empty"),
            (#"{"name":"x"}"#, #""type" is missing"#),
            (#"{"type":"weird"}"#, #"unknown record type "weird""#),
            (#"{"type":7}"#, #""type" must be a string, found the number 7"#),
            (#"{"type":"account","key":"k"}"#, #""name" is missing"#),
            (#"{"type":"account","key":"main","name":"B","currency":"EUR"}"#, "declared twice"),
            (#"{"type":"account","key":"k2","name":"B","currency":"XYZ"}"#, "expected an ISO 4217 code"),
            (#"{"type":"account","key":"k2","name":"B","currency":"EUR","kind":"loan"}"#, #"expected "asset""#),
            (#"{"type":"end","records":5}"#, #""end" says 5 records; expected 1"#),
            (#"{"type":"end","records":"1"}"#, #""records" must be a whole number"#),
            (#"{"type":"mapping"}"#, #""name" is missing"#),
            (#"{"type":"skipped","count":0,"reason":"x","source":{"line":1,"column":1}}"#, "expected at least 1"),
            (#"{"type":"notice","count":0,"reason":"x","source":{"line":1,"column":1}}"#, "expected at least 1"),
            (#"{"type":"account","key":"a","name":"A","currency":"EUR","key":"b"}"#, "appears twice"),
        ])
    func brokenRules(line: String, expected: String) {
        let message = error(of: line)
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("output line 2"), "\(message)")
        #expect(message.hasPrefix("march.json"), "\(message)")
        #expect(message.contains("error: adapter wise"), "\(message)")
    }

    @Test(
        "each broken transaction field is named",
        arguments: [
            (#""account":"main""#, #""account":"other""#, #"account key "other" is not declared"#),
            (#""bookingDay":"2026-01-31""#, #""bookingDay":"2026-02-30""#, #""2026-02-30"; expected a calendar day"#),
            (#""bookingDay":"2026-01-31""#, #""bookingDay":"31.01.2026""#, "expected a calendar day as YYYY-MM-DD"),
            (#""amount":"12.50""#, #""amount":"12.505""#, "has 3 decimals; expected at most 2 for EUR"),
            (#""amount":"12.50""#, #""amount":"12.500""#, "has 3 decimals"),
            (#""amount":"12.50""#, #""amount":"-12.50""#, "expected digits"),
            (#""amount":"12.50""#, #""amount":"1e3""#, "expected digits"),
            (#""amount":"12.50""#, #""amount":"1,250.00""#, "expected digits"),
            (#""amount":"12.50""#, #""amount":".5""#, "expected digits"),
            (#""amount":"12.50""#, #""amount":"5.""#, "expected digits"),
            (#""amount":"12.50""#, #""amount":"99999999999999999999""#, "too large"),
            (#""direction":"debit""#, #""direction":"out""#, #"expected "credit" or "debit""#),
            (#""description":"Coffee""#, #""description":null"#, #""description" must be a string, found null"#),
            (#""description":"Coffee","#, "", #""description" is missing"#),
            (#""source":{"line":3,"column":1}"#, #""source":{"line":0,"column":1}"#, "at least 1"),
            (#""source":{"line":3,"column":1}"#, #""source":{"line":3}"#, #""source.column" is missing"#),
            (#""source":{"line":3,"column":1}"#, #""source":"3:1""#, #""source" must be an object"#),
            (
                #""amount":"12.50""#, #""amount":"12.50","currency":"USD""#,
                #""currency" is "USD"; expected "EUR", the currency of its account"#
            ),
        ])
    func brokenTransactionFields(original: String, replacement: String, expected: String) {
        let line = transaction.replacingOccurrences(of: original, with: replacement)
        #expect(line != transaction)
        let message = error(of: line)
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("output line 2"), "\(message)")
    }

    @Test("bytes that are not UTF-8 inside a string are named as such")
    func notUTF8() throws {
        var decoder = ProtocolLineDecoder(adapter: "wise", options: AdapterOptions(fileName: "m.json"))
        let bytes = Array(#"{"type":"mapping","name":"a"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        #expect {
            try decoder.decode(bytes, lineNumber: 4)
        } throws: { error in
            "\(error)".contains("output line 4: not UTF-8") && "\(error)".contains("expected UTF-8 text")
        }
    }

    @Test("escaped strings decode, surrogate pairs included; a lone surrogate is an error")
    func escapes() {
        let result = decode([#"{"type":"mapping","name":"a\"b\\c\u00e9\ud83d\ude00"}"#])
        #expect(result.events == [.mapping("a\"b\\cé😀")])
        #expect(decode([#"{"type":"mapping","name":"\ud83d"}"#]).error?.contains("surrogate") == true)
    }

    @Test("output after end is an error; a stream without end fails at finish")
    func endRules() {
        let after = decode([account, #"{"type":"end","records":1}"#, #"{"type":"mapping","name":"x"}"#])
        #expect(after.error?.contains("output line 3: output after the \"end\" record") == true)
        let truncated = decode([account, transaction])
        #expect(truncated.error == nil)
        #expect {
            try truncated.decoder.finish()
        } throws: { error in
            "\(error)".contains("stops after line 2 without an \"end\" record")
        }
    }

    @Test("an error record becomes an error at its place in the input, control characters made harmless")
    func errorRecord() {
        let result = decode([
            account,
            #"{"type":"error","message":"amount 'x' is not a number\u001b[31m","source":{"line":7,"column":12}}"#,
        ])
        #expect(result.error == #"march.json:7:12: error: amount 'x' is not a number\u{1b}[31m"#)
        let whole = decode([#"{"type":"error","message":"cannot read"}"#])
        #expect(whole.error == "march.json: error: cannot read")
    }

    @Test("an account without a currency takes the user's, else asks for one")
    func accountCurrency() {
        let bare = #"{"type":"account","key":"k","name":"Card","kind":"liability"}"#
        let given = decode([bare], options: AdapterOptions(fileName: "f", currency: .USD))
        guard case .account(let reference) = given.events.first else {
            Issue.record("no account: \(given.error ?? "")")
            return
        }
        #expect(reference.currency == .USD)
        #expect(reference.kind == .liability)
        #expect(decode([bare]).error?.contains("--currency") == true)
    }

    @Test("--account renames every declared account, and drafts follow it")
    func accountOverride() {
        let result = decode([account, transaction], options: AdapterOptions(account: "Mine", fileName: "f"))
        guard case .draft(let draft) = result.events.last else {
            Issue.record("no draft")
            return
        }
        #expect(draft.account == "Mine")
    }

    @Test("corrections, skipped records, mappings and notices become their events")
    func otherRecords() {
        let result = decode([
            account,
            #"{"type":"correction","account":"main","correctedExternalID":"TX-1","replaces":true,"source":{"line":2,"column":0}}"#,
            #"{"type":"skipped","count":3,"reason":"trades","source":{"line":4,"column":0}}"#,
            #"{"type":"mapping","name":"wise-v2"}"#,
            #"{"type":"notice","count":2,"reason":"amounts rounded","source":{"line":5,"column":9}}"#,
        ])
        #expect(result.error == nil)
        #expect(
            result.events.dropFirst().elementsEqual([
                .correction(
                    DraftCorrection(
                        account: "Wise EUR", correctedExternalID: "TX-1", isReplacement: true,
                        location: LedgerCore.SourceLocation(file: "march.json", line: 2, column: 0))),
                .skipped(
                    SkippedRecords(
                        count: 3, reason: "trades",
                        location: LedgerCore.SourceLocation(file: "march.json", line: 4, column: 0))),
                .mapping("wise-v2"),
                .notice(
                    AdapterNotice(
                        count: 2, reason: "amounts rounded",
                        location: LedgerCore.SourceLocation(file: "march.json", line: 5, column: 9))),
            ]))
    }
}
