#if canImport(Glibc)
    import Glibc
#endif

/// A run of ``XMLEventHandler`` events written down as bytes, to be handed to another thread and
/// played back there in the same order with the same names, texts, attributes and positions.
///
/// ``XMLPipelinedReader`` records one tape per chunk of input on libxml2's thread and plays it
/// back on the reading thread. A start tag's namespace URI is written once per tape while it
/// stays the same (libxml2 hands every tag of one namespace the same interned string).
final class XMLEventTape: @unchecked Sendable {
    enum Kind: UInt8, Sendable {
        case start, text, end
    }

    /// One event: where its bytes start in ``bytes`` and how many there are (a name or a text).
    ///
    /// 32 bytes: a tape holds less than `Int32.max` bytes (``XMLPipelinedReader`` hands libxml2
    /// at most ``XMLPipelinedReader/largestInput`` bytes per tape), and a column is libxml2's
    /// `int`; only the line keeps a whole word (libxml2's plus the caller's line offset).
    struct Event: Sendable {
        let line: Int
        private let storedColumn: Int32
        private let storedStart: Int32
        private let storedCount: Int32
        private let storedAttributeCount: Int32
        private let storedNamespace: Int32
        let kind: Kind

        init(kind: Kind, line: Int, column: Int, start: Int, count: Int, attributeCount: Int = 0, namespace: Int = -1) {
            self.kind = kind
            self.line = line
            storedColumn = Int32(clamping: column)
            storedStart = Int32(truncatingIfNeeded: start)
            storedCount = Int32(truncatingIfNeeded: count)
            storedAttributeCount = Int32(truncatingIfNeeded: attributeCount)
            storedNamespace = Int32(truncatingIfNeeded: namespace)
        }

        var column: Int { Int(storedColumn) }
        var start: Int { Int(storedStart) }
        var count: Int { Int(storedCount) }
        /// A start tag's attributes, written after its name (see ``XMLEventTapeRecorder``).
        var attributeCount: Int { Int(storedAttributeCount) }
        /// Where the start tag's NUL-terminated namespace URI starts in ``bytes`` (-1: none).
        var namespace: Int { Int(storedNamespace) }
    }

    /// The events and their bytes, in memory of their own (written by ``XMLEventTapeRecorder``,
    /// which hands the memory over). Unchecked Sendable: one thread writes a tape, then hands it
    /// over and never touches it again.
    let events: UnsafeMutablePointer<Event>
    let eventCount: Int
    let eventCapacity: Int
    let bytes: UnsafeMutablePointer<UInt8>
    let byteCapacity: Int
    /// Whether the memory is still this tape's (not handed back for reuse).
    private var ownsMemory = true

    init(
        events: UnsafeMutablePointer<Event>, eventCount: Int, eventCapacity: Int, bytes: UnsafeMutablePointer<UInt8>,
        byteCapacity: Int
    ) {
        self.events = events
        self.eventCount = eventCount
        self.eventCapacity = eventCapacity
        self.bytes = bytes
        self.byteCapacity = byteCapacity
    }

    deinit {
        guard ownsMemory else { return }
        events.deinitialize(count: eventCount)
        events.deallocate()
        bytes.deallocate()
    }

    // MARK: - API

    /// Gives up the memory, for a recorder to write the next tape in: a played tape's memory is
    /// reused rather than freed and allocated again per chunk (which cost more system time than
    /// the copies).
    func surrenderMemory() -> (
        events: UnsafeMutablePointer<Event>, eventCapacity: Int, bytes: UnsafeMutablePointer<UInt8>, byteCapacity: Int
    ) {
        precondition(ownsMemory, "a tape's memory is handed on once")
        ownsMemory = false
        events.deinitialize(count: eventCount)
        return (events, eventCapacity, bytes, byteCapacity)
    }

    /// The last event's position, if any.
    var lastPosition: (line: Int, column: Int)? {
        eventCount == 0 ? nil : (events[eventCount - 1].line, events[eventCount - 1].column)
    }

