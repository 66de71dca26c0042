import LedgerCore
import Testing

@testable import LedgerStore

/// Transfers in the store (migration 16): matching after rows are saved, confirm, split, and
/// the pairs going with their rows.
@Suite("Ledger transfers")
struct LedgerTransfersTests {
    /// A ledger with Checking and Savings (EUR).
    static func ledger() throws -> (Ledger, checking: StoredAccount, savings: StoredAccount) {
        let ledger = try Ledger(path: ":memory:")
        let checking = try ledger.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        let savings = try ledger.ensureAccount(
            AccountReference(name: "Savings", currency: .EUR), fallbackCurrency: .EUR)
        return (ledger, checking, savings)
    }

    static let checkingRows = [
        makeDraft("Coffee Corner", -380, on: "2024-04-01"),
        makeDraft("Transfer to savings", -50_000, on: "2024-04-01"),
        makeDraft("Payroll", 215_000, on: "2024-04-05"),
        makeDraft("Transfer from savings", 12_000, on: "2024-04-22"),
    ]
    static let savingsRows = [
        makeDraft("Transfer from checking", 50_000, on: "2024-04-02", account: "Savings"),
        makeDraft("Interest", 117, on: "2024-04-30", account: "Savings"),
        makeDraft("Transfer to checking", -12_000, on: "2024-04-20", account: "Savings"),
    ]

    /// Each pair as "out description → in description", sorted.
    static func described(_ ledger: Ledger) throws -> [String] {
        try ledger.transfers().map { "\($0.out.description) → \($0.in.description) (\($0.state.rawValue))" }.sorted()
    }

