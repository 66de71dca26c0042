import Foundation
import LedgerCore

/// One read of one file with one mapping: preamble, header, rows, footer, then balances.
///
/// Rows stream through one at a time. The only rows held back are those read while a
/// `"format": "auto"` date column is still ambiguous (every day so far 12 or less); they are
/// released as soon as a row settles the order.
struct ImportSession {
    private enum Phase {
        case preamble, rows, footer
    }

    let match: HeaderMatch
    let options: AdapterOptions
    let file: String
    private var mapping: CSVMapping { match.mapping }

    init(match: HeaderMatch, options: AdapterOptions, file: String) {
        self.match = match
        self.options = options
        self.file = file
    }

    /// Reads every row and emits accounts, drafts, balances and skipped-row notes.
    ///
    /// - Parameter limit: stop after this many drafts (for previews); balances are then not
    ///   emitted and an empty file is not an error.
    /// - Throws: ``CSVError`` for bad input, or what `emit` throws.
    func run(_ input: any ByteStream, limit: Int? = nil, emit: (AdapterEvent) throws -> Void) throws {
        var reader = CSVReader(input, dialect: match.sample.dialect)
        var row = CSVRow()
        var phase = Phase.preamble
        var statement = StatementLines(rules: mapping.statementLines)
        var normaliser: RowNormaliser?
        var binding: HeaderBinding?
        var inference: DateInference?
        if case .auto = mapping.date.format { inference = DateInference() }
        var heldBack: [CSVRow] = []
        var state = EmitState()
        var decoder = FieldDecoder(declared: mapping.encoding)
        let headerLine = match.headerLine
        var headerLocation = SourceLocation(file: file, line: max(headerLine, 1), column: 1)

        func texts(_ row: CSVRow) throws -> [String] {
            try (0..<row.count).map { field in
                try row.withField(field) { (bytes) throws(CSVError) -> String in
                    try decoder.string(bytes, at: row.location(of: field, file: file))
                }
            }
        }

        while try reader.next(into: &row) {
            if let limit, state.draftCount >= limit { break }
            if row.line <= mapping.skipLines { continue }
            switch phase {
            case .preamble:
                if mapping.hasHeader && row.line < headerLine {
                    if !row.isBlank {
                        statement.consider(try texts(row), location: row.location(of: 0, file: file))
                    }
                    continue
                }
                headerLocation = SourceLocation(file: file, line: row.line, column: 1)
                let bound = try HeaderBinding(
                    mapping: mapping, header: mapping.hasHeader ? try texts(row) : [], headerLocation: headerLocation)
                binding = bound
                var made = RowNormaliser(mapping: mapping, binding: bound, file: file)
                made.decoder = decoder
                normaliser = made
                phase = .rows
                if mapping.hasHeader { continue }
            case .rows:
                break
            case .footer:
                if !row.isBlank { statement.consider(try texts(row), location: row.location(of: 0, file: file)) }
                continue
            }
            // A transaction row, a blank line, or the start of the footer.
            guard var rowNormaliser = normaliser, let binding else { continue }
            if row.isBlank {
                if mapping.footer.afterBlankLine && state.rowCount > 0 { phase = .footer }
                continue
            }
            if !mapping.footer.startsWith.isEmpty, try startsFooter(row, &rowNormaliser) {
                phase = .footer
                statement.consider(try texts(row), location: row.location(of: 0, file: file))
                normaliser = rowNormaliser
                continue
            }
            try checkWidth(row, binding)
            state.rowCount += 1
            if try isSkipped(row, &rowNormaliser, binding) {
                state.noteSkipped(at: SourceLocation(file: file, line: row.line, column: 1))
                normaliser = rowNormaliser
                continue
            }
            if var pending = inference {
                let text = try rowNormaliser.dateText(of: row)
                if !pending.observe(text) {
                    let expected = pending.candidates.map(\.pattern).joined(separator: " or ")
                    throw CSVError(
                        .badValue(
                            column: binding.name(at: rowNormaliser.datePosition), found: text,
                            expected: expected.isEmpty ? "a date (no date pattern fits it)" : "a date like \(expected)"),
                        at: row.location(of: rowNormaliser.datePosition, file: file))
                }
                guard let decided = pending.decided else {
                    inference = pending
                    heldBack.append(row)
                    normaliser = rowNormaliser
                    continue
                }
                inference = nil
                rowNormaliser.dateFormat = decided
                for held in heldBack { try state.emitDraft(from: held, &rowNormaliser, statement, self, emit) }
                heldBack.removeAll()
            }
            try state.emitDraft(from: row, &rowNormaliser, statement, self, emit)
            normaliser = rowNormaliser
        }
        decoder = normaliser?.decoder ?? decoder

        if let pending = inference, !heldBack.isEmpty, let first = heldBack.first, let rowNormaliser = normaliser {
            let column = binding?.name(at: rowNormaliser.datePosition) ?? "date"
            if pending.candidates.count > 1 {
                throw CSVError(
                    .ambiguousDates(column: column, candidates: pending.candidates.map(\.pattern)),
                    at: first.location(of: rowNormaliser.datePosition, file: file))
            }
        }
        if limit != nil { return }
        guard state.rowCount > 0 else {
            if binding == nil, match.headerIndex == nil, mapping.hasHeader {
                throw CSVError(.emptyFile, at: SourceLocation(file: file, line: 1, column: 1))
            }
            throw CSVError(.noRows(header: binding?.header ?? []), at: headerLocation)
        }
        try state.emitBalances(statement: statement, session: self, format: normaliser?.dateFormat, emit)
        if state.skippedCount > 0, let location = state.firstSkipped {
            try emit(.skipped(SkippedRecords(count: state.skippedCount, reason: "rows matching the mapping's skip rules", location: location)))
        }
    }

