import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedAccount")
struct FeedAccountTests {
    private func accounts(_ models: [String]) throws -> [FeedAccount] {
        guard
            case .accounts(let changes) = try decodeBatch(
                FeedJSONText.batch(stream: "accounts", account: nil, inserted: models)
            ).changes
        else { return [] }
        return changes.inserted
    }

    @Test("an asset and a liability keep their kind; the ledger key is the stable id, the name readable")
    func kinds() throws {
        let read = try accounts([FeedJSONText.asset(), FeedJSONText.liability()])
        #expect(read.map(\.kind) == [.asset, .liability])
        #expect(
            read[1].reference
                == AccountReference(
                    name: "Card ••••L1", kind: .liability, currency: .EUR, institution: "Example Card Issuer",
                    key: "financekit:L1"))
        #expect(read[1].creditInformation?.creditLimit?.amount == Money(minorUnits: 300_000, currency: .EUR))
    }

    @Test("an account that is neither asset nor liability is refused")
    func neither() {
        let error = batchError(
            FeedJSONText.batch(stream: "accounts", account: nil, inserted: [#"{"loan":{"id":"X"}}"#]))
        #expect(error?.jsonPath == "$.inserted[0]")
    }

    @Test("a NUL in an account's name is refused at the string, though no draft carries the name")
    func nulInName() {
        let model =
            #"{"asset":{"id":"A1","displayName":"Every\u0000day","institutionName":"I","currencyCode":"EUR"}}"#
        let error = batchError(FeedJSONText.batch(stream: "accounts", account: nil, inserted: [model]))
        #expect(error?.reason == .core(.nulInText(field: "displayName")))
        #expect(error?.jsonPath == "$.inserted[0].asset.displayName")
        #expect(error?.message.hasSuffix("NUL byte in displayName; expected text") == true, "\(error?.message ?? "")")
    }

    @Test("a liability without credit information is refused")
    func liabilityNeedsCreditInformation() {
        let model = #"{"liability":{"id":"L1","displayName":"Card","institutionName":"I","currencyCode":"EUR"}}"#
        let error = batchError(FeedJSONText.batch(stream: "accounts", account: nil, inserted: [model]))
        #expect(error?.reason == .missingField("creditInformation"))
        #expect(error?.jsonPath == "$.inserted[0].liability")
    }

    @Test("a batch of the accounts stream may not name an account")
    func accountsStreamHasNoAccount() {
        let error = batchError(FeedJSONText.batch(stream: "accounts", account: "A1"))
        #expect(error?.jsonPath == "$.accountID")
    }
}
