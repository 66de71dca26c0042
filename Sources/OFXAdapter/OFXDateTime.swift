import LedgerCore

/// An OFX date or datetime (OFX 2.2 §3.2.8.2): `YYYYMMDD`, optionally followed by `HHMMSS` (or
/// `HHMM`), `.XXX` fractional seconds, and `[offset:TZ]` naming the zone the time is written in.
///
/// The specification writes a datetime in the zone it states: `20240115193000.000[-5:EST]` is
/// 19:30 in New York, which is January 16 in UTC. The calendar day *in the file's stated zone*
/// is therefore the written `YYYYMMDD`, whatever the offset; converting to UTC, or to the
/// machine's zone, is the classic way importers put evening transactions on the wrong day. A
/// datetime with no zone is read as written too. The time and the offset are still checked, so
/// that `20240115256000` or `[+99]` is an error and not a silently accepted day.
struct OFXDateTime: Sendable, Hashable {
    /// The calendar day in the stated zone (the written date).
    var day: Day
    /// Seconds after midnight in the stated zone (0 when only a date is given).
    var secondsOfDay: Int
    /// The stated offset from UTC in seconds, when the file gives one.
    var offsetSeconds: Int?

    /// Reads a datetime from an element's text (surrounding spaces already removed).
    ///
    /// - Returns: `nil` when the text is not an OFX datetime or names a day or time that does not
    ///   exist (`20240230`, `20240115246000`).
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        guard count >= 8 else { return nil }
        guard let year = OFXDateTime.number(text, 0, 4), let month = OFXDateTime.number(text, 4, 2),
            let dayOfMonth = OFXDateTime.number(text, 6, 2),
            let day = Day(year: year, month: month, day: dayOfMonth)
        else { return nil }
        var index = 8
        var seconds = 0
        // HHMMSS or HHMM.
        var timeDigits = 0
        while index + timeDigits < count, OFXDateTime.isDigit(text[index + timeDigits]) { timeDigits += 1 }
        switch timeDigits {
        case 0: break
        case 4, 6:
            guard let hour = OFXDateTime.number(text, index, 2), let minute = OFXDateTime.number(text, index + 2, 2),
                hour <= 23, minute <= 59
            else { return nil }
            var second = 0
            if timeDigits == 6 {
                guard let value = OFXDateTime.number(text, index + 4, 2), value <= 60 else { return nil }
                second = value
            }
            seconds = hour * 3600 + minute * 60 + min(second, 59)
            index += timeDigits
        default:
            return nil
        }
        // .XXX fractional seconds, only after a time.
        if index < count, text[index] == UInt8(ascii: ".") {
            guard timeDigits > 0 else { return nil }
            index += 1
            let start = index
            while index < count, OFXDateTime.isDigit(text[index]) { index += 1 }
            guard index > start else { return nil }
        }
        // [offset:TZ]
        var offset: Int?
        if index < count {
            guard text[index] == UInt8(ascii: "["), text[count - 1] == UInt8(ascii: "]") else { return nil }
            switch OFXDateTime.zone(text, from: index + 1, to: count - 1) {
            case .offset(let seconds): offset = seconds
            case .unstated: offset = nil
            case .invalid: return nil
            }
            index = count
        }
        self.day = day
        self.secondsOfDay = seconds
        self.offsetSeconds = offset
    }

    // MARK: - Private helpers

    /// What a `[...]` zone bracket says.
    private enum Zone {
        /// An offset from UTC, in seconds.
        case offset(Int)
        /// A bracket with no offset (`[+]`, `[-:EST]`, `[:XYZ]`), whose name is not one of
        /// ``offsetsByName``: the day is the written one, the offset unknown.
        case unstated
        /// Not a zone bracket (`[+99]`, `[5:E$T]`).
        case invalid
    }

    /// The offsets of the zone names banks write without a number (`[-:EST]`, `[:GMT]`), in
    /// hours; the names of US zones and UTC only, which have one meaning.
    private static let offsetsByName: [String: Int] = [
        "GMT": 0, "UTC": 0, "UT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7, "AKST": -9, "AKDT": -8, "HST": -10,
    ]

    /// Reads `[+-]H[H][.fraction][:TZ]`, `[+-]HHMM[:TZ]`, or a bracket with a sign or a name and
    /// no offset (`[+]`, `[-:EST]`, `[:GMT]`), between the brackets.
    private static func zone(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Zone {
        var index = start
        while index < end, text[index] == 0x20 { index += 1 }
        var hasSign = false
        if index < end, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            hasSign = true
            index += 1
        }
        guard index == end || text[index] == UInt8(ascii: ":") else {
            return offset(text, from: start, to: end).map(Zone.offset) ?? .invalid
        }
        // No digits: a sign alone (`[+]`), or a name (`[-:EST]`, `[:GMT]`); `[]` says nothing.
        guard index < end else { return hasSign ? .unstated : .invalid }
        guard let name = zoneName(text, from: index + 1, to: end), !name.isEmpty else { return .invalid }
        guard let hours = offsetsByName[name.uppercased()] else { return .unstated }
        return .offset(hours * 3600)
    }

    /// The zone name after `:`, or `nil` when it holds a byte no zone name has.
    private static func zoneName(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        guard isZoneName(text, from: start, to: end) else { return nil }
        var first = start
        var last = end
        while first < last, text[first] == 0x20 { first += 1 }
        while last > first, text[last - 1] == 0x20 { last -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: text[first..<last]), as: UTF8.self)
    }

    /// Whether the text after `:` could be a zone name, without making it a string (after an
    /// offset the name is not read: making it cost 220 instructions a date).
    private static func isZoneName(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start <= end else { return false }
        for index in start..<end where !isZoneNameByte(text[index]) { return false }
        return true
    }

    private static func isZoneNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || isDigit(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == 0x20
    }

    /// Reads `[+-]H[H][.fraction][:TZ]` or `[+-]HHMM[:TZ]` between the brackets.
    private static func offset(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end, text[index] == 0x20 { index += 1 }
        var negative = false
        if index < end, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        let digitsStart = index
        var whole = 0
        while index < end, isDigit(text[index]), index - digitsStart < 4 {
            whole = whole * 10 + Int(text[index] - 0x30)
            index += 1
        }
        let wholeDigits = index - digitsStart
        guard wholeDigits > 0 else { return nil }
        var seconds: Int
        if wholeDigits >= 3 {
            // HHMM, as some servers write it.
            let hours = whole / 100
            let minutes = whole % 100
            guard minutes < 60 else { return nil }
            seconds = hours * 3600 + minutes * 60
        } else {
            seconds = whole * 3600
        }
        if index < end, text[index] == UInt8(ascii: ".") {
            // Fractional hours: [5.75] is +5:45, [-3.5] is -3:30.
            index += 1
            var numerator = 0
            var denominator = 1
            while index < end, isDigit(text[index]), denominator < 1_000_000 {
                numerator = numerator * 10 + Int(text[index] - 0x30)
                denominator *= 10
                index += 1
            }
            guard denominator > 1 else { return nil }
            seconds += numerator * 3600 / denominator
        }
        guard seconds <= 14 * 3600 else { return nil }
        if index < end {
            // ":TZ", a zone name; its text is not interpreted (the offset is what counts).
            guard text[index] == UInt8(ascii: ":"), isZoneName(text, from: index + 1, to: end) else {
                return nil
            }
        }
        return negative ? -seconds : seconds
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        guard start + length <= text.count else { return nil }
        var value = 0
        for index in start..<(start + length) {
            let byte = text[index]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
