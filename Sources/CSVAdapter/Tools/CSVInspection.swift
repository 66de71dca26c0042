import LedgerCore

/// What `ledgerport inspect FILE` shows: the dialect found, the header, the mapping that would be
/// picked and why, and the first rows as drafts. Nothing is written anywhere.
///
/// ```swift
/// let report = try CSVInspection.inspect(stream: FileStream(path), options: options)
/// print(report.rendered())
/// ```
public struct CSVInspection: Sendable {
    /// The file's name as given.
    public var file: String
    /// The encoding: from the byte-order mark, declared by the mapping, or detected.
    public var encoding: String
    /// The delimiter and quote the rows are read with.
    public var dialect: CSVDialect
    /// The header's line (0 when there is none).
    public var headerLine: Int
    /// The header's fields.
    public var header: [String]
    /// The non-blank lines above the header, fields joined by the delimiter.
    public var preamble: [String]
    /// The mapping chosen and why, or `nil` when none fits.
    public var choice: MappingChoice?
    /// Why reading stopped early (no mapping fits, or a bad first row), in the compiler's format.
    public var failure: String?
    /// The first events of the import (accounts and up to `rowLimit` drafts).
    public var events: [AdapterEvent]
    /// When no mapping fits: a first draft of one, as JSON text to review and save (or `nil` when
    /// no date and amount column could be recognised).
    public var suggestedMapping: String?
    /// What the suggested mapping leaves for the user to decide (the date order when the rows
    /// fit two, the currency when the file shows none, the account), one sentence each.
    public var suggestionDecisions: [String] = []

    /// The drafts among the events.
    public var drafts: [Draft] {
        events.compactMap { if case .draft(let draft) = $0 { draft } else { nil } }
    }

    /// Inspects a stream.
    ///
    /// - Parameters:
    ///   - stream: the file.
    ///   - options: the same options an import would use (mapping folders, `--mapping`, `--account`).
    ///   - rowLimit: how many drafts to preview.
    /// - Returns: the report; a file no mapping fits still gives one, with ``failure`` set.
    /// - Throws: ``CSVError`` when the named mapping is invalid or the file can't be read at all
    ///   (empty, bad UTF-16), or what the stream throws.
    public static func inspect(stream: any ByteStream, options: AdapterOptions, rowLimit: Int = 10) throws
        -> CSVInspection
    {
        let format = try CSVFormat(options: options)
        let input = try PreparedInput(stream)
        let isWholeFile = input.head.count < PreparedInput.headSize
        let sniffed = DialectSniffer.sniff(head: input.head, isWholeFile: isWholeFile, name: input.name)
        var report = CSVInspection(
            file: stream.name,
            encoding: EncodingChoice(
                declared: nil, byteOrderMark: input.byteOrderMark, headGuess: sniffed.encodingGuess
            )
            .explanation,
            dialect: sniffed.dialect, headerLine: 0, header: [], preamble: [], choice: nil, failure: nil, events: [],
            suggestedMapping: nil)
        let match: HeaderMatch
        do {
            let chosen = try format.chooseMapping(for: input)
            match = chosen.0
            report.choice = chosen.1
        } catch let error as CSVError {
            if case .emptyFile = error.reason { throw error }
            report.failure = error.description
            if report.choice == nil {
                let suggestion = MappingSuggestion(sample: sniffed, fileName: stream.name)
                report.suggestedMapping = suggestion?.json
                report.suggestionDecisions = suggestion?.decisions ?? []
            }
            if let index = sniffed.likelyHeaderIndex {
                report.headerLine = sniffed.rows[index].line
                report.header = sniffed.rows[index].fields
                report.preamble = sniffed.rows[..<index].filter { !$0.isBlank }.map { joined($0, sniffed.dialect) }
            }
            return report
        }
        report.dialect = match.sample.dialect
        report.headerLine = match.headerLine
        report.header = match.header
        report.encoding =
            EncodingChoice(
                declared: format.declaredEncoding(of: match.mapping), byteOrderMark: input.byteOrderMark,
                headGuess: sniffed.encodingGuess
            ).explanation
        if let index = match.headerIndex {
            report.preamble = match.sample.rows[..<index].filter { !$0.isBlank }.map {
                joined($0, match.sample.dialect)
            }
        }
        var events: [AdapterEvent] = []
        // The checks an import makes of each draft before its batch (``Draft/validate(accountCurrency:)``
        // against the currency its account was declared with), so that both stop at the same row.
        var currencies: [String: Currency] = [:]
        do {
            try CSVReadSession(match: match, options: options, file: stream.name).run(input, limit: rowLimit) {
                event in
                switch event {
                case .account(let account): currencies[account.name] = account.currency
                case .draft(let draft): try draft.validate(accountCurrency: currencies[draft.account])
                default: break
                }
                events.append(event)
            }
        } catch let error as any LocatedError {
            report.failure = error.description
        }
        report.events = events
        return report
    }

    /// Inspects bytes in memory.
    public static func inspect(bytes: [UInt8], name: String, options: AdapterOptions, rowLimit: Int = 10) throws
        -> CSVInspection
    {
        try inspect(stream: InMemoryByteStream(bytes, name: name), options: options, rowLimit: rowLimit)
    }

    /// The report as text for people, one fact per line.
    public func rendered() -> String {
        var lines: [String] = []
        lines.append("file:      \(file)")
        lines.append("encoding:  \(encoding)")
        lines.append("dialect:   \(dialect)")
        if !preamble.isEmpty {
            lines.append("preamble:  \(preamble.count) line\(preamble.count == 1 ? "" : "s") above the header")
            for line in preamble { lines.append("           \(line)") }
        }
        if headerLine > 0 { lines.append("header:    line \(headerLine): \(header.joined(separator: " | "))") }
        if let choice {
            lines.append("mapping:   \(choice.mapping.name) (\(choice.mapping.path))")
            lines.append("why:       \(choice.reason)")
        } else {
            lines.append("mapping:   none")
        }
        if let failure { lines.append("problem:   \(failure)") }
        if let suggestedMapping {
            lines.append("suggested mapping (review it, save it in ~/.config/ledgerport/mappings/NAME.json):")
            lines.append(suggestedMapping)
            if !suggestionDecisions.isEmpty { lines.append("to decide before importing with it:") }
            for decision in suggestionDecisions { lines.append("  - \(decision)") }
        }
        for event in events {
            switch event {
            case .account(let account):
                let currency = account.currency?.code ?? "?"
                lines.append("account:   \(account.name) (\(account.kind.rawValue), \(currency))")
            case .draft(let draft):
                let signed = Money.format(draft.signedMinorUnits, currency: draft.amount.currency)
                let status = draft.status == .pending ? " [pending]" : ""
                lines.append(
                    "  line \(draft.location.line): \(draft.bookingDay)  \(signed) \(draft.amount.currency.code)  "
                        + "\(draft.description)\(status)")
            default:
                break  // the preview shows accounts and drafts; balances need the whole file
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func joined(_ row: HeadSample.Row, _ dialect: CSVDialect) -> String {
        row.fields.joined(separator: dialect.delimiter == 0x09 ? "\t" : String(UnicodeScalar(dialect.delimiter)))
    }
}