    /// Plays the events back to `handler`, stopping when it has finished the document.
    ///
    /// - Parameter attributePointers: scratch space for libxml2's five pointers per attribute,
    ///   reused from tape to tape.
    /// - Throws: what the handler throws.
    func play(to handler: any XMLEventHandler, attributePointers: inout [UnsafePointer<UInt8>?]) throws {
        for index in 0..<eventCount {
            try play(events[index], base: UnsafePointer(bytes), to: handler, attributePointers: &attributePointers)
            if handler.hasFinishedDocument { return }
        }
    }

    // MARK: - Private helpers

    private func play(
        _ event: Event, base: UnsafePointer<UInt8>, to handler: any XMLEventHandler,
        attributePointers: inout [UnsafePointer<UInt8>?]
    ) throws {
        let bytes = UnsafeBufferPointer(start: base + event.start, count: event.count)
        switch event.kind {
        case .text:
            try handler.text(bytes, line: event.line, column: event.column)
        case .end:
            try handler.endElement(bytes, line: event.line, column: event.column)
        case .start:
            let namespace = event.namespace >= 0 ? base + event.namespace : nil
            guard event.attributeCount > 0 else {
                try handler.startElement(
                    XMLStartTag(
                        nameBytes: bytes, line: event.line, column: event.column, attributeCount: 0,
                        rawAttributes: nil, namespaceURI: namespace))
                return
            }
            // Each attribute: local name NUL, prefix flag (1: a prefix NUL follows), value length
            // (four bytes, little-endian), value.
            let needed = event.attributeCount * 5
            if attributePointers.count < needed {
                attributePointers.append(contentsOf: repeatElement(nil, count: needed))
            }
            var offset = event.start + event.count + 1
            for index in 0..<event.attributeCount {
                let slot = index * 5
                attributePointers[slot] = base + offset
                while base[offset] != 0 { offset += 1 }
                offset += 1
                if base[offset] == 1 {
                    offset += 1
                    attributePointers[slot + 1] = base + offset
                    while base[offset] != 0 { offset += 1 }
                } else {
                    attributePointers[slot + 1] = nil
                }
                offset += 1
                var length = 0
                for shift in 0..<4 { length |= Int(base[offset + shift]) << (8 * shift) }
                offset += 4
                attributePointers[slot + 2] = nil
                attributePointers[slot + 3] = base + offset
                attributePointers[slot + 4] = base + offset + length
                offset += length
            }
            try attributePointers.withUnsafeMutableBufferPointer { pointers in
                try handler.startElement(
                    XMLStartTag(
                        nameBytes: bytes, line: event.line, column: event.column, attributeCount: event.attributeCount,
                        rawAttributes: pointers.baseAddress, namespaceURI: namespace))
            }
        }
    }
}

/// Writes what ``XMLStreamReader`` reads onto an ``XMLEventTape``: the handler on libxml2's side
/// of ``XMLPipelinedReader``.
final class XMLEventTapeRecorder: XMLEventHandler {
    // The tape being written, appended to without the array machinery: a generic
    // `append(contentsOf:)` and an exclusivity check per call cost more than libxml2's own work
    // per event. Unchecked: only libxml2's callbacks on one thread touch them, one at a time.
    @exclusivity(unchecked) private var events: UnsafeMutablePointer<XMLEventTape.Event>
    @exclusivity(unchecked) private var eventCount = 0
    @exclusivity(unchecked) private var eventCapacity = 256
    @exclusivity(unchecked) private var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var byteCount = 0
    @exclusivity(unchecked) private var byteCapacity = 4096
    /// The namespace URI last written, as libxml2's pointer, and where this tape holds it.
    @exclusivity(unchecked) private var lastNamespace: UnsafePointer<UInt8>?
    @exclusivity(unchecked) private var lastNamespaceOffset = -1

    /// The played-to handler's ``XMLEventHandler/skipsBlankTextAfterTags``, for the reader on libxml2's side.
    let skipsBlankTextAfterTags: Bool

    init(skipsBlankTextAfterTags: Bool = false) {
        self.skipsBlankTextAfterTags = skipsBlankTextAfterTags
        events = UnsafeMutablePointer.allocate(capacity: eventCapacity)
        bytes = UnsafeMutablePointer.allocate(capacity: byteCapacity)
    }

    deinit {
        events.deinitialize(count: eventCount)
        events.deallocate()
        bytes.deallocate()
    }

