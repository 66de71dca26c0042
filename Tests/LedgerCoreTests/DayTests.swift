import LedgerCore
import Testing

@Suite("Day")
struct DayTests {
    @Test("reads and writes ISO days")
    func iso() throws {
        let day = try #require(Day(iso: "2024-02-29"))
        #expect(day.year == 2024 && day.month == 2 && day.day == 29)
        #expect(day.description == "2024-02-29")
        #expect(Day(iso: "0999-01-05")?.description == "0999-01-05")
    }

    @Test("keeps year, month and day and orders days as the calendar does, from year 1 to 9999")
    func packedParts() throws {
        var days: [Day] = []
        for year in [1, 2, 1999, 2000, 2024, 9999] {
            for month in 1...12 {
                for day in 1...Day.daysIn(month: month, year: year) {
                    let made = try #require(Day(year: year, month: month, day: day))
                    #expect(made.year == year && made.month == month && made.day == day)
                    days.append(made)
                }
            }
        }
        for (earlier, later) in zip(days, days.dropFirst()) {
            #expect(earlier < later && !(later < earlier) && earlier != later)
            #expect(earlier.next == later || earlier.year != later.year)
        }
    }

    @Test(
        "refuses days that do not exist",
        arguments: ["2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-1-1", "24-01-01", "2024/01/01", ""])
    func refusesBadDays(text: String) {
        #expect(Day(iso: text) == nil)
        #expect(throws: CoreError.self) { try Day.parse(text, at: .file("x")) }
    }

    @Test("orders and steps days across months, years and leap days")
    func stepping() throws {
        let day = try #require(Day(iso: "2024-02-28"))
        #expect(day.next.description == "2024-02-29")
        #expect(day.next.next.description == "2024-03-01")
        #expect(try #require(Day(iso: "2024-01-01")).previous.description == "2023-12-31")
        #expect(try #require(Day(iso: "2023-12-31")) < day)
        #expect(Day(daysSinceEpoch: 0)?.description == "1970-01-01")
        #expect(try #require(Day(iso: "2000-03-01")).daysSinceEpoch == 11_017)
    }

    @Test("a month window includes its first day and excludes the next month's first day")
    func monthWindow() throws {
        let window = try #require(Day(iso: "2024-12-15")).monthWindow
        #expect(window.start?.description == "2024-12-01")
        #expect(window.end?.description == "2025-01-01")
        #expect(window.contains(try #require(Day(iso: "2024-12-01"))))
        #expect(window.contains(try #require(Day(iso: "2024-12-31"))))
        #expect(!window.contains(try #require(Day(iso: "2025-01-01"))))
        #expect(!window.contains(try #require(Day(iso: "2024-11-30"))))
        let february = try #require(Day(iso: "2023-02-10")).monthWindow
        #expect(february.end?.description == "2023-03-01")
    }

    @Test("an instant becomes the day at the source's offset, not the machine's")
    func instants() {
        // 2024-01-15T03:30:00Z
        let instant: Int64 = 1_705_289_400
        #expect(Day(secondsSinceEpoch: instant, offsetSeconds: 0)?.description == "2024-01-15")
        #expect(Day(secondsSinceEpoch: instant, offsetSeconds: -5 * 3600)?.description == "2024-01-14")
        #expect(Day(secondsSinceEpoch: instant, offsetSeconds: 14 * 3600)?.description == "2024-01-15")
        #expect(Day(secondsSinceEpoch: -1, offsetSeconds: 0)?.description == "1969-12-31")
    }

    @Test(
        "an instant or a count of days outside years 1...9999 is nil, never an overflow trap",
        arguments: [
            // Found by Fuzz/day (crash-fa8e0d16…): the first 8 bytes as seconds, the next 8 as an offset.
            (0x6091_d000_3d03_8a90, 0x353d_038a_9035_9028),
            (.max, 1), (.min, -1), (.min, 0), (.max, 0), (4_000_000_000_000, .max), (253_402_300_800, 0),
        ] as [(Int64, Int)])
    func farAway(seconds: Int64, offset: Int) {
        #expect(Day(secondsSinceEpoch: seconds, offsetSeconds: offset) == nil)
        #expect(Day(daysSinceEpoch: Int(seconds)) == nil)
        #expect(Day(daysSinceEpoch: 0)?.adding(days: Int(seconds)) == nil)
        #expect(Day(daysSinceEpoch: 0)?.adding(days: .max) == nil)
    }

    @Test("the first and last days of the calendar are reached exactly, and no further")
    func calendarEdges() throws {
        let first = try #require(Day(iso: "0001-01-01"))
        let last = try #require(Day(iso: "9999-12-31"))
        #expect(Day(daysSinceEpoch: first.daysSinceEpoch) == first)
        #expect(Day(daysSinceEpoch: last.daysSinceEpoch) == last)
        #expect(first.adding(days: -1) == nil && last.adding(days: 1) == nil)
        #expect(Day(secondsSinceEpoch: Int64(last.daysSinceEpoch) * 86_400 + 86_399, offsetSeconds: 0) == last)
        #expect(Day(secondsSinceEpoch: Int64(first.daysSinceEpoch) * 86_400, offsetSeconds: 0) == first)
        #expect(Day(secondsSinceEpoch: Int64(first.daysSinceEpoch) * 86_400 - 1, offsetSeconds: 0) == nil)
        #expect(Day(secondsSinceEpoch: -86_400, offsetSeconds: 0)?.description == "1969-12-31")
        #expect(Day(secondsSinceEpoch: -86_401, offsetSeconds: 0)?.description == "1969-12-30")
    }
}
