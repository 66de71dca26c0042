import LedgerCore

/// Where a session's rows come from once the header is read: the reader itself, or, for a large
/// file, a ``RowReadAhead`` thread that tokenizes while this thread normalises.
///
/// Either way the rows, and an error that stops reading, arrive in file order. Call ``stop()``
/// before the session returns (normally or by throwing): the stream is then no longer in use.
struct RowSource {
    /// The reader, when this thread reads (a copy of it goes to the thread otherwise, and this
    /// one is never used).
    private var reader: CSVReader
    private let readAhead: RowReadAhead?
    private let isReadingAhead: Bool
    /// Prepares the descriptions of a block the read-ahead thread left without them.
    private let preparer: RowPreparer?
    private var block = RowBlock(capacity: 0)
    private var nextIndex = 0

    /// Takes the reader over; with `readingAhead`, it moves to a thread of its own, where
    /// `preparer` does part of each row's normalising too.
    init(_ reader: CSVReader, readingAhead: Bool, preparer: RowPreparer? = nil) {
        self.reader = reader
        self.readAhead = readingAhead ? RowReadAhead(reader, preparer: preparer) : nil
        self.isReadingAhead = readingAhead
        self.preparer = preparer
    }

    /// Reads the next row into `row`.
    ///
    /// - Returns: `false` at the end of the input.
    /// - Throws: what ``CSVReader/next(into:)`` throws, after every row before it.
    mutating func next(into row: inout CSVRow) throws -> Bool {
        guard isReadingAhead else { return try reader.next(into: &row) }
        // The thread is asked only when a block is used up: a row costs no reference count.
        while nextIndex == block.count {
            switch readAhead?.next() ?? .end(nil) {
            case .rows(let next):
                block = next
                nextIndex = 0
                if let preparer { block.prepareDescriptions(with: preparer) }
            case .end(let error):
                if let error { throw error }
                return false
            }
        }
        block.show(nextIndex, into: &row)
        nextIndex += 1
        return true
    }

    /// Stops reading ahead, if this source does, and waits for the thread to let go of the stream.
    func stop() { readAhead?.stop() }
}