    // MARK: - Row checks

    /// Whether the row's first non-empty field starts the footer.
    private func startsFooter(_ row: CSVRow, _ normaliser: inout RowNormaliser) throws -> Bool {
        for field in 0..<row.count where !row.isEmpty(field) {
            let text = try normaliser.text(row, field).lowercased()
            return mapping.footer.startsWith.contains { text.hasPrefix($0.lowercased()) }
        }
        return false
    }

    /// Refuses a row with fewer fields than the header, or more unless the extra ones are empty.
    private func checkWidth(_ row: CSVRow, _ binding: HeaderBinding) throws {
        var needed = binding.fieldCount
        if mapping.hasHeader {
            while needed > 0, binding.header[needed - 1].trimmingCharacters(in: .whitespaces).isEmpty { needed -= 1 }
        }
        if row.count < needed {
            throw CSVError(.raggedRow(expected: binding.fieldCount, found: row.count), at: row.location(of: row.count, file: file))
        }
        if mapping.hasHeader {
            for extra in binding.fieldCount..<max(binding.fieldCount, row.count) where !row.isEmpty(extra) {
                throw CSVError(.raggedRow(expected: binding.fieldCount, found: row.count), at: row.location(of: extra, file: file))
            }
        }
    }

    private func isSkipped(_ row: CSVRow, _ normaliser: inout RowNormaliser, _ binding: HeaderBinding) throws -> Bool {
        for rule in mapping.skipRules {
            let positions: [Int] = rule.column.flatMap { binding.position(of: $0) }.map { [$0] } ?? Array(0..<row.count)
            for position in positions where position < row.count {
                let text = try normaliser.text(row, position).lowercased()
                if rule.isEmpty && text.isEmpty { return true }
                if rule.equals.contains(where: { $0.lowercased() == text }) { return true }
                if rule.startsWith.contains(where: { !$0.isEmpty && text.hasPrefix($0.lowercased()) }) { return true }
                if rule.contains.contains(where: { !$0.isEmpty && text.contains($0.lowercased()) }) { return true }
            }
        }
        return false
    }

    /// The account a draft goes to: the user's choice, the mapping's, the row's, the preamble's,
    /// else the file's name without its extension.
    func accountName(row: String?, statement: StatementLines) -> String {
        if let account = options.account, !account.isEmpty { return account }
        if let name = mapping.accountName, !name.isEmpty { return name }
        if let row { return row }
        if let preamble = statement.account, !preamble.isEmpty { return preamble }
        let path = options.fileName.isEmpty ? file : options.fileName
        let base = (path as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        return stem.isEmpty ? base : stem
    }

    var accountKind: AccountKind { mapping.accountKind }
    var institution: String? { mapping.institution }
    var mappingForSession: CSVMapping { mapping }
}
