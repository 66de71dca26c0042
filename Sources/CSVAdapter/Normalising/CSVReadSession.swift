import Foundation
import LedgerCore

/// One read of one file with one mapping: preamble, header, rows, footer, then balances.
///
/// Rows stream through one at a time. The only rows held back are those read while a
/// `"format": "auto"` date column is still ambiguous (every day so far 12 or less); they are
/// released as soon as a row settles the order.
///
/// A class: the row loop hands the session to each row's draft, and as a struct (about 1 KB with
/// its mapping) it was copied for every row.
final class CSVReadSession {
    let match: HeaderMatch
    let options: AdapterOptions
    let file: String
    /// Whether rows are split into fields on a second thread (``RowReadAhead``): worth it for a
    /// file larger than its head.
    let readsAhead: Bool
    private var mapping: CSVMapping { match.mapping }

    init(match: HeaderMatch, options: AdapterOptions, file: String, readsAhead: Bool = false) {
        self.match = match
        self.options = options
        self.file = file
        self.readsAhead = readsAhead
    }

    /// Reads every row and emits accounts, drafts, balances and skipped-row notes.
    ///
    /// - Parameter limit: stop after this many drafts (for previews); balances are then not
    ///   emitted and an empty file is not an error. A preview whose limit the rows don't reach
    ///   reads and checks the whole file, as an import does.
    /// - Throws: ``CSVError`` for bad input, or what `emit` throws.
    func run(_ input: any ByteStream, limit: Int? = nil, emit: (AdapterEvent) throws -> Void) throws {
        try run(input, limit: limit, emit: emit, draft: { try emit(.draft($0)) })
    }

    /// Reads as ``run(_:limit:emit:)`` does, each draft handed to `draft` by itself.
    ///
    /// - Throws: ``CSVError`` for bad input, or what `emit` or `draft` throws.
    func run(
        _ input: any ByteStream, limit: Int? = nil, emit: (AdapterEvent) throws -> Void,
        draft: (consuming Draft) throws -> Void
    ) throws {
        let commodities = try self.commodities()
        var reader = CSVReader(input, dialect: match.sample.dialect)
        var row = CSVRow()
        var statement = StatementLines(rules: mapping.statementLines, commodities: commodities)
        var decoder = FieldDecoder(declared: mapping.encoding)

        // The preamble, up to and including the header (the first row for a header-less file).
        var header: CSVRow?
        while try reader.next(into: &row) {
            if row.line <= mapping.skipLines { continue }
            if mapping.hasHeader && row.line < match.headerLine {
                if !row.isBlank {
                    statement.consider(try texts(row, &decoder), location: row.location(of: 0, file: file))
                }
                continue
            }
            header = row.compacted
            break
        }
        guard let header else {
            if limit != nil { return }
            throw CSVError(.emptyFile, at: SourceLocation(file: file, line: 1, column: 1))
        }
        let headerLocation = SourceLocation(file: file, line: header.line, column: 1)
        let binding = try HeaderBinding(
            mapping: mapping, header: mapping.hasHeader ? try texts(header, &decoder) : [],
            headerLocation: headerLocation)
        var normaliser = RowNormaliser(
            mapping: mapping, binding: binding, file: file, statedCurrency: statement.currency,
            userCurrency: options.currency, accountCurrency: options.accountCurrency, commodities: commodities)
        // What only the user can decide is asked before any row is read: the account first.
        if normaliser.accountPosition == nil {
            _ = try accountName(row: nil, statement: statement, at: headerLocation)
        }
        if normaliser.currencyPosition == nil, normaliser.defaultCurrency == nil {
            throw MissingChoice(
                .currency, source: "no currency column or line, and mapping \(mapping.name) names none",
                at: headerLocation)
        }
        normaliser.decoder = decoder
        var state = EmitState()
        state.feeSplit = FeeSplit(mapping: mapping, binding: binding)
        state.accountPerCurrency = mapping.accountPerCurrency
        let rules =
            mapping.hasRowRules
            ? try BoundRules(mapping: mapping, binding: binding, file: file, headerLocation: headerLocation) : nil
        let rows = RowLoop(session: self, binding: binding, rules: rules)
        if !mapping.hasHeader {
            try rows.take(header, &normaliser, &state, &statement, emit, draft)
        }
        // A preview stops early: its rows are read here, with no thread to start and stop.
        let preparer = RowPreparer(for: normaliser, declaredEncoding: mapping.encoding)
        var source = RowSource(reader, readingAhead: readsAhead && limit == nil, preparer: preparer)
        defer { source.stop() }
        while !rows.reachedFooter, try source.next(into: &row) {
            // A preview that reads the whole file checks all an import checks (the footer, the
            // balances); one that stops early checks the rows it read.
            if let limit, state.draftCount >= limit { return }
            try rows.take(row, &normaliser, &state, &statement, emit, draft)
        }
        // The footer: statement lines only.
        while try source.next(into: &row) {
            if row.isBlank { continue }
            statement.consider(try texts(row, &normaliser.decoder), location: row.location(of: 0, file: file))
        }
        try rows.finish(&normaliser, &state, &statement, emit)
        guard state.rowCount > 0 else {
            throw CSVError(.noRows(header: binding.header), at: headerLocation)
        }
        try state.emitBalances(statement: statement, session: self, format: normaliser.dateFormat, emit)
        if state.skippedCount > 0, let location = state.firstSkipped {
            let note = SkippedRecords(
                count: state.skippedCount, reason: "rows matching the mapping's skip rules", location: location)
            try emit(.skipped(note))
        }
    }

