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
}
