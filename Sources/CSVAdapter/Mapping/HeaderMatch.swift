import LedgerCore

/// How a mapping fits a file: the head read in the mapping's dialect and where its header is.
struct HeaderMatch: Sendable {
    var mapping: CSVMapping
    /// The file's head as the mapping reads it.
    var sample: HeadSample
    /// The header's index in `sample.rows`, or `nil` for a mapping without a header row.
    var headerIndex: Int?
    /// How many of the mapping's matching names the header has.
    var matchedNames: Int

    /// The header's line, or 0 when the file has no header row.
    var headerLine: Int { headerIndex.map { sample.rows[$0].line } ?? 0 }
    /// The header's fields (empty without a header row).
    var header: [String] { headerIndex.map { sample.rows[$0].fields } ?? [] }
}