    /// The events recorded since the last call (`nil` when there are none), leaving an empty tape
    /// that is written in a spare's memory when `spare` gives one, else in new memory.
    func take(reusing spare: () -> XMLEventTape?) -> XMLEventTape? {
        guard eventCount > 0 else { return nil }
        let taken = XMLEventTape(
            events: events, eventCount: eventCount, eventCapacity: eventCapacity, bytes: bytes,
            byteCapacity: byteCapacity)
        if let spare = spare() {
            (events, eventCapacity, bytes, byteCapacity) = spare.surrenderMemory()
        } else {
            events = UnsafeMutablePointer.allocate(capacity: eventCapacity)
            bytes = UnsafeMutablePointer.allocate(capacity: byteCapacity)
        }
        eventCount = 0
        byteCount = 0
        lastNamespace = nil
        lastNamespaceOffset = -1
        return taken
    }

    func startElement(_ tag: XMLStartTag) throws {
        let start = byteCount
        append(tag.nameBytes)
        append(0)
        if let attributes = tag.rawAttributes {
            for index in 0..<tag.attributeCount {
                let slot = index * 5
                appendCString(attributes[slot])
                if let prefix = attributes[slot + 1] {
                    append(1)
                    appendCString(prefix)
                } else {
                    append(0)
                }
                var length = 0
                var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                if let start = attributes[slot + 3], let end = attributes[slot + 4] {
                    length = end - start
                    value = UnsafeBufferPointer(start: start, count: length)
                }
                for shift in 0..<4 { append(UInt8(truncatingIfNeeded: length >> (8 * shift))) }
                append(value)
            }
        }
        var namespaceOffset = -1
        if let namespace = tag.namespaceURI {
            if namespace != lastNamespace {
                lastNamespace = namespace
                lastNamespaceOffset = byteCount
                appendCString(namespace)
            }
            namespaceOffset = lastNamespaceOffset
        }
        append(
            XMLEventTape.Event(
                kind: .start, line: tag.line, column: tag.column, start: start, count: tag.nameBytes.count,
                attributeCount: tag.attributeCount, namespace: namespaceOffset))
    }

    func text(_ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        append(XMLEventTape.Event(kind: .text, line: line, column: column, start: byteCount, count: text.count))
        append(text)
    }

    func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        append(XMLEventTape.Event(kind: .end, line: line, column: column, start: byteCount, count: name.count))
        append(name)
    }

    // MARK: - Private helpers

    @inline(__always)
    private func append(_ event: XMLEventTape.Event) {
        if eventCount == eventCapacity { growEvents() }
        (events + eventCount).initialize(to: event)
        eventCount += 1
    }

    @inline(__always)
    private func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress else { return }
        let count = source.count
        if byteCount + count > byteCapacity { growBytes(to: byteCount + count) }
        let target = bytes + byteCount
        if count <= 16 {
            for offset in 0..<count { target[offset] = base[offset] }
        } else {
            target.update(from: base, count: count)
        }
        byteCount += count
    }

    @inline(__always)
    private func append(_ byte: UInt8) {
        if byteCount == byteCapacity { growBytes(to: byteCount + 1) }
        bytes[byteCount] = byte
        byteCount += 1
    }

    /// Appends a NUL-terminated string, its NUL included.
    private func appendCString(_ text: UnsafePointer<UInt8>?) {
        guard let text else {
            append(0)
            return
        }
        let length = UnsafeRawPointer(text).withMemoryRebound(to: CChar.self, capacity: 1) { strlen($0) }
        append(UnsafeBufferPointer(start: text, count: length + 1))
    }

    @inline(never)
    private func growEvents() {
        let larger = UnsafeMutablePointer<XMLEventTape.Event>.allocate(capacity: eventCapacity * 2)
        larger.moveInitialize(from: events, count: eventCount)
        events.deallocate()
        events = larger
        eventCapacity *= 2
    }

    @inline(never)
    private func growBytes(to needed: Int) {
        var capacity = byteCapacity * 2
        while capacity < needed { capacity *= 2 }
        precondition(capacity <= Int(Int32.max), "a tape holds the events of at most a few MB of input")
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = larger
        byteCapacity = capacity
    }
}

/// Confined to libxml2's thread.
@available(*, unavailable)
extension XMLEventTapeRecorder: Sendable {}
