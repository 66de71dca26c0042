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
        func read(_ delimiter: UInt8) -> (HeadSample, (valid: Bool, rows: Int, fields: Int)) {
            let dialect = CSVDialect(delimiter: delimiter, quote: quote)
            let sample = HeadSample(head: head, isWholeFile: isWholeFile, name: name, dialect: dialect, encoding: nil)
            let modal = sample.modalFieldCount
            return (sample, (valid: !sample.hadError && modal.count > 1, rows: modal.rows, fields: modal.count))
        }
        var (best, bestScore) = read(UInt8(ascii: ","))
        for delimiter in CSVDialect.candidateDelimiters where delimiter != UInt8(ascii: ",") {
            let (sample, score) = read(delimiter)
            if isBetter(score, than: bestScore) {
                best = sample
                bestScore = score
            }
        }
        return best
    }

    private static func isBetter(
        _ a: (valid: Bool, rows: Int, fields: Int), than b: (valid: Bool, rows: Int, fields: Int)
    ) -> Bool {
        if a.valid != b.valid { return a.valid }
        if a.rows != b.rows { return a.rows > b.rows }
        return a.fields > b.fields
    }
}
