import Foundation
import LedgerCore
import Testing

@testable import FeedAdapter

@Suite("FeedDate")
struct FeedDateTests {
    private let paris = TimeZone(identifier: "Europe/Paris")!

    private func day(_ text: String, _ zone: String = "Europe/Paris") -> String? {
        FeedDate(iso8601: text)?.day(in: TimeZone(identifier: zone)!).map(String.init(describing:))
    }

    @Test("a UTC instant late in the evening is the next day in Paris")
    func utcCrossesMidnight() {
        #expect(day("2024-01-31T23:30:00Z") == "2024-02-01")
        #expect(day("2024-01-31T22:59:59Z") == "2024-01-31")
    }

    @Test("the feed's time zone follows daylight saving time")
    func daylightSaving() {
        // Paris is UTC+2 from 2024-03-31 01:00 UTC.
        #expect(day("2024-03-31T21:59:59Z") == "2024-03-31")
        #expect(day("2024-03-31T22:00:00Z") == "2024-04-01")
        #expect(day("2024-03-30T22:30:00Z") == "2024-03-30")
    }

    @Test("a UTC instant gives different days in zones on either side of the date line")
    func zonesFarApart() {
        #expect(day("2024-06-01T12:00:00Z", "Pacific/Kiritimati") == "2024-06-02")
        #expect(day("2024-06-01T12:00:00Z", "Pacific/Pago_Pago") == "2024-06-01")
        #expect(day("2024-06-01T12:00:00Z", "UTC") == "2024-06-01")
    }

    @Test("an instant with an offset is the day at that offset, whatever the feed's zone")
    func offsetDay() {
        #expect(day("2024-01-31T23:30:00-05:00") == "2024-01-31")
        #expect(day("2024-02-01T00:30:00+14:00", "Pacific/Pago_Pago") == "2024-02-01")
        #expect(day("2024-01-31T23:30:00+00:00") == "2024-01-31")
        #expect(day("2024-01-31T23:30:00.250+0100") == "2024-01-31")
    }

    @Test("a plain calendar day is itself")
    func plainDay() {
        #expect(day("2024-02-29") == "2024-02-29")
        #expect(FeedDate(iso8601: "2024-02-29")?.form == .day(Day(year: 2024, month: 2, day: 29)!))
    }

    @Test("fractions of a second and missing seconds are accepted")
    func timeVariants() {
        #expect(day("2024-01-15T10:30Z") == "2024-01-15")
        #expect(day("2024-01-15T10:30:15.123456Z") == "2024-01-15")
    }

    @Test(
        "texts that name no instant or no real day are refused",
        arguments: [
            "2024-01-15T10:30:00", "2024-02-30", "2024-02-30T10:00:00Z", "2024-01-15T24:00:00Z",
            "2024-01-15T10:60:00Z", "2024-01-15 10:00:00Z", "15/01/2024", "2024-1-5", "", "2024-01-15T10:00:00+25:00",
            "2024-01-15T10:00:00Zjunk", "1705312800",
        ])
    func refused(text: String) {
        #expect(FeedDate(iso8601: text) == nil)
    }
}
