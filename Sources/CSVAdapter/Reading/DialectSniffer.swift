/// Finds a file's delimiter from its first rows.
///
/// Each candidate delimiter (`,` `;` tab `|`) reads the head; the one under which the most rows
/// share one field count (above one) wins, and on a tie the one giving more fields. Preamble and
/// footer lines have other field counts, so they don't sway the vote as long as the transaction
/// rows outnumber them. A candidate whose reading fails (text after a closing quote) loses.
enum DialectSniffer {
    /// The sniffed dialect and the head as it reads under it.
    static func sniff(head: [UInt8], isWholeFile: Bool, name: String, quote: UInt8? = UInt8(ascii: "\""))
        -> HeadSample
    {
        var best: HeadSample?
        var bestScore = (valid: false, rows: -1, fields: -1)
        for delimiter in CSVDialect.candidateDelimiters {
            let dialect = CSVDialect(delimiter: delimiter, quote: quote)
            let sample = HeadSample(head: head, isWholeFile: isWholeFile, name: name, dialect: dialect, encoding: nil)
            let modal = sample.modalFieldCount
            let score = (valid: !sample.hadError && modal.count > 1, rows: modal.rows, fields: modal.count)
            if best == nil || isBetter(score, than: bestScore) {
                best = sample
                bestScore = score
            }
        }
        // swift-format-ignore: NeverForceUnwrap
        // The loop runs at least once: candidateDelimiters is not empty.
        return best!
    }

    private static func isBetter(
        _ a: (valid: Bool, rows: Int, fields: Int), than b: (valid: Bool, rows: Int, fields: Int)
    ) -> Bool {
        if a.valid != b.valid { return a.valid }
        if a.rows != b.rows { return a.rows > b.rows }
        return a.fields > b.fields
    }
}
