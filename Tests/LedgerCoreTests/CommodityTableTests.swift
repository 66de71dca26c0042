import LedgerCore
import Testing

private let here = SourceLocation(file: "mapping.json", line: 4, column: 5)

@Suite("Currency.declared")
struct DeclaredCurrencyTests {
    @Test(
        "a commodity code is upper-cased and keeps its own decimals",
        arguments: [("btc", "BTC", 8), ("VWRL", "VWRL", 6), ("x.eth-2_b", "X.ETH-2_B", 12), ("A", "A", 0)])
    func declares(text: String, code: String, digits: Int) throws {
        let commodity = try Currency.declared(code: text, minorDigits: digits, at: here)
        #expect(commodity.code == code)
        #expect(commodity.minorDigits == digits)
        #expect(!commodity.isISO)
    }

    @Test(
        "a code that can't be a commodity's is refused at its place",
        arguments: ["", "1BTC", "BTC COIN", "€", "ABCDEFGHIJKLM", "B/C", "-X"])
    func refusesCodes(text: String) {
        do {
            _ = try Currency.declared(code: text, minorDigits: 2, at: here)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == here)
            #expect(
                error.message.hasSuffix(
                    "is not a commodity code; expected 1 to 12 of A-Z, 0-9, '.', '_', '-', starting with a letter"))
        }
    }

    @Test("decimals run from 0 to 12", arguments: [-1, 13, 19])
    func refusesDigits(digits: Int) {
        #expect(throws: CoreError(.commodityDigits(code: "BTC", found: digits), at: here)) {
            try Currency.declared(code: "BTC", minorDigits: digits, at: here)
        }
    }

    @Test("an ISO 4217 code may be declared only with its own decimals, and then is the ISO currency")
    func isoCodes() throws {
        do {
            _ = try Currency.declared(code: "eur", minorDigits: 8, at: here)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "EUR is an ISO 4217 currency with 2 decimals; it can't be declared with 8")
        }
        let jpy = try Currency.declared(code: "JPY", minorDigits: 0, at: here)
        #expect(jpy == .JPY)
        #expect(jpy.isISO)
    }

    @Test("12 decimals still hold 9223372.036854775807, and 8-digit amounts read and print exactly")
    func precision() throws {
        let twelve = try Currency.declared(code: "MICRO", minorDigits: 12, at: here)
        #expect(Money.format(Int64.max, currency: twelve) == "9223372.036854775807")
        let btc = try Currency.declared(code: "BTC", minorDigits: 8, at: here)
        let (money, direction) = try Money.parse("-0.00012345", currency: btc, at: here)
        #expect(money.minorUnits == 12_345)
        #expect(direction == .debit)
        #expect(money.description == "0.00012345")
        #expect(throws: CoreError.self) { try Money.parse("0.000000001", currency: btc, at: here) }
        #expect(
            Money.rounded(
                DecimalNumber(isNegative: false, significand: 1_234_567_895, fractionDigits: 10), currency: btc)?.0
                .minorUnits == 12_345_679)
    }
}

@Suite("CommodityTable")
struct CommodityTableTests {
    @Test("the empty table knows ISO 4217 only")
    func isoOnly() {
        let table = CommodityTable()
        #expect(table.currency(code: "usd") == .USD)
        #expect(table.currency(code: "BTC") == nil)
        #expect(table.isEmpty)
    }

    @Test("a declared commodity resolves in any case; ISO codes come first")
    func resolves() throws {
        var table = CommodityTable()
        try table.declare(Currency.declared(code: "BTC", minorDigits: 8, at: here), at: here)
        try table.declare(.EUR, at: here)
        #expect(table.currency(code: " btc ")?.minorDigits == 8)
        #expect(table.currency(code: "EUR") == .EUR)
        #expect(table.commodities.map(\.code) == ["BTC"])
    }

    @Test("declaring a code again with the same decimals changes nothing; other decimals are refused")
    func conflicts() throws {
        var table = CommodityTable()
        try table.declare(Currency.declared(code: "BTC", minorDigits: 8, at: here), at: here)
        try table.declare(Currency.declared(code: "BTC", minorDigits: 8, at: here), at: here)
        do {
            try table.declare(Currency.declared(code: "BTC", minorDigits: 6, at: here), at: here)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "mapping.json:4:5: error: BTC is declared with 6 decimals, but the ledger already has it with 8; "
                    + "expected 8 (amounts are never rescaled)")
        }
        #expect(table.currency(code: "BTC")?.minorDigits == 8)
    }

    @Test("merging two tables refuses a code they declare with different decimals")
    func merging() throws {
        let ledger = CommodityTable([try Currency.declared(code: "BTC", minorDigits: 8, at: here)])
        let mapping = CommodityTable([
            try Currency.declared(code: "VWRL", minorDigits: 6, at: here),
            try Currency.declared(code: "BTC", minorDigits: 8, at: here),
        ])
        #expect(try ledger.merging(mapping, at: here).commodities.map(\.code) == ["BTC", "VWRL"])
        let other = CommodityTable([try Currency.declared(code: "BTC", minorDigits: 2, at: here)])
        #expect(throws: CoreError(.commodityConflict(code: "BTC", declared: 2, existing: 8), at: here)) {
            try ledger.merging(other, at: here)
        }
    }

    @Test("an unknown code that could be a commodity says how to declare it; other text is no currency")
    func unknownCodes() {
        let table = CommodityTable()
        do {
            _ = try table.currency(code: "btc", at: here)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.message
                    == "\"btc\" is neither an ISO 4217 currency nor a declared commodity; declare it with its decimals: "
                    + "`ledgerport commodities add BTC --digits N`, or a mapping's \"commodities\" key ({\"BTC\": N})")
        }
        #expect(throws: CoreError(.unknownCurrency(found: "€"), at: here)) { try table.currency(code: "€", at: here) }
    }
}
