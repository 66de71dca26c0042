import Foundation
import LedgerCore

/// The first rows of a file, read with one dialect and decoded to text, for sniffing, header
/// detection and mapping matching.
struct HeadSample: Sendable {
    /// One row: its first line and its fields, as text.
    struct Row: Sendable, Hashable {
        var line: Int
        let fields: [String]
        /// The fields as header names are compared (``MappingMatcher/key(_:)``): for a message
        /// or a suggestion. Matching a header compares fields one at a time
        /// (``MappingMatcher/hasKey(_:_:)``), without making these: keys for every field of every
        /// row of every reading of the head cost 15 M instructions before an import's first row.
        var keys: Set<String> { Set(fields.map(MappingMatcher.key)) }
        /// Whether every field is empty once spaces are trimmed (`CharacterSet.whitespaces`),
        /// worked out once: the sample's rows are filtered
        /// by it again and again, and Foundation's trimming cost 30,000 instructions a field.
        let isBlank: Bool

        init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
            self.isBlank = fields.allSatisfy { $0.unicodeScalars.allSatisfy(\.isBlank) }
        }
    }

    var dialect: CSVDialect
    var rows: [Row]
    /// Whether reading stopped on an error that speaks against the dialect (text after a quote).
    var hadError: Bool
    /// The encoding the head looks like: `nil` for plain ASCII, UTF-8, or Windows-1252.
    var encodingGuess: CSVEncoding?

    /// The most rows kept.
    static let rowLimit = 200

    /// Reads up to ``rowLimit`` rows of `head`; the last row is dropped when the head was cut
    /// inside it.
    init(head: [UInt8], isWholeFile: Bool, name: String, dialect: CSVDialect, encoding declared: CSVEncoding?) {
        self.dialect = dialect
        let guess = declared ?? HeadSample.guessEncoding(head)
        encodingGuess = guess
        var decoder = FieldDecoder(declared: guess ?? .utf8)
        var reader = CSVReader(InMemoryByteStream(head, name: name), dialect: dialect)
        var row = CSVRow()
        var rows: [Row] = []
        var failed = false
        do {
            while rows.count < HeadSample.rowLimit, try reader.next(into: &row) {
                var fields: [String] = []
                for field in 0..<row.count {
                    let text = try row.withField(field) { (bytes) throws(CSVError) -> String in
                        try decoder.string(bytes, at: row.location(of: field, file: name))
                    }
                    fields.append(text)
                }
                rows.append(Row(line: row.line, fields: fields))
            }
            if !isWholeFile, rows.count < HeadSample.rowLimit, !rows.isEmpty { rows.removeLast() }
        } catch let error as CSVError {
            // A quote still open where the head (or the file) ends is the reader's error to
            // report later, with its location; it says nothing against this dialect.
            if case .unterminatedQuote = error.reason {} else { failed = true }
        } catch {
            failed = true
        }
        self.rows = rows
        self.hadError = failed
    }

    /// `nil` for ASCII, `.utf8` when the non-ASCII bytes are valid UTF-8, else Windows-1252.
    ///
    /// A multi-byte character cut at the end of the head is not held against UTF-8.
    static func guessEncoding(_ head: [UInt8]) -> CSVEncoding? {
        guard head.contains(where: { $0 >= 0x80 }) else { return nil }
        var end = head.count
        // Drop an incomplete trailing sequence (at most 3 bytes).
        var back = 0
        while back < 3, end - back - 1 >= 0, head[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        if end - back - 1 >= 0, head[end - back - 1] >= 0xC0 { end = end - back - 1 }
        // `UTF8Check` decides as `String(validating:as:)` does, without making the string: over
        // an array slice that took 17 M instructions for the 64 KiB head of a UTF-8 file.
        let isUTF8 = head.withUnsafeBufferPointer { UTF8Check.isValid(UnsafeBufferPointer(rebasing: $0[0..<end])) }
        return isUTF8 ? .utf8 : .windows1252
    }

    /// The rows that are not blank.
    var nonBlankRows: [Row] { rows.filter { !$0.isBlank } }

    /// The most common field count among non-blank rows, and how many rows have it.
    var modalFieldCount: (count: Int, rows: Int) {
        var tally: [Int: Int] = [:]
        for row in nonBlankRows { tally[row.fields.count, default: 0] += 1 }
        let best = tally.max { a, b in a.value != b.value ? a.value < b.value : a.key < b.key }
        return best.map { ($0.key, $0.value) } ?? (0, 0)
    }

    /// The first row that looks like a header: it has the modal field count (more than one) and
    /// fields that are mostly words, not numbers or dates.
    var likelyHeaderIndex: Int? {
        let modal = modalFieldCount.count
        guard modal > 1 else { return nil }
        for (index, row) in rows.enumerated() where row.fields.count == modal {
            let wordy = row.fields.filter { field in
                let trimmed = field.trimmingBlanks()
                return !trimmed.isEmpty && trimmed.contains(where: { $0.isLetter })
                    && !trimmed.contains(where: { $0.isNumber && trimmed.count < 4 })
            }
            if wordy.count * 2 >= modal { return index }
        }
        return nil
    }
}
