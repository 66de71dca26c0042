import LedgerCore

/// One row as the reader found it: each field's bytes (quotes removed, doubled quotes undone)
/// with the line and byte column where the field starts.
///
/// The reader refills one row value again and again, so its storage keeps its capacity and a
/// large file allocates almost nothing per row. ``CSVReader`` writes the storage directly.
///
/// A row may also be one of many in shared storage (a ``RowBlock``'s): its bytes are then
/// `bytes[start..<length]` and its spans `spans[firstSpan..<endSpan]`, and the read-ahead thread
/// hands such storage over whole, so that no row is copied into a block and out again.
struct CSVRow {
    /// Where one field's bytes end in ``bytes``, and where the field starts in the file.
    struct Span {
        var start: Int
        var end: Int
        /// The 1-based byte column of the field's first byte (its opening quote, when quoted).
        var column: Int
        /// The line where the field starts (a multi-line field moves the next ones down).
        var line: Int
    }

    /// Every field's bytes, one after the other: bytes ``start`` up to ``length`` of the storage.
    /// The storage's whole size is room the reader can write into; past ``length`` its bytes are
    /// not content (see ``room(_:)``).
    var bytes: [UInt8] = []
    /// Where the row's bytes end in ``bytes`` (for a row of its own, how many bytes it holds).
    var length = 0
    /// Where the row's bytes start in ``bytes``: 0 for a row of its own.
    private(set) var start = 0
    /// One span per field: the row's are `spans[firstSpan..<endSpan]`, with offsets into
    /// ``bytes`` (not relative to ``start``). Like ``bytes``, the storage is room: the first
    /// ``spanCount`` are spans, and the reader writes the next ones in place.
    var spans: [Span] = []
    /// How many spans the storage holds (every row's, in a block's storage).
    var spanCount = 0
    private(set) var firstSpan = 0
    private(set) var endSpan = 0
    /// The line where the row starts.
    private(set) var line = 0
    /// What the read-ahead thread already worked out for this row (``RowPreparer``); the
    /// description's UTF-8 is in ``preparedText``.
    private(set) var prepared = PreparedFields()
    /// Prepared descriptions' UTF-8 (a block's), which `prepared.description` indexes.
    private var preparedText: [UInt8] = []
    /// Which block's storage the row shares (``show(_:of:text:block:prepared:)``), or 0.
    private var block = 0
    /// The field being built by ``startField(line:column:)``: where it starts in the file and
    /// in ``bytes``.
    private var openColumn = 1
    private var openLine = 0
    private var openStart = 0

    init(capacity: Int = 512, fields: Int = 32) {
        bytes = CSVRow.room(capacity)
        // Spans are written in place, like bytes: an append checked the array's uniqueness and
        // capacity for each field, about 20 instructions a field.
        spans = [Span](unsafeUninitializedCapacity: fields) { _, initialized in initialized = fields }
    }

