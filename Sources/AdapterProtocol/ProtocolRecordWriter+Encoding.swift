import LedgerCore

/// The bytes of JSON values, appended to the writer's buffer without building strings: literals,
/// integers, decimal amounts from minor units, days, and escaped strings.
///
/// Each function makes room first (``reserve(_:)``), then stores bytes through the pointer.
extension ProtocolRecordWriter {
    /// Makes room for at least `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if capacity - count < extra { grow(toHold: count + extra) }
    }

    /// Appends literal JSON text written in the program (keys, punctuation).
    @inline(__always)
    func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        Self.copy(text.utf8Start, count: length, to: storage + count)
        count += length
    }

    /// Appends bytes as they are.
    func append(_ bytes: [UInt8]) {
        reserve(bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            Self.copy(base, count: buffer.count, to: storage + count)
        }
        count += bytes.count
    }

    /// Appends a currency's code in quotes (the last one's bytes are kept: a file mostly has one).
    func appendCurrency(_ currency: Currency) {
        if currency != lastCurrency {
            lastCurrencyLiteral = literal(currency.code)
            lastCurrency = currency
        }
        append(lastCurrencyLiteral)
    }

    /// Copies bytes; short runs (keys, punctuation, most field values) eight at a time in line,
    /// where a call to `memcpy` would cost more than the copy.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        if count < 8 {
            for index in 0..<count { target[index] = source[index] }
        } else if count <= 32 {
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(target)
            var offset = 0
            while offset + 8 < count {
                to.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
                    as: UInt64.self)
                offset += 8
            }
            // The last eight bytes, overlapping what was copied.
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
                as: UInt64.self)
        } else {
            target.update(from: source, count: count)
        }
    }

    /// Appends a whole number in decimal, with a `-` when negative.
    func appendInteger(_ value: Int64) {
        appendDecimal(value, digits: 0)
    }

    /// Appends a count of minor units as a decimal with `digits` fraction digits: `-1250` with 2
    /// digits is `-12.50`, `7` with 3 is `0.007`, `5` with 0 is `5`.
    func appendDecimal(_ minorUnits: Int64, digits: Int) {
        precondition((0...18).contains(digits), "a currency has 0 to 18 minor digits")
        let magnitude = minorUnits.magnitude
        var unit: UInt64 = 1
        for _ in 0..<digits { unit &*= 10 }
        let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: unit)
        // The whole part's digits, counted without dividing (at least one: `0.05`).
        var wholeDigits = 1
        var power: UInt64 = 10
        while wholeDigits < 20, whole >= power {
            wholeDigits += 1
            power &*= 10
        }
        let sign = minorUnits < 0 ? 1 : 0
        let length = sign + wholeDigits + (digits > 0 ? 1 + digits : 0)
        reserve(length)
        // Locals, not the class's stored properties: each access to those is checked for
        // exclusivity at run time.
        let out = storage + count
        if sign == 1 { out[0] = UInt8(ascii: "-") }
        Self.writeDigits(whole, count: wholeDigits, to: out + sign)
        if digits > 0 {
            out[sign + wholeDigits] = UInt8(ascii: ".")
            Self.writeDigits(fraction, count: digits, to: out + sign + wholeDigits + 1)
        }
        count += length
    }

    /// Writes the last `count` decimal digits of a value (with leading zeros), two at a time.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var value = value
        var position = count
        while position >= 2 {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 100)
            position -= 2
            out[position] = pairs[Int(remainder) &* 2]
            out[position + 1] = pairs[Int(remainder) &* 2 &+ 1]
            value = quotient
        }
        if position == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10) }
    }

    /// `00`, `01`, … `99`: two digits at a time.
    static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends a day as `YYYY-MM-DD` (without quotes).
    func appendDay(_ day: Day) {
        reserve(10)
        let out = UnsafeMutableRawPointer(storage + count)
        if day != lastDay {
            // Byte i of the text in bits 8i...8i+7: stored little-endian, the bytes come in order.
            let year = UInt64(day.year)
            let month = UInt64(day.month)
            let dayOfMonth = UInt64(day.day)
            let zero = UInt64(UInt8(ascii: "0"))
            let dash = UInt64(UInt8(ascii: "-"))
            let headDigits: [UInt64] = [
                zero + year / 1000 % 10, zero + year / 100 % 10, zero + year / 10 % 10, zero + year % 10, dash,
                zero + month / 10, zero + month % 10, dash,
            ]
            var head: UInt64 = 0
            for (index, byte) in headDigits.enumerated() { head |= byte << (8 * UInt64(index)) }
            lastDayHead = head
            lastDayTail = UInt16(truncatingIfNeeded: (zero + dayOfMonth / 10) | (zero + dayOfMonth % 10) << 8)
            lastDay = day
        }
        out.storeBytes(of: lastDayHead.littleEndian, as: UInt64.self)
        out.storeBytes(of: lastDayTail.littleEndian, toByteOffset: 8, as: UInt16.self)
        count += 10
    }

    /// Appends a string as a JSON string literal, quotes included.
    ///
    /// Escaped: `"` and `\` with a backslash; line feed, carriage return and tab as `\n`, `\r`,
    /// `\t`; the other C0 controls, DEL, the C1 controls, the
    /// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the
    /// line and paragraph separators (U+2028, U+2029) as `\u00XX`/`\uXXXX`, as ``JSONText`` does.
    /// Everything else is copied as its UTF-8 bytes; a Swift string holds only valid Unicode
    /// scalars, so no invalid one can be written.
    func appendString(_ text: String) {
        let written = text.utf8.withContiguousStorageIfAvailable { appendQuoted($0) }
        if written == nil {
            // A string without contiguous UTF-8 (bridged): copy it once.
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { appendQuoted($0) }
        }
    }

    // MARK: - Private

    /// Grows the buffer to hold at least `needed` bytes, doubling.
    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Appends UTF-8 text in quotes: whole when nothing in it needs an escape (most text), else
    /// byte by byte with the escapes.
    private func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Each byte becomes at most 6 (`\u00XX`); each 2- or 3-byte scalar at most 6 too.
        reserve(utf8.count * 6 + 2)
        let out = storage + count
        out[0] = UInt8(ascii: "\"")
        var length = 1
        if !Self.mayNeedEscapes(utf8) {
            if let base = utf8.baseAddress { Self.copy(base, count: utf8.count, to: out + 1) }
            length += utf8.count
        } else {
            length += Self.writeEscaped(utf8, to: out + 1)
        }
        out[length] = UInt8(ascii: "\"")
        count += length + 1
    }

    /// Whether any byte of the text ``mayNeedEscape(_:)``: eight bytes at a time, only the eight
    /// holding a control, a quote, a backslash or a byte from 0x7F up looked at one by one.
    private static func mayNeedEscapes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// Whether a word has a zero byte (the classic bit trick; exact as to "any").
        func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // A byte below 0x20 (its top three bits clear), from 0x80 up, DEL, a quote or a backslash.
            let flagged =
                hasZero(word & 0xE0E0_E0E0_E0E0_E0E0) || word & highs != 0 || hasZero(word ^ (ones &* 0x7F))
                || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
            if flagged {
                for index in offset..<offset + 8 where mayNeedEscape(utf8[index]) { return true }
            }
            offset += 8
        }
        while offset < utf8.count {
            if mayNeedEscape(utf8[offset]) { return true }
            offset += 1
        }
        return false
    }

    /// Whether a byte is, or may start, a scalar that is escaped: an ASCII control, `"`, `\`,
    /// DEL, or the lead byte of U+0080–U+00BF (0xC2), U+0600–U+063F (0xD8) or U+2000–U+2FFF (0xE2).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// Copies the bytes with their escapes to `out` (room is reserved by the caller).
    ///
    /// - Returns: how many bytes were written.
    private static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var index = 0
        var written = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard mayNeedEscape(byte) else {
                out[written] = byte
                written += 1
                index += 1
                continue
            }
            let (scalar, length) = scalarStarting(at: index, in: utf8)
            let escaped = writeEscape(for: scalar, to: out + written)
            if escaped == 0 {
                for offset in 0..<length { out[written + offset] = utf8[index + offset] }
                written += length
            } else {
                written += escaped
            }
            index += length
        }
        return written
    }

    /// The scalar value of the (valid) UTF-8 sequence at `index` and its length in bytes; only
    /// the one- to three-byte forms matter here (every escaped scalar is below U+10000).
    private static func scalarStarting(at index: Int, in utf8: UnsafeBufferPointer<UInt8>) -> (UInt32, Int) {
        let lead = UInt32(utf8[index])
        switch lead {
        case 0..<0x80:
            return (lead, 1)
        case 0xC0..<0xE0 where index + 1 < utf8.count:
            return ((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2)
        case 0xE0..<0xF0 where index + 2 < utf8.count:
            return ((lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F), 3)
        default:
            return (lead, 1)
        }
    }

    /// Writes the escape for a scalar to `out` (room is reserved by the caller).
    ///
    /// - Returns: how many bytes were written: 0 when the scalar is written as it is.
    private static func writeEscape(for scalar: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let short: UInt8
        switch scalar {
        case 0x22: short = UInt8(ascii: "\"")
        case 0x5C: short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            out[0] = UInt8(ascii: "\\")
            out[1] = UInt8(ascii: "u")
            out[2] = hexDigit(scalar >> 12)
            out[3] = hexDigit(scalar >> 8)
            out[4] = hexDigit(scalar >> 4)
            out[5] = hexDigit(scalar)
            return 6
        default:
            return 0
        }
        out[0] = UInt8(ascii: "\\")
        out[1] = short
        return 2
    }

    /// The lower-case hex digit of a value's lowest four bits.
    private static func hexDigit(_ value: UInt32) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xF)
        return nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }
}
