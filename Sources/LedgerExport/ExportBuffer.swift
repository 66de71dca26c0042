import LedgerCore

/// The bytes of an export being written: UTF-8 appended in place, handed on in chunks.
///
/// Appending to a byte array copies a native string's UTF-8 in one move; a `String` being grown
/// checks its capacity, count and ASCII flag on every append, which cost more than the rest of
/// a row's writing.
struct ExportBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }
    var isEmpty: Bool { bytes.isEmpty }

    static func += (buffer: inout ExportBuffer, text: String) {
        buffer.bytes.append(contentsOf: text.utf8)
    }

    static func += (buffer: inout ExportBuffer, text: Substring) {
        buffer.bytes.append(contentsOf: text.utf8)
    }

    mutating func append(ascii byte: UInt8) {
        bytes.append(byte)
    }

    mutating func appendSpaces(_ count: Int) {
        for _ in 0..<count { bytes.append(0x20) }
    }

    /// A whole number in decimal, without building a string.
    mutating func append(_ number: UInt64) {
        if number < 10 {
            bytes.append(0x30 + UInt8(number))
            return
        }
        var digits: (UInt64, Int) = (number, 0)
        var divisor: UInt64 = 1
        while digits.0 / divisor >= 10 {
            divisor *= 10
            digits.1 += 1
        }
        while divisor > 0 {
            bytes.append(0x30 + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    mutating func append(_ number: Int) {
        if number < 0 { bytes.append(0x2D) }
        append(UInt64(number.magnitude))
    }

    /// `YYYY-MM-DD`.
    mutating func append(_ day: Day) {
        let year = day.year
        bytes.append(UInt8(48 + year / 1000 % 10))
        bytes.append(UInt8(48 + year / 100 % 10))
        bytes.append(UInt8(48 + year / 10 % 10))
        bytes.append(UInt8(48 + year % 10))
        bytes.append(0x2D)
        bytes.append(UInt8(48 + day.month / 10))
        bytes.append(UInt8(48 + day.month % 10))
        bytes.append(0x2D)
        bytes.append(UInt8(48 + day.day / 10))
        bytes.append(UInt8(48 + day.day % 10))
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Whether the buffer ends with a byte (`false` when empty).
    func hasPrefix(_ byte: UInt8) -> Bool { bytes.first == byte }
}