    /// `count` bytes of room, not zero-filled: each block's storage was 52 KiB of zeros, about 208
    /// instructions a row, for bytes that are always written before they are read (a row's
    /// bytes and a prepared description are read only up to where they were written). `UInt8` is
    /// a trivial type, so bytes that are only ever overwritten need no initial value.
    static func room(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Creates a row from texts, for tests and previews (fields start at columns 1, 2, ...).
    init(fields: [String], line: Int) {
        self.init()
        reset(line: line)
        var column = 1
        for field in fields {
            startField(line: line, column: column)
            Array(field.utf8).withUnsafeBufferPointer { append($0) }
            endField()
            column += field.utf8.count + 1
        }
    }

    /// The number of fields.
    var count: Int { endSpan &- firstSpan }

    /// The row with storage of its own size, to keep: the reader's row keeps room for a whole
    /// chunk, and a row of a block shares the block's storage, which a kept copy would otherwise
    /// carry along.
    var compacted: CSVRow {
        var copy = CSVRow(capacity: 0, fields: 0)
        copy.bytes = Array(bytes[start..<length])
        copy.length = length - start
        copy.spans = spans[firstSpan..<endSpan].map {
            Span(start: $0.start - start, end: $0.end - start, column: $0.column, line: $0.line)
        }
        copy.spanCount = copy.spans.count
        copy.endSpan = copy.spanCount
        copy.line = line
        copy.prepared = prepared
        copy.prepared.description = nil
        return copy
    }

    /// Whether the row is a blank line: one empty field, or only empty fields.
    var isBlank: Bool { length == start }

    /// Empties the row, to read the one starting at `line` into it.
    mutating func reset(line: Int) {
        length = 0
        start = 0
        prepared = PreparedFields()
        openStart = 0
        spanCount = 0
        firstSpan = 0
        endSpan = 0
        block = 0
        self.line = line
    }

    /// Starts a row after the rows already in the storage (a ``RowBlock`` filling up): they keep
    /// their bytes and spans.
    ///
    /// ``prepared`` stays as it is: a block keeps each row's prepared fields apart from its
    /// storage, whose own are never set (resetting them cost about 20 instructions a row).
    mutating func startRow(line: Int) {
        start = length
        openStart = length
        firstSpan = spanCount
        endSpan = firstSpan
        self.line = line
    }

    /// Ends the row's spans at the last one appended (the reader appends them directly).
    @inline(__always)
    mutating func closeSpans() { endSpan = spanCount }

    /// Makes room for `count` more spans after ``spanCount``.
    @inline(__always)
    mutating func reserveSpans(_ count: Int) {
        let needed = spanCount &+ count
        guard spans.count < needed else { return }
        let none = Span(start: 0, end: 0, column: 0, line: 0)
        spans.append(contentsOf: repeatElement(none, count: max(needed, 2 * spans.count) - spans.count))
    }

    /// Adds a span after the ones the storage holds.
    @inline(__always)
    mutating func appendSpan(_ span: Span) {
        reserveSpans(1)
        spans[spanCount] = span
        spanCount += 1
    }

    /// Makes the row one of the rows in a block's storage, nothing copied: the storage's
    /// arrays are shared from the first row of block number `block` on.
    ///
    /// - Parameters:
    ///   - window: the row as it stands in the storage (its bytes, spans and line).
    ///   - storage: the block's rows.
    ///   - text: the block's prepared descriptions, which `prepared.description` indexes.
    mutating func show(_ window: RowWindow, of storage: CSVRow, text: [UInt8], block: Int, prepared: PreparedFields) {
        if self.block != block {
            bytes = storage.bytes
            spans = storage.spans
            preparedText = text
            self.block = block
        }
        move(to: window)
        self.prepared = prepared
    }

    /// Where the row stands in its storage.
    var window: RowWindow { RowWindow(line: line, bytes: start..<length, spans: firstSpan..<endSpan) }

    /// Makes the row the one at `window` of its own storage (a block's earlier row), to be read,
    /// not extended: its prepared fields stay as they are.
    mutating func move(to window: RowWindow) {
        start = window.bytes.lowerBound
        length = window.bytes.upperBound
        openStart = length
        firstSpan = window.spans.lowerBound
        endSpan = window.spans.upperBound
        line = window.line
    }

    /// A prepared description's text, shared with the block: the preparer wrote it as well-formed
    /// UTF-8 (``FieldDecoder/appendJoined(_:_:separator:to:length:)``). `nil` for a range outside
    /// the block's text, which the caller answers by joining the row's fields again.
    func sharedText(in range: Range<Int>) -> DraftText? {
        DraftText(validatedUTF8: preparedText, range: range)
    }

    /// One field's span.
    func span(_ field: Int) -> Span { spans[firstSpan + field] }

    /// Makes room for `count` more bytes after ``length``.
    @inline(__always)
    mutating func reserve(_ count: Int) {
        let needed = length &+ count
        guard bytes.count < needed else { return }
        bytes.append(contentsOf: repeatElement(0, count: max(needed, 2 * bytes.count) - bytes.count))
    }

    @inline(__always)
    mutating func startField(line: Int, column: Int) {
        openLine = line
        openColumn = column
        openStart = length
    }

    /// Appends bytes to the open field (for rows built from texts; the reader writes directly).
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        reserve(buffer.count)
        for byte in buffer {
            bytes[length] = byte
            length += 1
        }
    }

    @inline(__always)
    mutating func endField() {
        appendSpan(Span(start: openStart, end: length, column: openColumn, line: openLine))
        endSpan = spanCount
    }

