import LedgerCore
import Testing

/// A month's statement: opening 1000.00, one row a line, with the balance after each.
private struct Scenario {
    static let opening: Int64 = 100_000
    static let statementRows: [(day: String, description: String, amount: Int64)] = [
        ("2024-04-02", "Coffee Corner", -380),
        ("2024-04-03", "Grocery Store", -5_437),
        ("2024-04-03", "Bus ticket", -275),
        ("2024-04-05", "Pharmacy", -2_315),
        ("2024-04-08", "Salary ACME", 250_000),
        ("2024-04-09", "Restaurant Lumen", -6_140),
        ("2024-04-11", "Refund online shop", 1_800),
        ("2024-04-12", "Books & more", -4_500),
        ("2024-04-15", "Hotel Riviera", -12_000),
        ("2024-04-20", "Electricity", -7_713),
    ]

    /// The statement's rows as ledger rows (ids 1...), and its end-of-day balances.
    static func statement() -> (rows: [DiagnosticRow], balances: [Day: Int64], closing: Int64) {
        var balance = opening
        var rows: [DiagnosticRow] = []
        var balances: [Day: Int64] = [:]
        for (index, row) in statementRows.enumerated() {
            balance += row.amount
            let day = Day(iso: row.day)!
            rows.append(
                DiagnosticRow(
                    id: Int64(index + 1), day: day, signedMinorUnits: row.amount, description: row.description))
            balances[day] = balance
        }
        return (rows, balances, balance)
    }

    /// Diagnoses a ledger (the statement's rows changed by `defect`) against the statement.
    static func diagnose(_ defect: (inout [DiagnosticRow]) -> Void) -> (Diagnosis, Int64) {
        let (rows, balances, closing) = statement()
        var ledger = rows
        defect(&ledger)
        let expected = opening + ledger.filter { !$0.isPending }.reduce(Int64(0)) { $0 + $1.signedMinorUnits }
        let discrepancy = closing - expected
        let diagnostics = DiscrepancyDiagnostics(
            discrepancy: discrepancy, openingBalance: opening, rows: ledger, statementBalances: balances, currency: .EUR
        )
        return (diagnostics.diagnose(), discrepancy)
    }
}

@Suite("DiscrepancyDiagnostics")
struct DiscrepancyDiagnosticsTests {
    @Test("a duplicated row is the first candidate")
    func duplicatedRow() throws {
        let (diagnosis, discrepancy) = Scenario.diagnose { rows in
            rows.append(
                DiagnosticRow(
                    id: 100, day: Day(iso: "2024-04-04")!, signedMinorUnits: -5_437, description: "GROCERY STORE"))
        }
        #expect(discrepancy == 5_437)
        let first = try #require(diagnosis.candidates.first)
        #expect(first.kind == .duplicate)
        #expect(first.transactions == [2, 100])
        #expect(first.explains == 5_437)
        // The statement states no balance on the 4th: the first day it can disagree is the 5th.
        #expect(diagnosis.divergesOn == Day(iso: "2024-04-05"))
    }

    @Test("a missing row is found by the first day the balances part")
    func missingRow() throws {
        let (diagnosis, discrepancy) = Scenario.diagnose { rows in rows.removeAll { $0.id == 4 } }
        #expect(discrepancy == -2_315)
        let first = try #require(diagnosis.candidates.first)
        #expect(first.kind == .divergence)
        #expect(first.day == Day(iso: "2024-04-05"))
        #expect(first.explains == -2_315)
    }

    @Test("a wrong amount is found by the first day the balances part, with that day's row")
    func wrongAmount() throws {
        let (diagnosis, discrepancy) = Scenario.diagnose { rows in
            rows[5].signedMinorUnits = -6_470
        }
        #expect(discrepancy == 330)
        let first = try #require(diagnosis.candidates.first)
        #expect(first.kind == .divergence)
        #expect(first.day == Day(iso: "2024-04-09"))
        #expect(first.transactions == [6])
    }

    @Test("a flipped direction is the first candidate")
    func flippedDirection() throws {
        let (diagnosis, discrepancy) = Scenario.diagnose { rows in rows[6].signedMinorUnits = -1_800 }
        #expect(discrepancy == 3_600)
        let first = try #require(diagnosis.candidates.first)
        #expect(first.kind == .flippedDirection)
        #expect(first.transactions == [7])
    }

    @Test("a pending row the statement has booked is the first candidate")
    func pendingCountedAsBooked() throws {
        let (diagnosis, discrepancy) = Scenario.diagnose { rows in rows[8].isPending = true }
        #expect(discrepancy == -12_000)
        let first = try #require(diagnosis.candidates.first)
        #expect(first.kind == .pendingStatus)
        #expect(first.transactions == [9])
    }

    @Test("transposed digits are the first candidate")
    func transposedDigits() throws {
        let (diagnosis, discrepancy) = Scenario.diagnose { rows in rows[7].signedMinorUnits = -5_400 }
        #expect(discrepancy == 900)
        let first = try #require(diagnosis.candidates.first)
        #expect(first.kind == .transposedDigits)
        #expect(first.transactions == [8])
        #expect(first.note.contains("45.00"))
    }

    @Test("a consistent ledger gives no candidates")
    func consistent() {
        let (diagnosis, discrepancy) = Scenario.diagnose { _ in }
        #expect(discrepancy == 0)
        #expect(diagnosis.candidates.isEmpty)
        #expect(diagnosis.divergesOn == nil)
    }

    @Test("a pair is offered only when nothing simpler explains the gap")
    func pairs() throws {
        let rows = [
            DiagnosticRow(id: 1, day: Day(iso: "2024-04-01")!, signedMinorUnits: -1_000, description: "A"),
            DiagnosticRow(id: 2, day: Day(iso: "2024-04-02")!, signedMinorUnits: -2_500, description: "B"),
            DiagnosticRow(id: 3, day: Day(iso: "2024-04-03")!, signedMinorUnits: -700, description: "C"),
        ]
        let diagnosis = DiscrepancyDiagnostics(discrepancy: 3_500, openingBalance: 0, rows: rows, currency: .EUR)
            .diagnose()
        let first = try #require(diagnosis.candidates.first)
        #expect(first.kind == .pair)
        #expect(Set(first.transactions) == [1, 2])
    }

    @Test("end-of-day balances come out the same whatever order the statement listed a day's rows in")
    func endOfDayOrder() {
        let day = Day(iso: "2024-04-03")!
        let ascending = [
            DiagnosticRow(id: 1, day: day, signedMinorUnits: -500, description: "a", statementBalance: 9_500),
            DiagnosticRow(id: 2, day: day, signedMinorUnits: -300, description: "b", statementBalance: 9_200),
            DiagnosticRow(id: 3, day: day, signedMinorUnits: 1_000, description: "c", statementBalance: 10_200),
        ]
        #expect(DiscrepancyDiagnostics.endOfDayBalances(ascending) == [day: 10_200])
        #expect(DiscrepancyDiagnostics.endOfDayBalances(ascending.reversed()) == [day: 10_200])
    }
}
