import LedgerStore

/// The output being written: the writer, the buffer and what was counted.
struct ExportOutput {
    var writer: any ExportWriter
    let emit: ([UInt8]) throws -> Void
    var summary: ExportSummary
    var buffer = ExportBuffer(capacity: Exporter.chunkSize + 4096)
    var counterAccounts: CounterAccounts

    init(
        writer: any ExportWriter, emit: @escaping ([UInt8]) throws -> Void, summary: ExportSummary, names: JournalNames
    ) {
        counterAccounts = CounterAccounts(names: names)
        self.writer = writer
        self.emit = emit
        self.summary = summary
    }

    mutating func write(_ entry: JournalEntry, row: StoredTransaction?) throws {
        guard let row else { return try write(entry, exportRow: nil) }
        try ExportRow.with(row) { row in try write(entry, exportRow: row) }
    }

    /// Writes an entry made from `row` (or an added one, with `nil`).
    mutating func write(_ entry: JournalEntry, exportRow row: ExportRow?) throws {
        try writer.write(entry, row: row, into: &buffer)
        switch entry.kind {
        case .row: summary.transactions += 1
        case .opening: summary.openings += 1
        case .assertion: break
        }
        summary.assertions += entry.postings.reduce(0) { $0 + ($1.assertion == nil ? 0 : 1) }
        try flush(force: false)
    }

    mutating func flush(force: Bool) throws {
        guard force ? !buffer.isEmpty : buffer.count >= Exporter.chunkSize else { return }
        try emit(Array(buffer.bytes))
        buffer.removeAll()
    }
}
