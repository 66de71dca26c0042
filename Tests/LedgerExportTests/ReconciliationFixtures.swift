import LedgerCore
import LedgerExport

/// Hand-made reports for the page and chart tests: real-world shapes, no database.
enum ReconciliationFixtures {
    static let usd = Currency(code: "USD")!

    static func day(_ text: String) -> Day { Day(iso: text)! }

    /// A March of a checking account: an opening baseline, a reconciled mid-month statement, and
    /// a month-end statement 45.00 off, with a duplicate and a divergence among the candidates,
    /// descriptions from a bank with markup and quotes in them, and a pending row.
    static func march() -> ReconciliationReport {
        let rows = [
            ReportRow(
                id: 7, day: day("2024-03-18"), amount: -4500, description: #"<script>alert("gym")</script> Fitness"#,
                isPending: false, location: "/bank/march.csv:9:1"),
            ReportRow(
                id: 8, day: day("2024-03-19"), amount: -4500, description: #"<script>alert("gym")</script> Fitness"#,
                isPending: false, location: "/bank/march.csv:10:1"),
        ]
        let checkpoints = [
            ReportCheckpoint(
                day: day("2024-02-29"), source: "opening", statement: 100_000, expected: nil, discrepancy: nil,
                status: .baseline),
            ReportCheckpoint(
                day: day("2024-03-15"), source: "import", statement: 259_620, expected: 259_620, discrepancy: 0,
                status: .reconciled),
            ReportCheckpoint(
                day: day("2024-03-31"), source: "import", statement: 241_620, expected: 237_120, discrepancy: 4_500,
                status: .discrepancy, pendingCount: 1, pendingSum: -1_299, divergesOn: day("2024-03-19"),
                candidates: [
                    ReportCandidate(
                        kind: .duplicate, explains: 4_500,
                        note:
                            #""<script>alert("gym")</script> Fitness" -45.00 appears twice on 2024-03-18 and 2024-03-19; dropping one explains 45.00"#,
                        rows: rows, rowCount: 2),
                    ReportCandidate(
                        kind: .divergence, explains: 4_500,
                        note:
                            "the ledger agrees with the statement on 2024-03-18 and first departs from it on 2024-03-19",
                        rows: [rows[1]], rowCount: 1),
                ]),
        ]
        let steps = ReconciliationReport.balanceSteps(
            opening: nil,
            nets: [
                (day("2024-03-01"), -380), (day("2024-03-04"), 250_000), (day("2024-03-05"), -90_000),
                (day("2024-03-18"), -4_500), (day("2024-03-19"), -4_500), (day("2024-03-29"), -13_500),
            ],
            statements: checkpoints.map { ($0.day, $0.statement) })!
        let pending = ReportRow(
            id: 9, day: day("2024-03-30"), amount: -1_299, description: "Café 'Le Zinc' & Co",
            isPending: true, location: "/bank/march.csv:12:1")
        let account = AccountReconciliation(
            name: "Checking <Main>", currency: usd, period: day("2024-02-29")...day("2024-03-31"), openingBalance: nil,
            balances: steps, checkpoints: checkpoints, pendingRows: [pending], pendingCount: 1)
        return ReconciliationReport(accounts: [account])
    }
}
