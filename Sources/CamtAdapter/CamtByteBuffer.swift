/// A growable run of bytes that is emptied without a call into the array machinery: the open
/// element's text, appended to per `characters` callback and emptied per tag (an `[UInt8]`'s
/// `removeAll(keepingCapacity:)` and generic `append(contentsOf:)` cost more than the copy).
final class CamtByteBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    // MARK: - API

    var isEmpty: Bool { count == 0 }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let needed = count + bytes.count
        if needed > capacity { grow(to: needed) }
        (storage + count).update(from: base, count: bytes.count)
        count = needed
    }

    /// Empties the buffer and keeps its memory.
    func removeAll() { count = 0 }

    /// Calls `body` with the bytes, valid only during the call.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }

    // MARK: - Private helpers

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = newCapacity
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension CamtByteBuffer: Sendable {}
