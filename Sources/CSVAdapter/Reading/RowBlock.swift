/// Rows one after another in shared storage: what the read-ahead thread hands over at a time.
///
/// Each row's spans are kept as the reader made them, relative to the row's first byte, so a
/// row copies back out with one copy of its bytes and its spans.
struct RowBlock {
    private struct Entry {
        var line: Int
        var bytes: Range<Int>
        var spans: Range<Int>
    }

    private var bytes: [UInt8] = []
    private var spans: [CSVRow.Span] = []
    private var entries: [Entry] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity * 96)
        spans.reserveCapacity(capacity * 8)
        entries.reserveCapacity(capacity)
    }

    /// The number of rows.
    var count: Int { entries.count }

    /// Appends a copy of a row.
    mutating func append(_ row: CSVRow) {
        let byteStart = bytes.count
        let spanStart = spans.count
        row.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0[0..<row.length]) }
        spans.append(contentsOf: row.spans)
        entries.append(Entry(line: row.line, bytes: byteStart..<bytes.count, spans: spanStart..<spans.count))
    }

    /// Copies row `index` into `row`.
    func copy(_ index: Int, into row: inout CSVRow) {
        let entry = entries[index]
        bytes.withUnsafeBufferPointer { all in
            let rowBytes = UnsafeBufferPointer(rebasing: all[entry.bytes])
            row.load(line: entry.line, bytes: rowBytes, spans: spans[entry.spans])
        }
    }
}
