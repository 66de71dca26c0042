import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedCurrencyAmount")
struct FeedCurrencyAmountTests {
    private func transaction(amount: String, currency: String = "EUR") -> String {
        FeedJSONText.transaction(amount: amount).replacingOccurrences(
            of: #""currencyCode":"EUR""#, with: #""currencyCode":"\#(currency)""#)
    }

    private func amount(_ json: String, currency: String = "EUR") throws -> Money {
        let batch = try decodeBatch(FeedJSONText.batch(inserted: [transaction(amount: json, currency: currency)]))
        guard case .transactions(let changes) = batch.changes else {
            throw FeedError(.missingField("x"), at: .file(""))
        }
        return changes.inserted[0].transactionAmount.amount
    }

    @Test(
        "amounts as strings or numbers are read exactly",
        arguments: [
            (#""12.50""#, Int64(1250)), ("12.5", 1250), ("0.1", 10), ("900", 90000), (#""0.07""#, 7),
            ("92233720368547758.07", Int64.max), (#""1234.500""#, 123450),
        ])
    func exact(json: String, minorUnits: Int64) throws {
        #expect(try amount(json).minorUnits == minorUnits)
    }

    @Test("each currency's minor unit decides the precision allowed")
    func minorUnits() throws {
        #expect(try amount("1500", currency: "JPY") == Money(minorUnits: 1500, currency: .JPY))
        #expect(try amount(#""1.234""#, currency: "BHD") == Money(minorUnits: 1234, currency: .BHD))
        #expect(throws: FeedError.self) { try amount(#""12.5""#, currency: "JPY") }
    }

    @Test(
        "negative amounts are refused: the indicator gives the direction",
        arguments: [#""-12.50""#, "-12.50", #""-0.00""#])
    func negative(json: String) {
        let error = batchError(FeedJSONText.batch(inserted: [transaction(amount: json)]))
        #expect(error?.reason == .negativeAmount(found: json.replacingOccurrences(of: "\"", with: "")))
        #expect(error?.jsonPath == "$.inserted[0].transactionAmount.amount")
    }

    @Test(
        "text that is not a plain decimal is refused with the field's path",
        arguments: [#""12,50""#, #""12abc""#, #""""#, "1e3", "1.5E2", #""1e3""#, "true", "null", #""12.345""#])
    func notAnAmount(json: String) {
        let error = batchError(FeedJSONText.batch(inserted: [transaction(amount: json)]))
        #expect(error != nil)
        let path = error?.jsonPath ?? ""
        #expect(path == "$.inserted[0].transactionAmount.amount" || path == "$.inserted[0].transactionAmount")
    }

    @Test("an amount too large for 64 bits of minor units is an overflow error")
    func overflow() {
        let error = batchError(FeedJSONText.batch(inserted: [transaction(amount: "92233720368547758.08")]))
        #expect(error?.reason == .core(.overflow(found: "92233720368547758.08")))
    }

    @Test("an unknown currency code is refused")
    func unknownCurrency() {
        let error = batchError(FeedJSONText.batch(inserted: [transaction(amount: "1", currency: "XYZ")]))
        #expect(error?.reason == .core(.unknownCurrency(found: "XYZ")))
        #expect(error?.jsonPath == "$.inserted[0].transactionAmount.currencyCode")
    }
}
