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
        (storage + count).update(from: text.utf8Start, count: length)
        count += length
    }

    /// Appends bytes as they are.
    func append(_ bytes: [UInt8]) {
        reserve(bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (storage + count).update(from: base, count: buffer.count)
        }
        count += bytes.count
    }

    /// Appends a whole number in decimal, with a `-` when negative.
    func appendInteger(_ value: Int64) {
        appendDecimal(value, digits: 0)
    }

    /// Appends a count of minor units as a decimal with `digits` fraction digits: `-1250` with 2
    /// digits is `-12.50`, `7` with 3 is `0.007`, `5` with 0 is `5`.
    func appendDecimal(_ minorUnits: Int64, digits: Int) {
        precondition((0...18).contains(digits), "a currency has 0 to 18 minor digits")
        var magnitude = minorUnits.magnitude
        // The digits written: the number's own, but at least one more than the fraction's.
        var digitCount = 1
        var rest = magnitude / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        digitCount = max(digitCount, digits + 1)
        let length = digitCount + (digits > 0 ? 1 : 0) + (minorUnits < 0 ? 1 : 0)
        reserve(length)
        var position = count + length
        var written = 0
        while written < digitCount {
            if written == digits, digits > 0 {
                position -= 1
                storage[position] = UInt8(ascii: ".")
            }
            let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
            position -= 1
            storage[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
            magnitude = quotient
            written += 1
        }
        if minorUnits < 0 { storage[count] = UInt8(ascii: "-") }
        count += length
    }

    /// Appends a day as `YYYY-MM-DD` (without quotes).
    func appendDay(_ day: Day) {
        reserve(10)
        let zero = UInt8(ascii: "0")
        let year = day.year
        let out = storage + count
        out[0] = zero &+ UInt8(truncatingIfNeeded: year / 1000 % 10)
        out[1] = zero &+ UInt8(truncatingIfNeeded: year / 100 % 10)
        out[2] = zero &+ UInt8(truncatingIfNeeded: year / 10 % 10)
        out[3] = zero &+ UInt8(truncatingIfNeeded: year % 10)
        out[4] = UInt8(ascii: "-")
        out[5] = zero &+ UInt8(truncatingIfNeeded: day.month / 10)
        out[6] = zero &+ UInt8(truncatingIfNeeded: day.month % 10)
        out[7] = UInt8(ascii: "-")
        out[8] = zero &+ UInt8(truncatingIfNeeded: day.day / 10)
        out[9] = zero &+ UInt8(truncatingIfNeeded: day.day % 10)
        count += 10
    }

    /// Appends a string as a JSON string literal, quotes included.
    ///
    /// Escaped: `"` and `\` with a backslash; line feed, carriage return, tab, backspace and form
    /// feed as `\n`, `\r`, `\t`, `\b`, `\f`; the other C0 controls, DEL, the C1 controls, the
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
        storage[count] = UInt8(ascii: "\"")
        count += 1
        var needsEscapes = false
        for byte in utf8 where Self.mayNeedEscape(byte) {
            needsEscapes = true
            break
        }
        if !needsEscapes {
            if let base = utf8.baseAddress { (storage + count).update(from: base, count: utf8.count) }
            count += utf8.count
        } else {
            appendEscaped(utf8)
        }
        storage[count] = UInt8(ascii: "\"")
        count += 1
    }

    /// Whether a byte is, or may start, a scalar that is escaped: an ASCII control, `"`, `\`,
    /// DEL, or the lead byte of U+0080–U+00BF (0xC2), U+0600–U+063F (0xD8) or U+2000–U+2FFF (0xE2).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// Copies the bytes with their escapes (room is reserved by the caller).
    private func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard Self.mayNeedEscape(byte) else {
                storage[count] = byte
                count += 1
                index += 1
                continue
            }
            let (scalar, length) = Self.scalarStarting(at: index, in: utf8)
            if !appendEscape(for: scalar) {
                for offset in 0..<length { storage[count + offset] = utf8[index + offset] }
                count += length
            }
            index += length
        }
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

    /// Writes the escape for a scalar (room is reserved by the caller).
    ///
    /// - Returns: `false` when the scalar is written as it is (nothing was written).
    private func appendEscape(for scalar: UInt32) -> Bool {
        let short: UInt8
        switch scalar {
        case 0x22: short = UInt8(ascii: "\"")
        case 0x5C: short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            let out = storage + count
            out[0] = UInt8(ascii: "\\")
            out[1] = UInt8(ascii: "u")
            out[2] = Self.hexDigit(scalar >> 12)
            out[3] = Self.hexDigit(scalar >> 8)
            out[4] = Self.hexDigit(scalar >> 4)
            out[5] = Self.hexDigit(scalar)
            count += 6
            return true
        default:
            return false
        }
        storage[count] = UInt8(ascii: "\\")
        storage[count + 1] = short
        count += 2
        return true
    }

    /// The lower-case hex digit of a value's lowest four bits.
    private static func hexDigit(_ value: UInt32) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xF)
        return nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }
}
