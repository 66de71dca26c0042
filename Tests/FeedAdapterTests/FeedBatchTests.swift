import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedBatch")
struct FeedBatchTests {
    @Test("a batch's header fields are read")
    func header() throws {
        let batch = try decodeBatch(
            FeedJSONText.batch(seq: 7, previous: "tok6", token: "tok7", reset: true, deleted: ["X"]))
        #expect(batch.stream == FeedStream(kind: .transactions, accountID: "A1"))
        #expect(batch.seq == 7)
        #expect(batch.previousToken == "tok6")
        #expect(batch.newToken == "tok7")
        #expect(batch.reset)
        #expect(batch.changes == .transactions(FeedModelChanges(deleted: ["X"])))
    }

    @Test("a transaction becomes a draft with its booking day, purchase day and external id")
    func transactionDraft() throws {
        let text = FeedJSONText.transaction(
            id: "T9", date: "2024-01-05T10:00:00Z", posted: "2024-01-22T09:00:00Z",
            extra: #","merchantName":"Cafe","merchantCategoryCode":5814"#)
        let batch = try decodeBatch(FeedJSONText.batch(inserted: [text]))
        guard case .transactions(let changes) = batch.changes else {
            Issue.record("not transactions")
            return
        }
        let transaction = changes.inserted[0]
        #expect(transaction.merchantCategoryCode == 5814)
        let draft = try #require(transaction.draft(accountName: "A1", kind: .asset))
        #expect(draft.bookingDay == Day(year: 2024, month: 1, day: 22))
        #expect(draft.transactionDay == Day(year: 2024, month: 1, day: 5))
        #expect(draft.amount == Money(minorUnits: 1250, currency: .EUR))
        #expect(draft.direction == .debit)
        #expect(draft.externalID == "T9")
        #expect(draft.description == "Coffee")
        #expect(draft.memo == "COFFEE 12")
        #expect(draft.location == SourceLocation(file: "b.json", line: 1, column: 116))
    }

    @Test("without a posted date the booking day is the transaction day")
    func pendingBookingDay() throws {
        let batch = try decodeBatch(
            FeedJSONText.batch(inserted: [FeedJSONText.transaction(date: "2024-01-31T23:30:00Z", status: "pending")]))
        guard case .transactions(let changes) = batch.changes else {
            Issue.record("not transactions")
            return
        }
        #expect(changes.inserted[0].bookingDay == Day(year: 2024, month: 2, day: 1))
    }

    @Test("a foreign-currency purchase keeps the foreign amount and rate exactly in the memo")
    func foreignCurrency() throws {
        let extra =
            #","foreignCurrencyAmount":{"amount":"300.00","currencyCode":"USD"},"foreignCurrencyExchangeRate":0.9210"#
        let batch = try decodeBatch(
            FeedJSONText.batch(inserted: [FeedJSONText.transaction(amount: #""276.30""#, extra: extra)]))
        guard case .transactions(let changes) = batch.changes else {
            Issue.record("not transactions")
            return
        }
        #expect(changes.inserted[0].foreignCurrencyAmount?.amount == Money(minorUnits: 30000, currency: .USD))
        #expect(changes.inserted[0].foreignCurrencyExchangeRate == "0.9210")
        let memo = changes.inserted[0].draft(accountName: "A1", kind: .liability)?.memo ?? ""
        #expect(memo.contains("foreign amount 300.00 USD at rate 0.9210"))
    }

    @Test(
        "a missing required field is refused with the object's path",
        arguments: [
            "transactionAmount", "creditDebitIndicator", "transactionDate", "transactionDescription", "status", "id",
            "accountID", "transactionType", "originalTransactionDescription",
        ])
    func missingField(field: String) throws {
        let full = FeedJSONText.transaction()
        var object = try #require(try JSONParser.parse(Array(full.utf8)).kind.members)
        object.removeAll { $0.key == field }
        let text = "{" + object.map { #""\#($0.key)":"# + render($0.value) }.joined(separator: ",") + "}"
        let error = batchError(FeedJSONText.batch(inserted: [text]))
        #expect(error?.reason == .missingField(field))
        #expect(error?.jsonPath == "$.inserted[0]")
    }

    @Test("a batch field of the wrong type is refused with its path")
    func wrongType() {
        let error = batchError(
            #"{"stream":"accounts","seq":"1","previousToken":null,"newToken":"t","reset":false,"inserted":[],"updated":[],"deleted":[]}"#
        )
        #expect(error?.jsonPath == "$.seq")
        #expect(
            error?.description.hasPrefix("b.json:1:28: error: $.seq: found the string \"1\"; expected an integer")
                == true)
    }

    @Test("a transaction of another account than its batch is refused")
    func otherAccount() {
        let error = batchError(FeedJSONText.batch(account: "A1", inserted: [FeedJSONText.transaction(account: "A2")]))
        #expect(error?.jsonPath == "$.inserted[0].accountID")
    }

    @Test("bad JSON is reported with its line and column")
    func badJSON() {
        let error = batchError("{\n  \"stream\": \"accounts\",\n  \"seq\": 1,,\n}")
        #expect(error?.location == SourceLocation(file: "b.json", line: 3, column: 12))
        if case .notJSON = error?.reason {} else { Issue.record("expected notJSON, got \(String(describing: error))") }
    }

    @Test("an unknown stream name is refused")
    func unknownStream() {
        let error = batchError(FeedJSONText.batch(stream: "payees"))
        #expect(error?.jsonPath == "$.stream")
    }

    @Test("unknown fields are ignored so that newer writers can add some")
    func unknownFields() throws {
        let text = FeedJSONText.transaction(extra: #","futureField":{"x":[1,2]}"#)
        #expect(throws: Never.self) { try decodeBatch(FeedJSONText.batch(inserted: [text])) }
    }

    private func render(_ value: JSONValue) -> String {
        switch value.kind {
        case .string(let text): return "\"\(text)\""
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { #""\#($0.key)":"# + render($0.value) }.joined(separator: ",") + "}"
        }
    }
}

extension JSONValue.Kind {
    fileprivate var members: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
