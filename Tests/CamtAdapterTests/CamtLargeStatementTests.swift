import CamtAdapter
import LedgerCore
import LedgerTestSupport
import Testing

/// The 5 MB real-shaped camt.053 (`Tests/Fixtures/camt-large/year-2024-monthly-v08.xml`): a year
/// of one account in twelve monthly statements, 4,400 entries, written by
/// `scripts/bench/gen_camt.py 4400 OUT --version 8 --statements 12`. It is kept out of
/// `Tests/Fixtures/camt/` so that the per-fixture suites (expected files, the conformance suite's
/// truncations) and the fuzzer's seeds stay small.
@Suite("camt large statement")
struct CamtLargeStatementTests {
    static let name = "camt-large/year-2024-monthly-v08.xml"

    @Test("every entry is read: one row per entry, one per transaction of an itemised batch")
    func everyEntry() throws {
        let run = runAdapter(CamtFormat.self, bytes: try Fixture.bytes(Self.name), name: "year.xml")
        #expect(run.error == nil, "\(run.error ?? "")")
        // 4,400 entries, 101 of them itemised batches of 554 transactions: 4,400 − 101 + 554.
        #expect(run.drafts.count == 4853)
        #expect(run.drafts.allSatisfy { $0.status == .booked })
        #expect(run.drafts.filter { $0.externalID?.contains("/") == true }.count == 554)
        #expect(run.drafts.filter { $0.description.hasPrefix("SAMMLER-UEBERWEISUNG") }.count == 49)
        #expect(run.drafts.filter { $0.memo.hasPrefix("reversal") }.count == 34)
        #expect(run.drafts.filter { $0.memo.contains("instructed ") }.count == 140)
        #expect(Set(run.drafts.compactMap(\.externalID)).count == 4853, "every row has its own id")
    }

    @Test("each month's OPBD plus its entries is its CLBD, and each CLBD opens the next month")
    func balancesAddUp() throws {
        let run = runAdapter(CamtFormat.self, bytes: try Fixture.bytes(Self.name), name: "year.xml")
        let openings = run.balances.filter { $0.kind == .opening }
        let closings = run.balances.filter { $0.kind == .ledger }
        try #require(openings.count == 12 && closings.count == 12)
        #expect(openings.first?.asOf.description == "2023-12-31")
        #expect(closings.last?.asOf.description == "2024-12-31")
        for (opening, closing) in zip(openings, closings) {
            let entries = run.drafts.filter { $0.bookingDay > opening.asOf && $0.bookingDay <= closing.asOf }
            #expect(!entries.isEmpty)
            let net = entries.map(\.signedMinorUnits).reduce(0, +)
            #expect(opening.signedMinorUnits + net == closing.signedMinorUnits, "\(opening.asOf) to \(closing.asOf)")
        }
        for (closing, nextOpening) in zip(closings, openings.dropFirst()) {
            #expect(closing.signedMinorUnits == nextOpening.signedMinorUnits)
            #expect(closing.asOf == nextOpening.asOf)
        }
        #expect(closings.last?.signedMinorUnits == 39_100_709)
    }
}
