import LedgerCore

/// One row as the reader found it: each field's bytes (quotes removed, doubled quotes undone)
/// with the line and byte column where the field starts.
///
/// The reader refills one row value again and again, so its storage keeps its capacity and a
/// large file allocates almost nothing per row. ``CSVReader`` writes the storage directly.
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

    /// Every field's bytes, one after the other: the first ``length`` bytes of the storage. The
    /// storage is always initialised to its whole size, so the reader can write into its room.
    var bytes: [UInt8] = []
    /// How many bytes of ``bytes`` the row holds.
    var length = 0
    /// One span per field.
    var spans: [Span] = []
    /// The line where the row starts.
    private(set) var line = 0
    /// What the read-ahead thread already worked out for this row (``RowPreparer``); the
    /// description's UTF-8 is kept after the fields' bytes.
    private(set) var prepared = PreparedFields()
    /// The field being built by ``startField(line:column:)``: where it starts in the file and
    /// in ``bytes``.
    private var openColumn = 1
    private var openLine = 0
    private var openStart = 0

    init() {
        bytes = [UInt8](repeating: 0, count: 512)
        spans.reserveCapacity(32)
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
    var count: Int { spans.count }

    /// The row with storage of its own size, to keep: the reader's row keeps room for a whole
    /// chunk, which a kept copy would otherwise carry along.
    var compacted: CSVRow {
        var copy = self
        copy.bytes = Array(bytes[0..<length])
        copy.prepared.description = nil
        return copy
    }

    /// Whether the row is a blank line: one empty field, or only empty fields.
    var isBlank: Bool { length == 0 }

    mutating func reset(line: Int) {
        length = 0
        prepared = PreparedFields()
        openStart = 0
        spans.removeAll(keepingCapacity: true)
        self.line = line
    }

    /// Makes the row a copy of one kept in a ``RowBlock``: its bytes, its spans and what was
    /// prepared for it, with the description's UTF-8 in `text`.
    mutating func load(
        line: Int, bytes source: UnsafeBufferPointer<UInt8>, spans fields: UnsafeBufferPointer<Span>,
        prepared: PreparedFields, text: UnsafeBufferPointer<UInt8>
    ) {
        // What `reset(line:)` does, but the spans are overwritten in place when the row before
        // had as many (the usual case): emptying and refilling the array cost 250 instructions.
        length = 0
        openStart = 0
        self.line = line
        reserve(source.count + text.count)
        bytes.withUnsafeMutableBufferPointer { target in
            guard let to = target.baseAddress else { return }
            if let from = source.baseAddress { to.update(from: from, count: source.count) }
            if let from = text.baseAddress { (to + source.count).update(from: from, count: text.count) }
        }
        length = source.count
        if spans.count == fields.count, let from = fields.baseAddress {
            spans.withUnsafeMutableBufferPointer { target in
                target.baseAddress?.update(from: from, count: fields.count)
            }
        } else {
            spans.removeAll(keepingCapacity: true)
            spans.append(contentsOf: fields)
        }
        self.prepared = prepared
        self.prepared.description = prepared.description.map { _ in length..<length + text.count }
    }

    /// Text kept in the row's storage as UTF-8 (a prepared description).
    func text(in range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Makes room for `count` more bytes after ``length``.
    @inline(__always)
    mutating func reserve(_ count: Int) {
        let needed = length + count
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
        spans.append(Span(start: openStart, end: length, column: openColumn, line: openLine))
    }

    /// Where a field starts in the file (past the row's end: where its last field starts).
    func location(of field: Int, file: String) -> SourceLocation {
        guard field < count else {
            guard let last = spans.last else { return SourceLocation(file: file, line: line, column: 1) }
            return SourceLocation(file: file, line: last.line, column: last.column)
        }
        return SourceLocation(file: file, line: spans[field].line, column: spans[field].column)
    }

    /// Calls `body` with a field's bytes.
    ///
    /// A field past the row's end reads as empty (callers check widths first; this keeps a
    /// mistake from ever trapping on input).
    @inline(__always)
    func withField<R>(_ field: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(CSVError) -> R) throws(CSVError) -> R {
        guard field < count else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let span = spans[field]
        return try bytes.withUnsafeBufferPointer { (all) throws(CSVError) -> R in
            try body(UnsafeBufferPointer(rebasing: all[span.start..<span.end]))
        }
    }

    /// Calls `body` with a field's bytes (empty past the row's end), for code that throws nothing.
    @inline(__always)
    func withPlainField<R>(_ field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard field < count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let span = spans[field]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span.start..<span.end])) }
    }

    /// Calls `body` with the row's bytes and, for each of `positions`, the field's range in them
    /// with spaces and tabs trimmed at both ends (empty for a field past the row's end).
    @inline(__always)
    func withTrimmedFields<R>(
        _ positions: [Int], _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Range<Int>>) -> R
    ) -> R {
        bytes.withUnsafeBufferPointer { all in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: positions.count) { ranges in
                for (slot, position) in positions.enumerated() {
                    guard position < spans.count else {
                        ranges.initializeElement(at: slot, to: 0..<0)
                        continue
                    }
                    var start = spans[position].start
                    var end = spans[position].end
                    while start < end, all[start] == 0x20 || all[start] == 0x09 { start += 1 }
                    while end > start, all[end - 1] == 0x20 || all[end - 1] == 0x09 { end -= 1 }
                    ranges.initializeElement(at: slot, to: start..<end)
                }
                return body(all, UnsafeBufferPointer(ranges))
            }
        }
    }

    /// A field's raw bytes.
    func bytes(of field: Int) -> [UInt8] {
        guard field < count else { return [] }
        return Array(bytes[spans[field].start..<spans[field].end])
    }

    /// Whether a field's raw bytes are exactly `other`.
    func field(_ field: Int, equals other: [UInt8]) -> Bool {
        guard field < count else { return other.isEmpty }
        let span = spans[field]
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
        let span = spans[field]
        for index in span.start..<span.end where bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
        return true
    }

    /// A field's text read as UTF-8 (for header names and previews; rows go through the decoder).
    func text(_ field: Int) -> String {
        guard field < count else { return "" }
        return String(decoding: bytes[spans[field].start..<spans[field].end], as: UTF8.self)
    }

    /// All fields as UTF-8 text.
    var texts: [String] { (0..<count).map(text) }
}
