import LedgerCore

/// The bytes of an export being written: UTF-8 appended in place, handed on in chunks.
///
/// Its own storage, grown by doubling: an append is a bounds check and a copy, where a `String`
/// being grown checks its capacity, count and ASCII flag on every append, and an `[UInt8]` its
/// uniqueness, which together cost more than the rest of a row's writing.
final class ExportBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes written, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    /// Appends a literal (its bytes are read in place; a `String` is appended with `append`).
    static func += (buffer: inout ExportBuffer, text: StaticString) {
        text.withUTF8Buffer { buffer.append($0) }
    }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    func append(ascii byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        storage[count] = byte
        count += 1
    }

    func appendSpaces(_ spaces: Int) {
        guard spaces > 0 else { return }
        reserve(spaces)
        (storage + count).initialize(repeating: 0x20, count: spaces)
        count += spaces
    }

    /// A whole number in decimal, without building a string.
    func append(_ number: UInt64) {
        var divisor: UInt64 = 1
        while number / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            append(ascii: 0x30 + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    func append(_ number: Int) {
        if number < 0 { append(ascii: 0x2D) }
        append(UInt64(number.magnitude))
    }

    /// `YYYY-MM-DD`.
    func append(_ day: Day) {
        reserve(10)
        let year = day.year
        storage[count] = UInt8(48 + year / 1000 % 10)
        storage[count + 1] = UInt8(48 + year / 100 % 10)
        storage[count + 2] = UInt8(48 + year / 10 % 10)
        storage[count + 3] = UInt8(48 + year % 10)
        storage[count + 4] = 0x2D
        storage[count + 5] = UInt8(48 + day.month / 10)
        storage[count + 6] = UInt8(48 + day.month % 10)
        storage[count + 7] = 0x2D
        storage[count + 8] = UInt8(48 + day.day / 10)
        storage[count + 9] = UInt8(48 + day.day % 10)
        count += 10
    }

    func removeAll() {
        count = 0
    }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.initialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}

@available(*, unavailable)
extension ExportBuffer: Sendable {}
