import Foundation
import LedgerCore
import Testing

@testable import LedgerExport

@Suite("balance chart")
struct BalanceChartTests {
    @Test("each checkpoint is a point styled by its status, with its amount; a discrepancy shows its gap")
    func points() {
        let svg = BalanceChart.svg(ReconciliationFixtures.march().accounts[0], id: "a")
        #expect(svg.components(separatedBy: "<g class=\"point reconciled\">").count == 2)
        #expect(svg.components(separatedBy: "<g class=\"point baseline\">").count == 2)
        #expect(svg.components(separatedBy: "<g class=\"point discrepancy\">").count == 2)
        #expect(svg.contains(">2416.20 (+45.00)</text>"))
        #expect(svg.contains(">2596.20</text>"))
        #expect(svg.contains("2024-03-31: statement 2416.20, ledger 2371.20, discrepancy +45.00"))
        #expect(svg.contains("stroke-dasharray=\"4 3\""), "the gap between ledger and statement is drawn")
    }

    @Test("the day the balances part is marked; the legend names every mark")
    func partingAndLegend() {
        let svg = BalanceChart.svg(ReconciliationFixtures.march().accounts[0], id: "a")
        #expect(svg.contains("balances part 2024-03-19</text>"))
        for item in ["ledger balance", "statement, reconciled", "statement, discrepancy", "statement, baseline"] {
            #expect(svg.contains(">\(item)"), "legend: \(item)")
        }
    }

    @Test("the line is a step line: only horizontal and vertical moves, restarting at each statement")
    func steps() throws {
        let svg = BalanceChart.svg(ReconciliationFixtures.march().accounts[0], id: "a")
        let start = try #require(svg.range(of: "<path class=\"balance\" d=\""))
        let path = svg[start.upperBound...].prefix { $0 != "\"" }
        #expect(!path.contains("L"), "no diagonal: \(path)")
        #expect(path.contains("V") && path.contains("H"))
    }

    @Test("amount ticks are whole round steps, labelled exactly; day ticks are months over a year")
    func axes() {
        let scale = ChartScale(
            days: 19_723...20_089, amounts: -12_345...987_654, minorDigits: 2, plot: (100, 940, 44, 340))
        #expect(scale.amountStep == 200_000)
        #expect(scale.amountTicks == [-200_000, 0, 200_000, 400_000, 600_000, 800_000, 1_000_000])
        #expect(scale.y(-200_000) == 340 && scale.y(1_000_000) == 44)
        let labels = scale.dayTicks().map(\.label)
        #expect(labels.first == "2024-01" && labels.count <= 10, "\(labels)")
        #expect(labels.allSatisfy { $0.count == 7 })
    }

    @Test("extreme amounts never overflow: the axis stays inside 64 bits")
    func extremes() {
        let scale = ChartScale(
            days: 0...10, amounts: Int64.min...Int64.max, minorDigits: 2, plot: (100, 940, 44, 340))
        #expect(scale.y(Int64.max) == 44 && scale.y(Int64.min) == 340)
        #expect(!scale.amountTicks.isEmpty)
    }

    @Test("ten years of daily balances draw as at most four corners a pixel column, every point kept")
    func simplified() throws {
        let first = try #require(Day(iso: "2015-01-01"))
        var nets: [(day: Day, net: Int64)] = []
        var statements: [(Day, Int64)] = []
        var balance: Int64 = 0
        for offset in 0..<3_653 {
            let day = try #require(first.adding(days: offset))
            let net = Int64((offset * 7_919) % 20_001) - 10_000
            nets.append((day, net))
            balance += net
            if day.day == 28 { statements.append((day, balance + (offset % 5 == 0 ? 100 : 0))) }
        }
        let steps = try #require(ReconciliationReport.balanceSteps(opening: 0, nets: nets, statements: statements))
        let checkpoints = statements.map { day, amount in
            ReportCheckpoint(
                day: day, source: "import", statement: amount, expected: amount, discrepancy: 0, status: .reconciled,
                divergesOn: nil)
        }
        let last = try #require(first.adding(days: 3_652))
        let account = AccountReconciliation(
            name: "Big", currency: ReconciliationFixtures.usd, period: first...last, openingBalance: 0,
            balances: steps, checkpoints: checkpoints)
        let clock = ContinuousClock()
        var svg = ""
        let elapsed = clock.measure { svg = BalanceChart.svg(account, id: "a") }
        #expect(elapsed < .seconds(2))
        #expect(svg.utf8.count < 200_000, "\(svg.utf8.count) bytes")
        #expect(svg.components(separatedBy: "<g class=\"point reconciled\">").count == checkpoints.count + 1)
        let scale = ChartScale(
            days: first.daysSinceEpoch...(last.daysSinceEpoch + 1), amounts: -1...1, minorDigits: 2,
            plot: (100, 940, 44, 340))
        let corners = BalanceChart.simplified(
            (0..<10_000).map { (x: scale.x(first.daysSinceEpoch + $0 % 3_653), y: $0 % 97) }.sorted { $0.x < $1.x })
        let perColumn = Dictionary(grouping: corners, by: \.x).values.map(\.count)
        #expect((perColumn.max() ?? 0) <= 4)
    }
}

@Suite("balance steps")
struct BalanceStepTests {
    @Test("each day adds its net; a checkpoint's day ends at the expected balance and restarts at the statement")
    func restart() throws {
        let day = ReconciliationFixtures.day
        let nets: [(day: Day, net: Int64)] = [(day("2024-03-01"), -380), (day("2024-03-05"), 2_000)]
        let statements: [(Day, Int64)] = [(day("2024-03-05"), 106_120), (day("2024-03-07"), 106_120)]
        let steps = try #require(
            ReconciliationReport.balanceSteps(opening: 100_000, nets: nets, statements: statements))
        #expect(
            steps == [
                BalanceStep(day: day("2024-03-01"), balance: 99_620),
                BalanceStep(day: day("2024-03-05"), balance: 101_620, restart: 106_120),
                BalanceStep(day: day("2024-03-07"), balance: 106_120, restart: 106_120),
            ])
    }

    @Test("a balance past 64 bits is no steps, never a wrapped number")
    func overflow() {
        let day = ReconciliationFixtures.day
        #expect(
            ReconciliationReport.balanceSteps(
                opening: Int64.max, nets: [(day: day("2024-03-01"), net: Int64(1))], statements: []) == nil)
    }

    @Test("a discrepancy of the lowest 64-bit amount leaves the unexplained sum unknown, not guessed")
    func unexplainedExtreme() {
        let checkpoint = ReportCheckpoint(
            day: ReconciliationFixtures.day("2024-03-31"), source: "manual", statement: 0, expected: Int64.max,
            discrepancy: Int64.min, status: .discrepancy)
        let account = AccountReconciliation(
            name: "X", currency: ReconciliationFixtures.usd, period: nil, openingBalance: nil, balances: [],
            checkpoints: [checkpoint])
        #expect(account.unexplained == nil)
    }
}
