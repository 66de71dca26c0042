/// One entry or one cell as an export writes it: for tests, and for tools that show a sample.
public enum ExportText {
    /// The text a journal format writes for one entry (for CSV, one row of a stored transaction
    /// needs the row itself, so use ``csvCell(_:)``).
    ///
    /// - Throws: ``ExportError`` when the entry's commodity can't be written in the format.
    public static func render(_ entry: JournalEntry, format: ExportFormat) throws(ExportError) -> String {
        var output = ExportBuffer()
        switch format {
        case .hledger, .ledger:
            try PlainTextJournalWriter(format: format).write(entry, row: nil, into: &output)
        case .beancount:
            var writer = BeancountWriter(alreadyOpened: [])
            try writer.write(entry, row: nil, into: &output)
        case .csv:
            return ""
        }
        let text = String(decoding: output.bytes, as: UTF8.self)
        return text.hasPrefix("\n") ? String(text.dropFirst()) : text
    }

    /// A CSV text cell: `'` before a leading formula character, quoted when it needs to be.
    public static func csvCell(_ text: String) -> String {
        var output = ExportBuffer()
        CSVExportWriter.appendCell(text, to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
