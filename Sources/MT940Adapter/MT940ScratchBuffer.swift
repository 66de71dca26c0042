/// A growable buffer of plain values that the MT940 reader fills again for every field.
///
/// Appending copies into memory kept for the whole file, without an array's uniqueness check and
/// reference counting on every call (the `:86:` reader appends a dozen times per statement
/// line). The buffer lives in one place (a stored property of the reader) and is never copied: a
/// copy would share the memory. ``elements`` is valid until the next append to the same buffer.
struct MT940ScratchBuffer<Element: BitwiseCopyable> {
    /// Owns the memory, so that it is freed with the last copy of the buffer.
    private final class Storage {
        let base: UnsafeMutablePointer<Element>

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    private var storage: Storage
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements in the buffer.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` elements before it first grows.
    init(capacity: Int = 256) {
        storage = Storage(capacity: capacity)
        base = storage.base
        self.capacity = capacity
    }

    /// The elements, until the next append.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Whether the buffer holds nothing.
    var isEmpty: Bool { count == 0 }

    /// The last element, if any.
    var last: Element? { count > 0 ? base[count - 1] : nil }

    /// Empties the buffer, keeping its memory.
    mutating func removeAll() { count = 0 }

    /// Appends one element.
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends elements.
    mutating func append(contentsOf part: UnsafeBufferPointer<Element>) {
        guard let source = part.baseAddress, !part.isEmpty else { return }
        if count + part.count > capacity { grow(to: count + part.count) }
        (base + count).initialize(from: source, count: part.count)
        count += part.count
    }

    /// Sets element `index` (below ``count``).
    mutating func set(_ index: Int, to element: Element) {
        precondition(index >= 0 && index < count, "an element inside the buffer")
        base[index] = element
    }

    private mutating func grow(to needed: Int) {
        let grown = Storage(capacity: max(needed, capacity * 2))
        grown.base.initialize(from: base, count: count)
        storage = grown
        base = grown.base
        capacity = max(needed, capacity * 2)
    }
}

/// A range of offsets in a scratch buffer (plain data, so it fits ``MT940ScratchBuffer``).
struct MT940Span: Equatable {
    var start: Int
    var end: Int

    init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    init(_ range: Range<Int>) {
        self.init(start: range.lowerBound, end: range.upperBound)
    }

    /// The span's elements in `buffer`.
    func of<Element>(_ buffer: UnsafeBufferPointer<Element>) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(rebasing: buffer[start..<end])
    }
}
