import LedgerCore

/// A date pattern such as `dd.MM.yyyy`, compiled once and matched against field bytes.
///
/// Pattern letters follow Unicode's date patterns: `yyyy` a four-digit year, `yy` a two-digit
/// year (00–69 are 2000–2069, 70–99 are 1970–1999), `MM`/`M` the month number, `MMM`/`MMMM` a
/// month name in English, German, French, Spanish, Dutch or Italian, `dd`/`d` the day, `EEE` a
/// weekday name (skipped), and `HH` `mm` `ss` `a` for a time part (skipped). Any other character
/// must appear as written; a space matches one or more spaces. A time part after the date is
/// accepted even when the pattern doesn't mention it (`2024-01-15 13:45:00`, `2024-01-15T13:45`).
/// Numbers take one or two digits when a separator follows, and exactly their width when
/// another number follows directly (`yyyyMMdd`).
public struct DateFormat: Sendable, Hashable, CustomStringConvertible {
    enum Token: Sendable, Hashable {
        case year4, year2, month, monthName, day, weekday, timeNumber, meridiem
        case literal(UInt8)
        case space
    }

    /// The pattern as written.
    public let pattern: String
    let tokens: [Token]
    /// Where the numbers stand, for a pattern of fixed width (`dd.MM.yyyy`, `yyyy-MM-dd`,
    /// `yyyyMMdd`); `nil` for any other.
    let layout: FixedLayout?

    /// A fixed-width numeric pattern: two-digit day and month, a four- or two-digit year, and
    /// one separator byte at the positions in `separators`. A field of exactly that shape is read
    /// by offset; any other field takes the token-by-token reading, which gives the same day for
    /// every field this accepts.
    struct FixedLayout: Sendable, Hashable {
        var length = 0
        var day = 0
        var month = 0
        var year = 0
        var yearDigits = 4
        var separator: UInt8 = 0
        /// A bit per position holding the separator.
        var separators: UInt32 = 0
        /// The shape again, for a length of 8 to 16, as masks over a field's first eight bytes and
        /// its last eight (two words, which may overlap): 0xFF at each digit's byte (`…Digits`),
        /// 0xFF at each separator's byte (`…Separators`) and the separator there
        /// (`…SeparatorBytes`). Such a field is checked a word at a time.
        var firstDigits: UInt64 = 0
        var firstSeparators: UInt64 = 0
        var firstSeparatorBytes: UInt64 = 0
        var lastDigits: UInt64 = 0
        var lastSeparators: UInt64 = 0
        var lastSeparatorBytes: UInt64 = 0

        /// The layout of a pattern, or `nil` when it is not a fixed-width numeric one.
        init?(_ pattern: String) {
            let scalars = Array(pattern.unicodeScalars)
            var index = 0
            var sawDay = false
            var sawMonth = false
            var sawYear = false
            while index < scalars.count {
                let scalar = scalars[index]
                var run = 1
                while index + run < scalars.count, scalars[index + run] == scalar { run += 1 }
                switch (scalar, run) {
                case ("d", 2): (day, sawDay) = (length, true)
                case ("M", 2): (month, sawMonth) = (length, true)
                case ("y", 4), ("y", 2): (year, yearDigits, sawYear) = (length, run, true)
                default:
                    guard run == 1, scalar.isASCII, !scalar.properties.isAlphabetic, scalar != " ",
                        separator == 0 || separator == UInt8(scalar.value)
                    else { return nil }
                    separator = UInt8(scalar.value)
                    separators |= 1 << UInt32(length)
                }
                length += run
                index += run
            }
            guard sawDay, sawMonth, sawYear, length <= 16 else { return nil }
            guard length >= 8 else { return }
            for offset in 0..<length {
                let isSeparator = separators & (1 << UInt32(offset)) != 0
                // Byte `offset` of the field is byte `offset` of the first word and byte
                // `offset - (length - 8)` of the last (little-endian: byte 0 is the lowest).
                for (word, shift) in [(0, offset), (1, offset - (length - 8))] where (0..<8).contains(shift) {
                    let bits = UInt64(shift * 8)
                    switch (word, isSeparator) {
                    case (0, true):
                        firstSeparators |= 0xFF << bits
                        firstSeparatorBytes |= UInt64(separator) << bits
                    case (0, false): firstDigits |= 0xFF << bits
                    case (_, true):
                        lastSeparators |= 0xFF << bits
                        lastSeparatorBytes |= UInt64(separator) << bits
                    default: lastDigits |= 0xFF << bits
                    }
                }
            }
        }

        /// Whether the word's bytes under `digits` are ASCII digits and those under `separators`
        /// are `separator`.
        @inline(__always)
        private static func matches(_ word: UInt64, digits: UInt64, separators: UInt64, separator: UInt64) -> Bool {
            let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
            let zeros: UInt64 = 0x3030_3030_3030_3030 & digits
            let masked = word & digits
            // A byte 0x30–0x3F is a digit when adding 6 keeps it below 0x40 (no carry leaves a
            // byte of that range).
            return word & separators == separator && masked & nibbles == zeros
                && (masked &+ (0x0606_0606_0606_0606 & digits)) & nibbles == zeros
        }

