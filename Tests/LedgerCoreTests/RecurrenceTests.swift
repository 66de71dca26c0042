import LedgerCore
import Testing

@Suite("recurrence: due days counted from the first day")
struct RecurrenceTests {
    func day(_ text: String) -> Day { Day(iso: text)! }

    @Test("a rule on the 31st falls on the last day of shorter months and back on the 31st")
    func monthEnd() throws {
        let rule = try #require(Recurrence(unit: .month, first: day("2024-01-31")))
        #expect(
            rule.dueDays(after: nil, through: day("2024-05-31")).map(\.description) == [
                "2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31",
            ])
        let plain = try #require(Recurrence(unit: .month, first: day("2023-01-31")))
        #expect(plain.dueDay(1) == day("2023-02-28"))
        #expect(plain.dueDay(2) == day("2023-03-31"))
    }

    @Test("February 29 yearly falls on February 28 in other years, never drifting")
    func leapYearly() throws {
        let rule = try #require(Recurrence(unit: .year, first: day("2024-02-29")))
        #expect(
            rule.dueDays(after: nil, through: day("2028-12-31")).map(\.description) == [
                "2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29",
            ])
    }

    @Test("intervals, weeks, days and the last day")
    func rhythms() throws {
        let fortnightly = try #require(Recurrence(unit: .week, interval: 2, first: day("2024-01-01")))
        #expect(fortnightly.dueDays(after: nil, through: day("2024-02-12")).count == 4)
        let daily = try #require(Recurrence(unit: .day, first: day("2024-01-01"), until: day("2024-01-03")))
        #expect(daily.dueDays(after: nil, through: day("2024-12-31")).count == 3)
        let quarterly = try #require(Recurrence(unit: .month, interval: 3, first: day("2024-01-15")))
        #expect(
            quarterly.dueDays(after: day("2024-01-15"), through: day("2024-12-31")).map(\.description) == [
                "2024-04-15", "2024-07-15", "2024-10-15",
            ])
        #expect(Recurrence(unit: .day, interval: 0, first: day("2024-01-01")) == nil)
        #expect(Recurrence(unit: .day, first: day("2024-01-02"), until: day("2024-01-01")) == nil)
    }

    @Test("due days after a mark are the same as the whole list filtered, for every mark")
    func afterMarkAgrees() throws {
        for unit in Recurrence.Unit.allCases {
            for interval in [1, 2, 5] {
                let rule = try #require(Recurrence(unit: unit, interval: interval, first: day("2020-01-31")))
                let through = day("2031-03-01")
                let all = rule.dueDays(after: nil, through: through)
                for offset in stride(from: 0, to: 4000, by: 37) {
                    let mark = try #require(day("2020-01-01").adding(days: offset))
                    #expect(rule.dueDays(after: mark, through: through) == all.filter { $0 > mark })
                }
            }
        }
    }
}

@Suite("money timeline: one merge of recorded and upcoming money")
struct MoneyTimelineTests {
    let eur = Currency(code: "EUR")!

    func day(_ text: String) -> Day { Day(iso: text)! }

    func rule(mark: String?, charged: [String] = [], stopped: Bool = false) throws -> TimelineRule {
        TimelineRule(
            id: 7, name: "Rent", account: "Checking",
            recurrence: try #require(Recurrence(unit: .month, first: day("2024-01-01"))),
            mark: mark.map(day), amount: -120_000, currency: eur, category: "Rent",
            chargedDays: Set(charged.map(day)), stopped: stopped)
    }

    func recorded(_ id: Int, _ on: String, _ amount: Int64) -> TimelineEntry {
        TimelineEntry(
            id: "t:\(id)", kind: .recorded, day: day(on), account: "Checking", amount: amount, currency: eur,
            description: "Row \(id)", category: nil)
    }

    @Test("recorded rows and the due days after the mark, minus charged days, newest first")
    func merge() throws {
        let rows = [recorded(1, "2024-02-01", -120_000), recorded(2, "2024-02-03", -450)]
        let merged = MoneyTimeline.merge(
            recorded: rows, rules: [try rule(mark: "2024-02-01", charged: ["2024-04-01"])],
            window: .days(day("2024-02-01"), through: day("2024-05-31")))
        #expect(merged.map(\.id) == ["r:7:2024-05-01", "r:7:2024-03-01", "t:2", "t:1"])
        #expect(merged.first?.kind == .upcoming)
        #expect(merged.first?.amount == -120_000)
    }

    @Test("the same lists in any order give the same list; a stopped rule has nothing upcoming")
    func stable() throws {
        let rows = (1...20).map { recorded($0, "2024-03-0\($0 % 9 + 1)", Int64(-$0)) }
        let window = DayWindow.days(day("2024-03-01"), through: day("2024-06-30"))
        let once = MoneyTimeline.merge(recorded: rows, rules: [try rule(mark: nil)], window: window)
        let again = MoneyTimeline.merge(recorded: rows.reversed(), rules: [try rule(mark: nil)], window: window)
        #expect(once == again)
        #expect(MoneyTimeline.merge(recorded: [], rules: [try rule(mark: nil, stopped: true)], window: window).isEmpty)
    }

    @Test("on every window the merge agrees with a plain filter of the rows and of the rule's days")
    func agreesWithFilter() throws {
        let rows = (0..<200).map { index in
            recorded(index, Day(iso: "2024-01-01")!.adding(days: index * 3)!.description, Int64(-index))
        }
        let rent = try rule(mark: "2024-06-15", charged: ["2024-09-01"])
        for start in stride(from: 0, to: 700, by: 23) {
            for length in [1, 7, 31, 90, 400] {
                let first = day("2024-01-01").adding(days: start)!
                let last = first.adding(days: length - 1)!
                let merged = MoneyTimeline.merge(
                    recorded: rows, rules: [rent], window: .days(first, through: last))
                let plainRows = rows.filter { $0.day >= first && $0.day <= last }
                #expect(Set(merged.filter { $0.kind == .recorded }) == Set(plainRows))
                let plainDue = rent.recurrence.dueDays(after: rent.mark, through: last)
                    .filter { $0 >= first && !rent.chargedDays.contains($0) }
                #expect(merged.filter { $0.kind == .upcoming }.map(\.day).sorted() == plainDue)
                #expect(merged.map(\.day) == merged.map(\.day).sorted(by: >))
            }
        }
    }
}
