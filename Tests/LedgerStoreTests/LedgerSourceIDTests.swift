import LedgerCore
import Testing

@testable import LedgerStore

/// What a batch does with a row whose source id the account already holds: a duplicate, a
/// pending row booked in place, or an error when the id now names another booking.
@Suite("Ledger source ids")
struct LedgerSourceIDTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    @Test("a booked row whose id is stored for a booked row of another day or amount stops the batch, naming both")
    func reusedID() throws {
        _ = ledger.save(rows([makeDraft("Rent", -1_000, on: "2024-03-02", id: "1")], account: checking), importID: nil)
        let groceries = makeDraft("Groceries", -2_500, on: "2024-03-03", id: "1", line: 7)
        guard case .notSaved(let error) = ledger.save(rows([groceries], account: checking), importID: nil) else {
            Issue.record("the reused id was taken as a duplicate")
            return
        }
        #expect(error.location == SourceLocation(file: "test.csv", line: 7, column: 1))
        #expect(error.message.contains("id \"1\" is already stored for this account as another booking"))
        #expect(error.message.contains("2024-03-02 -10.00 EUR"))
        #expect(error.message.contains("this row is 2024-03-03 -25.00 EUR"))
        let sameDayOtherAmount = makeDraft("Rent", -1_100, on: "2024-03-02", id: "1")
        #expect(
            ledger.save(rows([sameDayOtherAmount], account: checking), importID: nil)
                != .saved(inserted: 0, duplicates: 1))
        #expect(try ledger.transactions().count == 1)
    }

    @Test("a booked row whose id a stored pending row has books that row in place, and the day's total follows")
    func pendingBecomesBooked() throws {
        _ = ledger.save(
            rows([makeDraft("Card payment", -1_000, on: "2024-05-06", id: "PR1", status: .pending)], account: checking),
            importID: nil)
        #expect(try ledger.balance(of: checking) == 0)
        let booked = makeDraft("Card payment Baeckerei", -1_000, on: "2024-05-07", id: "PR1")
        #expect(
            ledger.save(rows([booked], account: checking), importID: nil)
                == .saved(inserted: 0, duplicates: 0, booked: 1))
        let stored = try ledger.transactions()
        #expect(stored.count == 1)
        #expect(stored.first?.status == .booked)
        #expect(stored.first?.bookingDay == Day(iso: "2024-05-07"))
        #expect(stored.first?.description == "Card payment Baeckerei")
        #expect(try ledger.balance(of: checking) == -1_000)
        // The same booked row again is a duplicate now.
        #expect(ledger.save(rows([booked], account: checking), importID: nil) == .saved(inserted: 0, duplicates: 1))
    }

    @Test("a pending row meeting a stored row with its id, pending or booked, is a duplicate")
    func pendingIsOlderNews() throws {
        _ = ledger.save(rows([makeDraft("Rent", -1_000, on: "2024-03-02", id: "B1")], account: checking), importID: nil)
        _ = ledger.save(
            rows([makeDraft("Hold", -500, on: "2024-03-02", id: "P1", status: .pending)], account: checking),
            importID: nil)
        let late = [
            makeDraft("Rent", -1_000, on: "2024-03-01", id: "B1", status: .pending),
            makeDraft("Hold", -600, on: "2024-03-03", id: "P1", status: .pending),
        ]
        #expect(ledger.save(rows(late, account: checking), importID: nil) == .saved(inserted: 0, duplicates: 2))
        #expect(try ledger.transactions().map(\.status).sorted { $0.rawValue < $1.rawValue } == [.booked, .pending])
    }

    @Test("a booked row without an id books the stored pending row of its identity (day, text, amount, occurrence)")
    func pendingTwinBooked() throws {
        _ = ledger.save(
            rows([makeDraft("Baeckerei Korn", -420, on: "2024-03-05", status: .pending)], account: checking),
            importID: nil)
        let booked = [
            makeDraft("Baeckerei Korn", -420, on: "2024-03-05"), makeDraft("Baeckerei Korn", -420, on: "2024-03-05"),
        ]
        #expect(
            ledger.save(rows(booked, account: checking), importID: nil) == .saved(inserted: 1, duplicates: 0, booked: 1)
        )
        #expect(try ledger.transactions().map(\.status) == [.booked, .booked])
        #expect(try ledger.balance(of: checking) == -840)
    }
}