        /// The day in a field of exactly this shape; `nil` for any other field.
        @inline(__always)
        func day(from bytes: UnsafeBufferPointer<UInt8>) -> Day? {
            guard bytes.count == length, let base = bytes.baseAddress else { return nil }
            if length >= 8 {
                let first = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
                let last = UInt64(littleEndian: UnsafeRawPointer(base + length - 8).loadUnaligned(as: UInt64.self))
                guard
                    FixedLayout.matches(
                        first, digits: firstDigits, separators: firstSeparators, separator: firstSeparatorBytes),
                    FixedLayout.matches(
                        last, digits: lastDigits, separators: lastSeparators, separator: lastSeparatorBytes)
                else { return nil }
            } else {
                for offset in 0..<length {
                    let byte = bytes[offset]
                    if separators & (1 << UInt32(offset)) != 0 {
                        guard byte == separator else { return nil }
                    } else if byte &- 0x30 >= 10 {
                        return nil
                    }
                }
            }
            // Two digits at a time, from bytes checked above to be digits and inside the field (the
            // layout's offsets are below its length): a loop over each number's digits, with its
            // range and overflow checks, cost about 50 instructions a day.
            func twoDigits(_ offset: Int) -> Int {
                Int(base[offset] &- 0x30) &* 10 &+ Int(base[offset &+ 1] &- 0x30)
            }
            var year = twoDigits(self.year)
            if yearDigits == 4 {
                year = year &* 100 &+ twoDigits(self.year &+ 2)
            } else {
                year &+= year < 70 ? 2000 : 1900
            }
            return Day(year: year, month: twoDigits(month), day: twoDigits(self.day))
        }
    }

    /// Compiles a pattern.
    ///
    /// - Returns: `nil` when the pattern has no year, month and day, or a letter it doesn't know.
    public init?(_ pattern: String) {
        self.pattern = pattern
        var tokens: [Token] = []
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var run = 1
            while index + run < scalars.count, scalars[index + run] == scalar { run += 1 }
            switch scalar {
            case "y":
                guard run == 4 || run == 2 else { return nil }
                tokens.append(run == 4 ? .year4 : .year2)
            case "M": tokens.append(run >= 3 ? .monthName : .month)
            case "d":
                guard run <= 2 else { return nil }
                tokens.append(.day)
            case "E": tokens.append(.weekday)
            case "H", "h", "m", "s", "S": tokens.append(.timeNumber)
            case "a": tokens.append(.meridiem)
            case " ": tokens.append(.space)
            default:
                guard scalar.isASCII, !scalar.properties.isAlphabetic else { return nil }
                for _ in 0..<run { tokens.append(.literal(UInt8(scalar.value))) }
            }
            index += run
        }
        let hasYear = tokens.contains(.year4) || tokens.contains(.year2)
        let hasMonth = tokens.contains(.month) || tokens.contains(.monthName)
        guard hasYear, hasMonth, tokens.contains(.day) else { return nil }
        self.tokens = tokens
        self.layout = FixedLayout(pattern)
    }

    public var description: String { pattern }

    /// Reads a day from UTF-8 bytes, consuming the whole field (surrounding spaces allowed).
    ///
    /// - Returns: the day, or `nil` when the text doesn't match or names no real day.
    func day(from bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        if let layout, let day = layout.day(from: bytes) { return day }
        return tokenDay(from: bytes)
    }

    /// The token-by-token reading behind ``day(from:)-(UnsafeBufferPointer<UInt8>)``.
    func tokenDay(from bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        var i = 0
        var end = bytes.count
        while i < end, bytes[i] == 0x20 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 { end -= 1 }
        var year = 0
        var month = 0
        var day = 0
        for (position, token) in tokens.enumerated() {
            let nextIsNumber = position + 1 < tokens.count && tokens[position + 1].isNumber
            switch token {
            case .year4:
                guard let value = number(bytes, &i, end, min: 4, max: 4) else { return nil }
                year = value
            case .year2:
                guard let value = number(bytes, &i, end, min: 2, max: 2) else { return nil }
                year = value < 70 ? 2000 + value : 1900 + value
            case .month, .day, .timeNumber:
                guard let value = number(bytes, &i, end, min: nextIsNumber ? 2 : 1, max: 2) else { return nil }
                if token == .month { month = value } else if token == .day { day = value }
            case .monthName:
                let start = i
                while i < end, bytes[i] >= 0x80 || isLetter(bytes[i]) { i += 1 }
                if i < end, bytes[i] == UInt8(ascii: ".") { i += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                guard let value = MonthNames.month(named: name) else { return nil }
                month = value
            case .weekday, .meridiem:
                let start = i
                while i < end, bytes[i] >= 0x80 || isLetter(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
                guard i > start else { return nil }
            case .literal(let expected):
                guard i < end, bytes[i] == expected else { return nil }
                i += 1
            case .space:
                guard i < end, bytes[i] == 0x20 else { return nil }
                while i < end, bytes[i] == 0x20 { i += 1 }
            }
        }
        if i < end {
            // An unmentioned time part: a space or 'T', then a digit.
            guard bytes[i] == 0x20 || bytes[i] == UInt8(ascii: "T") else { return nil }
            var j = i
            while j < end, bytes[j] == 0x20 || bytes[j] == UInt8(ascii: "T") { j += 1 }
            guard j < end, bytes[j] >= 0x30, bytes[j] <= 0x39 else { return nil }
        }
        return Day(year: year, month: month, day: day)
    }

    /// Reads a day from text.
    func day(from text: String) -> Day? {
        var copy = text
        return copy.withUTF8 { day(from: $0) }
    }

    @inline(__always)
    private func number(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int, min: Int, max: Int) -> Int? {
        var value = 0
        var digits = 0
        while i < end, digits < max, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            value = value * 10 + Int(bytes[i] - 0x30)
            digits += 1
            i += 1
        }
        return digits >= min ? value : nil
    }

    @inline(__always)
    private func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}

extension DateFormat.Token {
    var isNumber: Bool {
        switch self {
        case .year4, .year2, .month, .day, .timeNumber: return true
        default: return false
        }
    }
}
