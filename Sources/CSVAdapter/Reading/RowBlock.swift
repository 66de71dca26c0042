/// Rows one after another in shared storage: what the read-ahead thread hands over at a time.
///
/// The reader writes each row straight into the block's storage (``CSVReader/next(appendingTo:)``)
/// and the thread that builds drafts reads it there (``show(_:into:)``): no row is copied into the
/// block and out again.
struct RowBlock: Sendable {
    private struct Entry {
        var window: RowWindow
        var prepared: PreparedFields
    }

    /// Every row's bytes and spans, one row after the other.
    private var rows: CSVRow
    private var entries: [Entry] = []
    /// Prepared descriptions' UTF-8, one after another: the first `textLength` bytes.
    private var text: [UInt8]
    private var textLength = 0
    /// The block's number, which rows shown from it keep (``CSVRow/show(_:of:text:block:prepared:)``).
    private let number: Int
    /// Whether the preparer works out the rows' days and numbers too (``RowPreparer``).
    private let preparesValues: Bool
    /// Whether the rows' descriptions are prepared: as each row is read, or since
    /// ``prepareDescriptions(with:)``.
    private(set) var hasDescriptions: Bool

    /// An empty block with room for about `capacity` rows; `number` tells it apart from the
    /// blocks before it (rows adopt a block's storage once, at its first row). Without
    /// `preparesValues`, the preparer leaves the days and numbers to the normaliser; without
    /// `preparesDescriptions`, the descriptions wait for ``prepareDescriptions(with:)``.
    init(capacity: Int, number: Int = 0, preparesValues: Bool = true, preparesDescriptions: Bool = true) {
        // Room for rows of about 128 bytes, and for the reader's scan of a row at the end.
        rows = CSVRow(capacity: capacity * 128 + 4096, fields: capacity * 8)
        entries.reserveCapacity(capacity)
        text = CSVRow.room(capacity * 64)
        self.number = number
        self.preparesValues = preparesValues
        self.hasDescriptions = preparesDescriptions
    }

    /// The number of rows.
    var count: Int { entries.count }

    /// About how many bytes the block holds: rows with long fields or many columns fill a
    /// block before its count does, so that memory stays flat. (Asked after every row: wrapping
    /// arithmetic, for sizes of storage in memory, without the overflow checks.)
    var size: Int { rows.length &+ textLength &+ rows.spanCount &* MemoryLayout<CSVRow.Span>.stride }

    /// Reads the next row into the block with `reader`, and what `preparer` works out for it.
    ///
    /// - Returns: `false` at the end of the input.
    /// - Throws: what ``CSVReader/next(appendingTo:)`` throws; the rows before stay.
    mutating func read(from reader: inout CSVReader, preparer: RowPreparer?) throws -> Bool {
        guard try reader.next(appendingTo: &rows) else { return false }
        entries.append(Entry(window: rows.window, prepared: PreparedFields()))
        // Prepared in place: the fields (170 bytes) are not copied out of the preparer and again
        // into the entry.
        preparer?.prepare(
            rows, into: &entries[entries.count &- 1].prepared, text: &text, length: &textLength,
            description: hasDescriptions, values: preparesValues)
        return true
    }

    /// Prepares the descriptions of a block read without them, on the thread that now has it,
    /// before any row is shown: the same text the read-ahead thread would have written.
    mutating func prepareDescriptions(with preparer: RowPreparer) {
        guard !hasDescriptions else { return }
        hasDescriptions = true
        for index in entries.indices {
            rows.move(to: entries[index].window)
            preparer.prepare(
                rows, into: &entries[index].prepared, text: &text, length: &textLength, values: false)
        }
    }

    /// Makes `row` row `index` of the block, sharing the block's storage.
    func show(_ index: Int, into row: inout CSVRow) {
        // Read where it is: the entry copied out first cost a memcpy a row.
        row.show(entries[index].window, of: rows, text: text, block: number, prepared: entries[index].prepared)
    }
}
