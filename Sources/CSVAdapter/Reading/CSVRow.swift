import LedgerCore

/// One row as the reader found it: each field's bytes (quotes removed, doubled quotes undone)
/// with the line and byte column where the field starts.
///
/// The reader refills one row value again and again, so its arrays keep their capacity and a
/// large file allocates almost nothing per row.
struct CSVRow {
    /// Every field's bytes, one after the other.
    private(set) var bytes: [UInt8] = []
    /// Where each field ends in ``bytes``.
    private(set) var ends: [Int] = []
    /// The 1-based byte column where each field starts (its opening quote, when quoted).
    private(set) var columns: [Int] = []
    /// The line where each field starts (a multi-line field moves the next ones down).
    private(set) var lines: [Int] = []
    /// The line where the row starts.
    private(set) var line = 0

    init() {
        bytes.reserveCapacity(512)
        ends.reserveCapacity(32)
        columns.reserveCapacity(32)
        lines.reserveCapacity(32)
    }

    /// Creates a row from texts, for tests and previews (fields start at columns 1, 2, ...).
    init(fields: [String], line: Int) {
        self.init()
        reset(line: line)
        var column = 1
        for field in fields {
            startField(line: line, column: column)
            bytes.append(contentsOf: field.utf8)
            endField()
            column += field.utf8.count + 1
        }
    }

    /// The number of fields.
    var count: Int { ends.count }

    /// Whether the row is a blank line: one empty field, or only empty fields.
    var isBlank: Bool { bytes.isEmpty }

    mutating func reset(line: Int) {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        self.line = line
    }

    mutating func startField(line: Int, column: Int) {
        lines.append(line)
        columns.append(column)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

    mutating func endField() { ends.append(bytes.count) }

    /// Where a field starts in the file.
    func location(of field: Int, file: String) -> SourceLocation {
        guard field < count else {
            let last = count - 1
            return SourceLocation(
                file: file, line: last >= 0 ? lines[last] : line, column: last >= 0 ? columns[last] : 1)
        }
        return SourceLocation(file: file, line: lines[field], column: columns[field])
    }

    /// Calls `body` with a field's bytes.
    @inline(__always)
    /// A field past the row's end reads as empty (callers check widths first; this keeps a
    /// mistake from ever trapping on input).
    func withField<R>(_ field: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(CSVError) -> R) throws(CSVError) -> R {
        guard field < count else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let start = field == 0 ? 0 : ends[field - 1]
        let end = ends[field]
        return try bytes.withUnsafeBufferPointer { (all) throws(CSVError) -> R in
            try body(UnsafeBufferPointer(rebasing: all[start..<end]))
        }
    }

    /// A field's raw bytes.
    func bytes(of field: Int) -> [UInt8] {
        guard field < count else { return [] }
        return Array(bytes[(field == 0 ? 0 : ends[field - 1])..<ends[field]])
    }

    /// Whether a field's raw bytes are exactly `other`.
    func field(_ field: Int, equals other: [UInt8]) -> Bool {
        guard field < count else { return other.isEmpty }
        let start = field == 0 ? 0 : ends[field - 1]
        guard ends[field] - start == other.count else { return false }
        for (offset, byte) in other.enumerated() where bytes[start + offset] != byte { return false }
        return true
    }

    /// Whether a field is empty once spaces are trimmed.
    func isEmpty(_ field: Int) -> Bool {
        guard field < count else { return true }
        let start = field == 0 ? 0 : ends[field - 1]
        for index in start..<ends[field] where bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
        return true
    }

    /// A field's text read as UTF-8 (for header names and previews; rows go through the decoder).
    func text(_ field: Int) -> String {
        guard field < count else { return "" }
        let start = field == 0 ? 0 : ends[field - 1]
        return String(decoding: bytes[start..<ends[field]], as: UTF8.self)
    }

    /// All fields as UTF-8 text.
    var texts: [String] { (0..<count).map(text) }
}
