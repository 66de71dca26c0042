import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedCreditDebitIndicator")
struct FeedCreditDebitIndicatorTests {
    @Test(
        "the indicator maps to ledgerport's holder-side direction for both account kinds",
        arguments: [
            (AccountKind.asset, FeedCreditDebitIndicator.credit, Direction.credit),  // salary in
            (.asset, .debit, .debit),  // purchase
            (.liability, .debit, .debit),  // card purchase: more owed, holder's balance falls
            (.liability, .credit, .credit),  // card payment: less owed, holder's balance rises
        ])
    func direction(kind: AccountKind, indicator: FeedCreditDebitIndicator, expected: Direction) {
        #expect(indicator.direction(for: kind) == expected)
    }

    @Test("a liability's spent (debit) balance is negative from the holder's side")
    func liabilityBalance() {
        let owed = Money(minorUnits: 12000, currency: .EUR)
        #expect(FeedCreditDebitIndicator.debit.signedBalance(owed, for: .liability) == -12000)
        #expect(FeedCreditDebitIndicator.credit.signedBalance(owed, for: .liability) == 12000)
    }

    @Test("an asset's credit balance is positive and an overdraft (debit) negative")
    func assetBalance() {
        let amount = Money(minorUnits: 5000, currency: .EUR)
        #expect(FeedCreditDebitIndicator.credit.signedBalance(amount, for: .asset) == 5000)
        #expect(FeedCreditDebitIndicator.debit.signedBalance(amount, for: .asset) == -5000)
    }

    @Test("a card purchase and a checking purchase of the same amount lower their balances alike")
    func purchaseIsDebitEverywhere() throws {
        let purchase = try decodeBatch(FeedJSONText.batch(inserted: [FeedJSONText.transaction()]))
        guard case .transactions(let changes) = purchase.changes else {
            Issue.record("not transactions")
            return
        }
        let onCard = changes.inserted[0].draft(accountName: "L1", kind: .liability)
        let onChecking = changes.inserted[0].draft(accountName: "A1", kind: .asset)
        #expect(onCard?.signedMinorUnits == -1250)
        #expect(onChecking?.signedMinorUnits == -1250)
    }

    @Test("an indicator other than credit or debit is refused with its path", arguments: ["Credit", "sideways", ""])
    func unknown(text: String) {
        let error = batchError(FeedJSONText.batch(inserted: [FeedJSONText.transaction(indicator: text)]))
        #expect(error?.reason == .unknownIndicator(found: text))
        #expect(error?.jsonPath == "$.inserted[0].creditDebitIndicator")
    }
}
