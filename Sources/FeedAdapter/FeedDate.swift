import Foundation
import LedgerCore

/// A FinanceKit date as the feed writes it (ISO 8601), and the calendar day it falls on.
///
/// Three forms are read:
///
/// | text                          | meaning                        | day                              |
/// | ----------------------------- | ------------------------------ | -------------------------------- |
/// | `2024-01-31T23:30:00Z`        | an instant in UTC              | the day in the feed's `timeZone` |
/// | `2024-01-31T23:30:00-05:00`   | an instant at a stated offset  | the day at that offset (written) |
/// | `2024-01-31`                  | a calendar day                 | that day                         |
///
/// Seconds and a fraction of a second are optional (`10:30`, `10:30:15`, `10:30:15.250`); an
/// offset may be written `+01:00` or `+0100`. A time without `Z` or an offset is refused: it
/// names no instant, and guessing a zone would invent data. `+00:00` is an offset like any other
/// (the day at UTC); only `Z` means "convert to the feed's time zone". The machine's own time
/// zone is never consulted.
public struct FeedDate: Sendable, Hashable, CustomStringConvertible {
    /// What the text pins down.
    public enum Form: Sendable, Hashable {
        /// An instant in UTC, in whole seconds since 1970-01-01T00:00:00Z (fractions dropped).
        case utc(secondsSinceEpoch: Int64)
        /// A local date and time at a stated offset from UTC; `day` is the local date written.
        case offset(day: Day, offsetSeconds: Int)
        /// A calendar day with no time.
        case day(Day)
    }

    /// What the text pins down.
    public let form: Form
    /// The text as written in the feed.
    public let text: String

    /// Reads an ISO 8601 date.
    ///
    /// - Returns: `nil` when the text is not one of the three forms, or names a day or time that
    ///   does not exist (`2024-02-30`, `25:00`).
    public init?(iso8601 text: String) {
        guard let form = FeedDate.parse(Array(text.utf8)) else { return nil }
        self.form = form
        self.text = text
    }

    /// The calendar day of this date for a feed kept in `timeZone`.
    ///
    /// - Parameter timeZone: the feed's time zone (`feed.json`'s `timeZone`); used only for the
    ///   UTC form.
    /// - Returns: the day, or `nil` when the instant falls outside years 1...9999 there.
    public func day(in timeZone: TimeZone) -> Day? {
        switch form {
        case .day(let day), .offset(let day, _):
            return day
        case .utc(let seconds):
            let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
            return Day(secondsSinceEpoch: seconds, offsetSeconds: offset)
        }
    }

    public var description: String { text }

    // MARK: - Parsing

    private static func parse(_ bytes: [UInt8]) -> Form? {
        guard bytes.count >= 10, let day = Day(iso: String(decoding: bytes[0..<10], as: UTF8.self)) else {
            return nil
        }
        if bytes.count == 10 { return .day(day) }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return nil }
        var index = 11
        guard let hour = twoDigits(bytes, &index), hour < 24, colon(bytes, &index),
            let minute = twoDigits(bytes, &index), minute < 60
        else { return nil }
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            guard let value = twoDigits(bytes, &index), value < 60 else { return nil }
            second = value
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                index += 1
                let start = index
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                guard index > start, index - start <= 9 else { return nil }
            }
        }
        guard index < bytes.count else { return nil }  // no zone: not an instant
        let localSeconds = Int64(day.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
            return .utc(secondsSinceEpoch: localSeconds)
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = twoDigits(bytes, &index), hours <= 18 else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard let minutes = twoDigits(bytes, &index), minutes < 60, index == bytes.count else { return nil }
            return .offset(day: day, offsetSeconds: sign * (hours * 3600 + minutes * 60))
        default:
            return nil
        }
    }

    private static func twoDigits(_ bytes: [UInt8], _ index: inout Int) -> Int? {
        guard index + 2 <= bytes.count, isDigit(bytes[index]), isDigit(bytes[index + 1]) else { return nil }
        defer { index += 2 }
        return Int(bytes[index] - 0x30) * 10 + Int(bytes[index + 1] - 0x30)
    }

    private static func colon(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
