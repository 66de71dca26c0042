/// Rows one after another in shared storage: what the read-ahead thread hands over at a time.
///
/// Each row's spans are kept as the reader made them, relative to the row's first byte, so a
/// row copies back out with one copy of its bytes and its spans.
struct RowBlock: Sendable {
    private struct Entry {
        var line: Int
        var bytes: Range<Int>
        var spans: Range<Int>
        var prepared: PreparedFields
    }

    private var bytes: [UInt8] = []
    private var spans: [CSVRow.Span] = []
    private var entries: [Entry] = []
    /// Prepared descriptions' UTF-8, one after another: the first `textLength` bytes.
    private var text: [UInt8]
    private var textLength = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity * 96)
        spans.reserveCapacity(capacity * 8)
        entries.reserveCapacity(capacity)
        text = [UInt8](repeating: 0, count: capacity * 64)
    }

    /// The number of rows.
    var count: Int { entries.count }

    /// About how many bytes the block holds: rows with long fields or many columns fill a
    /// block before its count does, so that memory stays flat.
    var size: Int { bytes.count + textLength + spans.count * MemoryLayout<CSVRow.Span>.stride }

    /// Appends a copy of a row, and what `preparer` works out for it.
    mutating func append(_ row: CSVRow, preparer: RowPreparer?) {
        let byteStart = bytes.count
        let spanStart = spans.count
        row.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0[0..<row.length]) }
        spans.append(contentsOf: row.spans)
        let prepared = preparer?.prepare(row, text: &text, length: &textLength) ?? PreparedFields()
        entries.append(
            Entry(line: row.line, bytes: byteStart..<bytes.count, spans: spanStart..<spans.count, prepared: prepared))
    }

    /// Copies row `index` into `row`.
    func copy(_ index: Int, into row: inout CSVRow) {
        let entry = entries[index]
        bytes.withUnsafeBufferPointer { all in
            spans.withUnsafeBufferPointer { spans in
                text.withUnsafeBufferPointer { text in
                    let rowText = entry.prepared.description.map { UnsafeBufferPointer(rebasing: text[$0]) }
                    row.load(
                        line: entry.line, bytes: UnsafeBufferPointer(rebasing: all[entry.bytes]),
                        spans: UnsafeBufferPointer(rebasing: spans[entry.spans]), prepared: entry.prepared,
                        text: rowText ?? UnsafeBufferPointer(start: nil, count: 0))
                }
            }
        }
    }
}