    @Test("saving checking and savings pairs their two transfers, and nothing else")
    func matched() throws {
        let (ledger, checking, savings) = try Self.ledger()
        _ = ledger.save(rows(Self.checkingRows, account: checking), importID: nil)
        _ = ledger.save(rows(Self.savingsRows, account: savings), importID: nil)
        let report = try ledger.matchTransfers()
        #expect(report.added == 2 && report.pairs == 2 && report.removed == 0)
        #expect(
            try Self.described(ledger) == [
                "Transfer to checking → Transfer from savings (matched)",
                "Transfer to savings → Transfer from checking (matched)",
            ])
        // Matching again changes nothing.
        #expect(try ledger.matchTransfers() == TransferMatchReport(added: 0, removed: 0, pairs: 2, ambiguous: 0))
    }

    @Test("the same files imported in either order, in two ledgers, give the same pairs")
    func importOrder() throws {
        func pairs(savingsFirst: Bool) throws -> [String] {
            let (ledger, checking, savings) = try Self.ledger()
            let batches = [(Self.checkingRows, checking), (Self.savingsRows.reversed(), savings)]
            for (drafts, account) in savingsFirst ? batches.reversed() : batches {
                _ = ledger.save(rows(drafts, account: account), importID: nil)
                // Matching runs after each import, as the command line does.
                _ = try ledger.matchTransfers()
            }
            return try Self.described(ledger)
        }
        #expect(try pairs(savingsFirst: false) == pairs(savingsFirst: true))
        #expect(try pairs(savingsFirst: false).count == 2)
    }

    @Test("a pending row is never matched")
    func pending() throws {
        let (ledger, checking, savings) = try Self.ledger()
        _ = ledger.save(rows([makeDraft("Transfer", -50_000, on: "2024-04-01")], account: checking), importID: nil)
        _ = ledger.save(
            rows(
                [makeDraft("Transfer", 50_000, on: "2024-04-01", account: "Savings", status: .pending)],
                account: savings),
            importID: nil)
        #expect(try ledger.matchTransfers().pairs == 0)
    }

    @Test("a confirmed pair survives a re-match that would now choose otherwise")
    func confirmedSurvives() throws {
        let (ledger, checking, savings) = try Self.ledger()
        _ = ledger.save(rows([makeDraft("Transfer", -50_000, on: "2024-04-01")], account: checking), importID: nil)
        _ = ledger.save(
            rows([makeDraft("Transfer in", 50_000, on: "2024-04-04", account: "Savings")], account: savings),
            importID: nil)
        _ = try ledger.matchTransfers()
        let pair = try #require(try ledger.transfers().first)
        #expect(try ledger.confirmTransfer(outID: pair.out.id, inID: pair.in.id) == pair.id)
        // A closer counterpart arrives: a matched pair would move to it, a confirmed one stays.
        _ = ledger.save(
            rows([makeDraft("Transfer in again", 50_000, on: "2024-04-01", account: "Savings")], account: savings),
            importID: nil)
        _ = try ledger.matchTransfers()
        #expect(try Self.described(ledger) == ["Transfer → Transfer in (confirmed)"])
    }

    @Test("a matched pair moves to a closer counterpart that arrives later")
    func matchedMoves() throws {
        let (ledger, checking, savings) = try Self.ledger()
        _ = ledger.save(rows([makeDraft("Transfer", -50_000, on: "2024-04-01")], account: checking), importID: nil)
        _ = ledger.save(
            rows([makeDraft("Transfer in", 50_000, on: "2024-04-04", account: "Savings")], account: savings),
            importID: nil)
        _ = try ledger.matchTransfers()
        _ = ledger.save(
            rows([makeDraft("Transfer in again", 50_000, on: "2024-04-01", account: "Savings")], account: savings),
            importID: nil)
        let report = try ledger.matchTransfers()
        #expect(report.added == 1 && report.removed == 1)
        #expect(try Self.described(ledger) == ["Transfer → Transfer in again (matched)"])
    }

    @Test("a split pair is never matched again, though confirm can pair it")
    func splitNeverAgain() throws {
        let (ledger, checking, savings) = try Self.ledger()
        _ = ledger.save(rows(Self.checkingRows, account: checking), importID: nil)
        _ = ledger.save(rows(Self.savingsRows, account: savings), importID: nil)
        _ = try ledger.matchTransfers()
        let pair = try #require(try ledger.transfers().first { $0.out.description == "Transfer to savings" })
        #expect(try ledger.splitTransfer(id: pair.id) == TransferPair(outID: pair.out.id, inID: pair.in.id))
        #expect(try ledger.matchTransfers().added == 0)
        #expect(try ledger.transfers().count == 1)
        #expect(try ledger.transferCandidates().isEmpty)
        _ = try ledger.confirmTransfer(outID: pair.out.id, inID: pair.in.id)
        #expect(try ledger.transfers().count == 2)
    }

    @Test("deleting a row of a pair deletes the pair")
    func deletion() throws {
        let (ledger, checking, savings) = try Self.ledger()
        _ = ledger.save(rows(Self.checkingRows, account: checking), importID: nil)
        _ = ledger.save(rows(Self.savingsRows, account: savings), importID: nil)
        _ = try ledger.matchTransfers()
        let pair = try #require(try ledger.transfers().first)
        _ = try ledger.deleteTransactions([pair.in.id])
        #expect(try ledger.transfers().count == 1)
        #expect(try ledger.transfers().allSatisfy { $0.id != pair.id })
    }

    @Test("equally close counterparts are listed as candidates, not paired")
    func ambiguous() throws {
        let (ledger, checking, savings) = try Self.ledger()
        let brokerage = try ledger.ensureAccount(
            AccountReference(name: "Brokerage", currency: .EUR), fallbackCurrency: .EUR)
        _ = ledger.save(rows([makeDraft("Transfer", -50_000, on: "2024-04-01")], account: checking), importID: nil)
        _ = ledger.save(
            rows([makeDraft("In", 50_000, on: "2024-04-02", account: "Savings")], account: savings), importID: nil)
        _ = ledger.save(
            rows([makeDraft("In", 50_000, on: "2024-04-02", account: "Brokerage")], account: brokerage), importID: nil)
        let report = try ledger.matchTransfers()
        #expect(report.pairs == 0 && report.ambiguous == 3)
        let candidates = try ledger.transferCandidates()
        #expect(candidates.map(\.row.account) == ["Checking", "Brokerage", "Savings"])
        #expect(candidates[0].counterparts.count == 2)
    }

    @Test(
        "confirm refuses rows that can't be a transfer, saying why",
        arguments: [
            ("Transfer in", 49_999, "Savings", "the amounts differ"),
            ("Refund", 50_000, "Checking", "both rows are in account"),
            ("Out too", -50_000, "Savings", "the first row must be money out"),
        ])
    func confirmRefused(description: String, signed: Int64, account: String, why: String) throws {
        let (ledger, checking, savings) = try Self.ledger()
        _ = ledger.save(rows([makeDraft("Transfer", -50_000, on: "2024-04-01")], account: checking), importID: nil)
        let other = account == "Savings" ? savings : checking
        _ = ledger.save(
            rows([makeDraft(description, signed, on: "2024-04-02", account: account)], account: other), importID: nil)
        let ids = try ledger.transactions().map(\.id)
        #expect {
            try ledger.confirmTransfer(outID: ids[0], inID: ids[1])
        } throws: { error in
            "\(error)".contains(why)
        }
        #expect(try ledger.transfers().isEmpty)
    }

    @Test("splitting an unknown transfer is refused by its id")
    func unknownSplit() throws {
        let (ledger, _, _) = try Self.ledger()
        #expect {
            try ledger.splitTransfer(id: 7)
        } throws: { error in
            "\(error)".contains("no transfer has id 7")
        }
    }
}