    /// Where a field starts in the file (past the row's end: where its last field starts).
    func location(of field: Int, file: String) -> SourceLocation {
        guard field < count else {
            guard count > 0 else { return SourceLocation(file: file, line: line, column: 1) }
            let last = spans[endSpan - 1]
            return SourceLocation(file: file, line: last.line, column: last.column)
        }
        let span = spans[firstSpan + field]
        return SourceLocation(file: file, line: span.line, column: span.column)
    }

    /// Calls `body` with a field's bytes.
    ///
    /// A field past the row's end reads as empty (callers check widths first; this keeps a
    /// mistake from ever trapping on input).
    @inline(__always)
    func withField<R>(_ field: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(CSVError) -> R) throws(CSVError) -> R {
        guard field < count else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let span = spans[firstSpan + field]
        return try bytes.withUnsafeBufferPointer { (all) throws(CSVError) -> R in
            try body(UnsafeBufferPointer(rebasing: all[span.start..<span.end]))
        }
    }

    /// Calls `body` with a field's bytes (empty past the row's end), for code that throws nothing.
    @inline(__always)
    func withPlainField<R>(_ field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard field < count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let span = spans[firstSpan &+ field]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span.start..<span.end])) }
    }

    /// Calls `body` with the row's bytes and, for each of `positions`, the field's range in them
    /// with spaces and tabs trimmed at both ends (empty for a field past the row's end).
    @inline(__always)
    func withTrimmedFields<R>(
        _ positions: [Int], _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Range<Int>>) -> R
    ) -> R {
        bytes.withUnsafeBufferPointer { all in
            if positions.count == 1 {
                // One column, the usual description: its range passed from the stack, without
                // a temporary allocation (about 44 instructions a row fewer in callgrind).
                return withUnsafePointer(to: trimmedRange(positions[0], all)) {
                    body(all, UnsafeBufferPointer(start: $0, count: 1))
                }
            }
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: positions.count) { ranges in
                for (slot, position) in positions.enumerated() {
                    ranges.initializeElement(at: slot, to: trimmedRange(position, all))
                }
                return body(all, UnsafeBufferPointer(ranges))
            }
        }
    }

    /// A field's range in `all` (the row's bytes) with spaces and tabs trimmed at both ends, or
    /// an empty one for a field past the row's end. (Wrapping arithmetic, as in ``count`` and
    /// ``withPlainField(_:_:)``: offsets within the storage; the read-ahead thread reads fields
    /// this way for every row, and the overflow checks cost about 8 instructions a row.)
    @inline(__always)
    private func trimmedRange(_ position: Int, _ all: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard position < count else { return 0..<0 }
        var start = spans[firstSpan &+ position].start
        var end = spans[firstSpan &+ position].end
        while start < end, all[start] == 0x20 || all[start] == 0x09 { start &+= 1 }
        while end > start, all[end &- 1] == 0x20 || all[end &- 1] == 0x09 { end &-= 1 }
        return start..<end
    }

    /// A field's raw bytes.
    func bytes(of field: Int) -> [UInt8] {
        guard field < count else { return [] }
        let span = spans[firstSpan + field]
        return Array(bytes[span.start..<span.end])
    }

    /// Whether a field's raw bytes are exactly `other`.
    func field(_ field: Int, equals other: [UInt8]) -> Bool {
        guard field < count else { return other.isEmpty }
        let span = spans[firstSpan + field]
        guard span.end - span.start == other.count else { return false }
        // Over buffers: currency and indicator cells are compared on every row.
        return bytes.withUnsafeBufferPointer { all in
            other.withUnsafeBufferPointer { expected in
                var offset = 0
                while offset < expected.count {
                    if all[span.start + offset] != expected[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    /// Whether a field is empty once spaces are trimmed.
    func isEmpty(_ field: Int) -> Bool {
        guard field < count else { return true }
        let span = spans[firstSpan + field]
        for index in span.start..<span.end where bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
        return true
    }

    /// A field's text read as UTF-8 (for header names and previews; rows go through the decoder).
    func text(_ field: Int) -> String {
        guard field < count else { return "" }
        let span = spans[firstSpan + field]
        return String(decoding: bytes[span.start..<span.end], as: UTF8.self)
    }

    /// All fields as UTF-8 text.
    var texts: [String] { (0..<count).map(text) }
}

/// Where one row of a block stands in the block's storage (``CSVRow/window``).
struct RowWindow: Sendable {
    var line: Int
    var bytes: Range<Int>
    var spans: Range<Int>
}
