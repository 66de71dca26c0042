import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

private let here = SourceLocation(file: "wallet.csv", line: 1, column: 1)

/// A draft in a commodity: `signed` in its minor units.
private func commodityDraft(
    _ description: String, _ signed: Int64, on day: String, currency: Currency, account: String = "Wallet",
    line: Int = 2
) -> Draft {
    let (money, direction) = Money.fromSigned(signed, currency: currency)!
    return Draft(
        account: account, bookingDay: Day(iso: day)!, amount: money, direction: direction, description: description,
        location: SourceLocation(file: "wallet.csv", line: line, column: 1))
}

/// Declared commodities in the store: registered with the write that first uses them, read back
/// through the ledger's table, never rescaled (issue 14).
@Suite("Ledger commodities")
struct LedgerCommodityTests {
    let folder: URL
    let btc: Currency

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerport-commodities-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        btc = try Currency.declared(code: "BTC", minorDigits: 8, at: here)
    }

    var path: String { folder.appendingPathComponent("ledger.sqlite").path }

    @Test("0.00012345 BTC is stored as 12345 minor units, read back by a new connection, and a re-import adds nothing")
    func storesExactly() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (money, direction) = try Money.parse("-0.00012345", currency: btc, at: here)
        let draft = Draft(
            account: "Wallet", bookingDay: Day(iso: "2024-03-02")!, amount: money, direction: direction,
            description: "Withdrawal fee", location: here)
        do {
            let ledger = try Ledger(path: path)
            let wallet = try ledger.ensureAccount(
                AccountReference(name: "Wallet", currency: btc), fallbackCurrency: btc)
            #expect(ledger.commodities.currency(code: "BTC") == btc)
            #expect(ledger.save(rows([draft], account: wallet), importID: nil) == .saved(inserted: 1, duplicates: 0))
        }
        let reopened = try Ledger(path: path)
        #expect(reopened.commodities.currency(code: "btc") == btc)
        let stored = try reopened.transactions()
        #expect(stored.count == 1)
        #expect(stored.first?.amount.minorUnits == 12_345)
        #expect(stored.first?.amount.currency == btc)
        #expect(stored.first?.amount.description == "0.00012345")
        let wallet = try #require(try reopened.account(named: "Wallet"))
        #expect(wallet.currency == btc)
        #expect(try reopened.balance(of: wallet) == -12_345)
        #expect(reopened.save(rows([draft], account: wallet), importID: nil) == .saved(inserted: 0, duplicates: 1))
        #expect(try reopened.storedCommodities().map(\.commodity) == [btc])
        #expect(reopened.check().isSound)
    }

    @Test("a commodity written with other decimals than the ledger's is refused at its record; nothing is written")
    func conflictingDigits() throws {
        let ledger = try Ledger(path: ":memory:")
        try ledger.declareCommodity(btc)
        let wallet = try ledger.ensureAccount(AccountReference(name: "Wallet", currency: btc), fallbackCurrency: btc)
        let six = try Currency.declared(code: "BTC", minorDigits: 6, at: here)
        let batch = rows(
            [
                commodityDraft("Buy", 100, on: "2024-03-01", currency: btc),
                commodityDraft("Sell", -5, on: "2024-03-02", currency: six, line: 3),
            ], account: wallet)
        guard case .notSaved(let error) = ledger.save(batch, importID: nil) else {
            Issue.record("expected the batch to be refused")
            return
        }
        #expect(
            error.description
                == "wallet.csv:3:1: error: BTC is declared with 6 decimals, but the ledger already has it with 8; "
                + "expected 8 (amounts are never rescaled); nothing of this write was stored")
        #expect(try ledger.transactions().isEmpty)
        #expect(throws: StoreError.self) {
            try ledger.ensureAccount(AccountReference(name: "Wallet", currency: six), fallbackCurrency: six)
        }
        #expect(ledger.commodities.currency(code: "BTC") == btc)
    }

    @Test("a batch that rolls back takes back the commodity it registered")
    func rolledBackRegistration() throws {
        let ledger = try Ledger(path: ":memory:")
        let wallet = try ledger.ensureAccount(AccountReference(name: "Wallet", currency: .EUR), fallbackCurrency: .EUR)
        let eth = try Currency.declared(code: "ETH", minorDigits: 9, at: here)
        let ethSix = try Currency.declared(code: "ETH", minorDigits: 6, at: here)
        let batch = rows(
            [
                commodityDraft("Buy", 100, on: "2024-03-01", currency: eth),
                commodityDraft("Sell", -5, on: "2024-03-02", currency: ethSix, line: 3),
            ], account: wallet)
        guard case .notSaved = ledger.save(batch, importID: nil) else {
            Issue.record("expected the batch to be refused")
            return
        }
        #expect(try ledger.storedCommodities().isEmpty)
        #expect(ledger.commodities.isEmpty)
    }

    @Test("a stopped import that removes its empty account leaves no commodity it registered; a declared one stays")
    func stoppedImportLeavesNone() throws {
        let ledger = try Ledger(path: ":memory:")
        let vwrl = try Currency.declared(code: "VWRL", minorDigits: 6, at: here)
        try ledger.declareCommodity(vwrl)
        let (wallet, isNew) = try ledger.ensureAccountNotingCreation(
            AccountReference(name: "Wallet", currency: btc), fallbackCurrency: btc)
        let (fund, _) = try ledger.ensureAccountNotingCreation(
            AccountReference(name: "Fund", currency: vwrl), fallbackCurrency: vwrl)
        #expect(isNew)
        #expect(try ledger.storedCommodities().map(\.commodity.code) == ["BTC", "VWRL"])
        #expect(try ledger.removeEmptyAccounts([wallet.id, fund.id]) == 2)
        #expect(try ledger.storedCommodities().map(\.commodity.code) == ["VWRL"])
        #expect(ledger.commodities.currency(code: "BTC") == nil)
    }

    @Test("declaring again with the same decimals changes nothing; other decimals only while no account holds it")
    func declaring() throws {
        let ledger = try Ledger(path: ":memory:")
        #expect(try ledger.declareCommodity(btc))
        #expect(try !ledger.declareCommodity(btc))
        let six = try Currency.declared(code: "BTC", minorDigits: 6, at: here)
        #expect(try ledger.declareCommodity(six))
        #expect(ledger.commodities.currency(code: "BTC") == six)
        _ = try ledger.ensureAccount(AccountReference(name: "Wallet", currency: six), fallbackCurrency: six)
        do {
            try ledger.declareCommodity(btc)
            Issue.record("expected a refusal")
        } catch {
            #expect(
                error.message
                    == "BTC is declared with 6 decimals and 1 account holds it, so it can't become 8 decimals; "
                    + "expected 6 (stored amounts are never rescaled)")
        }
        #expect(try !ledger.declareCommodity(.EUR))
    }

    @Test("check names a stored unit that is neither ISO 4217 nor declared; reading it back is a corruption error")
    func checkFindsUndeclared() throws {
        let ledger = try Ledger(path: ":memory:")
        let wallet = try ledger.ensureAccount(AccountReference(name: "Wallet", currency: btc), fallbackCurrency: btc)
        _ = ledger.save(
            rows([commodityDraft("Buy", 100, on: "2024-03-01", currency: btc)], account: wallet), importID: nil)
        #expect(ledger.check().isSound)
        try ledger.database.execute("UPDATE accounts SET currency = 'DOGE'; UPDATE transactions SET currency = 'DOGE'")
        let findings = ledger.check().items.first { $0.name == "commodities" }?.findings
        #expect(
            findings == [
                "account \"Wallet\" in DOGE, which is neither ISO 4217 nor declared; expected a declared commodity (`ledgerport commodities add DOGE --digits N`)",
                "1 transactions in DOGE, which is neither ISO 4217 nor declared; expected a declared commodity (`ledgerport commodities add DOGE --digits N`)",
            ])
        #expect(throws: StoreError(.corruptValue(column: "accounts.currency", found: "DOGE"), at: .file(":memory:"))) {
            try ledger.account(named: "Wallet")
        }
    }
}
