import LedgerCore
import Testing

@testable import LedgerStore

@Suite("PendingRow")
struct PendingRowTests {
    private func row(externalID: String?, occurrence: Int = 3) -> PendingRow {
        let draft = Draft(
            account: "Card", bookingDay: Day(iso: "2024-01-02")!, amount: Money(minorUnits: 100, currency: .USD),
            direction: .debit, description: "x", externalID: externalID,
            location: SourceLocation(file: "a.ofx", line: 1, column: 1))
        return PendingRow(draft: draft, accountID: 1, fingerprint: draft.fingerprint, occurrence: occurrence)
    }

    /// The value computed with the code before FNV-1a had one implementation (and in Python:
    /// `-(fnv("FITID-20240102-001") & 0x3fff_ffff_ffff_ffff) - 1`); ledgers store it.
    @Test("a row with its own id is discriminated by the stored negative hash of that id")
    func storedDiscriminator() {
        #expect(row(externalID: "FITID-20240102-001").discriminator == -925_586_002_083_998_040)
        #expect(row(externalID: nil).discriminator == 3)
    }
}