    /// The ledger's commodities with the mapping's: a code declared in both must have the same
    /// decimals, or the read stops before any row.
    ///
    /// - Throws: ``CSVError`` `.invalidMapping`, located at the mapping, naming both decimals.
    func commodities() throws(CSVError) -> CommodityTable {
        let location = SourceLocation.file(mapping.path.isEmpty ? file : mapping.path)
        do {
            return try options.commodities.merging(mapping.commodities, at: location)
        } catch {
            throw CSVError(.invalidMapping("\"commodities\": " + error.message), at: location)
        }
    }

    /// Every field of a row as text.
    func texts(_ row: CSVRow, _ decoder: inout FieldDecoder) throws -> [String] {
        try (0..<row.count).map { field in
            try row.withField(field) { (bytes) throws(CSVError) -> String in
                try decoder.string(bytes, at: row.location(of: field, file: file))
            }
        }
    }

    // MARK: - Accounts

    /// The account a draft goes to: the user's choice, the mapping's, the row's, the preamble's,
    /// else the file's name without its extension when the options allow it. An account number
    /// from the file is never the name as written: it becomes the institution (or the mapping)
    /// and the masked number, such as `German savings bank ••••7890`, so that names in reports
    /// and logs don't expose it.
    ///
    /// - Throws: ``MissingChoice`` when nothing names the account and the options don't allow
    ///   naming it after the file.
    func accountName(row: String?, statement: StatementLines, at location: SourceLocation) throws(MissingChoice)
        -> String
    {
        if let account = options.account, !account.isEmpty { return account }
        if let name = mapping.accountName, !name.isEmpty { return name }
        if let row { return maskedIfNumber(row) }
        if let preamble = statement.account, !preamble.isEmpty { return maskedIfNumber(preamble) }
        guard options.namesAccountAfterFile else {
            throw MissingChoice(.account, source: "mapping \(mapping.name) names no account", at: location)
        }
        let path = options.fileName.isEmpty ? file : options.fileName
        let base = (path as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        return stem.isEmpty ? base : stem
    }

    /// A value with six digits or more (an account number, an IBAN) as `INSTITUTION ••••1234`.
    private func maskedIfNumber(_ value: String) -> String {
        let compact = value.filter { !$0.isWhitespace }
        guard compact.filter(\.isNumber).count >= 6 else { return value }
        return "\(mapping.institution ?? mapping.name) \(AccountReference.mask(compact))"
    }

    var accountKind: AccountKind { mapping.accountKind }
    var institution: String? { mapping.institution }
    var mappingForSession: CSVMapping { mapping }
}
