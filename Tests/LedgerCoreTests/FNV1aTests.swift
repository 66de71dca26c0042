import Testing

@testable import LedgerCore

/// The one FNV-1a implementation, and the stored values it produces: a change to either would
/// make every existing ledger see its transactions as new (duplicates on the next import).
@Suite("FNV1a")
struct FNV1aTests {
    private func draft(_ description: String, units: Int64, day: String, direction: Direction, currency: Currency)
        -> Draft
    {
        Draft(
            account: "Checking", bookingDay: Day(iso: day)!, amount: Money(minorUnits: units, currency: currency),
            direction: direction, description: description, location: SourceLocation(file: "a.csv", line: 2, column: 1))
    }

    /// Values computed with the code before the five copies became one (and independently in
    /// Python: `fnv(le64(days) + le64(units) + currency + sign + normalised description)`).
    @Test("a draft's fingerprint is the value ledgers already store")
    func storedFingerprints() {
        let latin1 = draft("  CAFÉ  de la Gare ", units: 380, day: "2024-01-02", direction: .debit, currency: .EUR)
        #expect(latin1.fingerprint == -8_152_816_192_938_626_669)
        let general = draft(
            "Żabka  WARSZAWA", units: 1999, day: "2024-02-29", direction: .credit, currency: Currency(code: "PLN")!)
        #expect(general.fingerprint == 7_779_290_631_717_687_731)
    }
}
