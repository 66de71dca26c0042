import Foundation
import LedgerCore

/// The transaction rows of one session: blank lines, the footer's start, conditional rules, width
/// checks, skip rules, extractions, date inference, then drafts.
///
/// Rows are normalised as they come. Under `"format": "auto"` the rows read while every day is
/// still 12 or less are held back, and released once one row settles the date order.
///
/// A class: as a struct, each per-row call on it copied all of it (the session with its mapping,
/// about 1.2 KB) to pass a part along.
final class RowLoop {
    let session: CSVReadSession
    let binding: HeaderBinding
    /// Whether the footer has started: no more transaction rows.
    private(set) var reachedFooter = false
    private var inference: DateInference?
    /// Whether `inference` is open (tested per row without copying it out of its optional).
    private var isInferring = false
    private var heldBack: [(row: CSVRow, settings: FieldSettings?)] = []
    /// The mapping's rules, `"set"` and extractions; `nil` when it has none.
    private let rules: BoundRules?
    private let hasRules: Bool
    /// The fewest fields a row may have: the header's, less its trailing unnamed columns.
    private let neededWidth: Int
    /// Footer starts, lower-cased UTF-8.
    private let footerStarts: [[UInt8]]
    /// The first bytes the footer starts can have (both cases, and any byte above ASCII): a row
    /// whose first field starts otherwise is no footer, with no more looking.
    private let footerFirstBytes: ByteSet
    /// The mapping's per-row switches, read once: reading them through `session` per row copied
    /// the whole mapping (a memcpy of several hundred bytes) three times a row.
    private let endsAtBlankLine: Bool
    private let hasSkipRules: Bool
    private let hasExtractions: Bool
    private var mapping: CSVMapping { session.match.mapping }

    init(session: CSVReadSession, binding: HeaderBinding, rules: BoundRules? = nil) {
        self.session = session
        self.binding = binding
        self.rules = rules
        hasRules = rules != nil
        let mapping = session.match.mapping
        if case .auto = mapping.date.format {
            inference = DateInference()
            isInferring = true
        }
        endsAtBlankLine = mapping.footer.afterBlankLine
        hasSkipRules = !mapping.skipRules.isEmpty
        hasExtractions = rules?.hasExtractions ?? false
        var needed = binding.fieldCount
        if mapping.hasHeader {
            while needed > 0, binding.header[needed - 1].trimmingBlanks().isEmpty { needed -= 1 }
        }
        neededWidth = needed
        footerStarts = mapping.footer.startsWith.map { Array($0.lowercased().utf8) }
        var firstBytes = ByteSet()
        for start in footerStarts {
            guard let first = start.first else {
                // An empty start matches any row: no quick answer.
                firstBytes = ByteSet(all: true)
                break
            }
            firstBytes.insert(first)
            if first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") { firstBytes.insert(first - 0x20) }
        }
        for byte in 0x80...0xFF { firstBytes.insert(UInt8(byte)) }
        footerFirstBytes = firstBytes
    }

    /// Handles one row after the header.
    func take(
        _ row: CSVRow, _ normaliser: inout RowNormaliser, _ state: inout EmitState, _ statement: inout StatementLines,
        _ emit: (AdapterEvent) throws -> Void, _ draft: (consuming Draft) throws -> Void
    ) throws {
        if row.isBlank {
            if endsAtBlankLine && state.rowCount > 0 { reachedFooter = true }
            return
        }
        if !footerStarts.isEmpty, try startsFooter(row, &normaliser) {
            reachedFooter = true
            statement.consider(
                try session.texts(row, &normaliser.decoder), location: row.location(of: 0, file: session.file))
            return
        }
        // Rules run before the width check: they may skip a summary row of another width.
        var settings: FieldSettings?
        if hasRules, let rules {
            switch try rules.outcome(of: row, &normaliser) {
            case .skip:
                state.rowCount += 1
                state.noteSkipped(at: SourceLocation(file: session.file, line: row.line, column: 1))
                return
            case .read(let set):
                settings = set
            }
        }
        try checkWidth(row)
        state.rowCount += 1
        if hasSkipRules, try isSkipped(row, &normaliser) {
            state.noteSkipped(at: SourceLocation(file: session.file, line: row.line, column: 1))
            return
        }
        if hasExtractions, let rules {
            try read(rules.extracted(row, &normaliser), settings, &normaliser, &state, &statement, emit, draft)
        } else {
            try read(row, settings, &normaliser, &state, &statement, emit, draft)
        }
    }

    /// Settles the date pattern (holding rows back while it is open), then emits the row's draft.
    private func read(
        _ row: CSVRow, _ settings: FieldSettings?, _ normaliser: inout RowNormaliser, _ state: inout EmitState,
        _ statement: inout StatementLines, _ emit: (AdapterEvent) throws -> Void,
        _ draft: (consuming Draft) throws -> Void
    ) throws {
        if isInferring, var pending = inference {
            let text = try normaliser.dateText(of: row)
            if !pending.observe(text) {
                let expected = pending.candidates.map(\.pattern).joined(separator: " or ")
                throw CSVError(
                    .badValue(
                        column: binding.name(at: normaliser.datePosition), found: text,
                        expected: expected.isEmpty ? "a date (no date pattern fits it)" : "a date like \(expected)"),
                    at: row.location(of: normaliser.datePosition, file: session.file))
            }
            guard let decided = pending.decided else {
                inference = pending
                heldBack.append((row.compacted, settings))
                return
            }
            inference = nil
            isInferring = false
            normaliser.dateFormat = decided
            for held in heldBack {
                try state.emitDraft(
                    from: held.row, &normaliser, statement, session, emit, draft, settings: held.settings)
            }
            heldBack.removeAll()
        }
        try state.emitDraft(from: row, &normaliser, statement, session, emit, draft, settings: settings)
    }

    /// Refuses a date column that stayed ambiguous to the end.
    func finish(
        _ normaliser: inout RowNormaliser, _ state: inout EmitState, _ statement: inout StatementLines,
        _ emit: (AdapterEvent) throws -> Void
    ) throws {
        guard let pending = inference, let first = heldBack.first?.row, pending.candidates.count > 1 else { return }
        throw CSVError(
            .ambiguousDates(
                column: binding.name(at: normaliser.datePosition), candidates: pending.candidates.map(\.pattern)),
            at: first.location(of: normaliser.datePosition, file: session.file))
    }

    // MARK: - Row checks

    /// Whether the row's first non-empty field starts the footer.
    private func startsFooter(_ row: CSVRow, _ normaliser: inout RowNormaliser) throws -> Bool {
        for field in 0..<row.count where !row.isEmpty(field) {
            let first = row.withPlainField(field) { bytes in bytes.first { $0 != 0x20 } ?? 0x20 }
            if !footerFirstBytes.contains(first) { return false }
            let isASCII = try row.withField(field) { (bytes) throws(CSVError) -> Bool in FieldDecoder.isASCII(bytes) }
            if isASCII {
                return try row.withField(field) { (bytes) throws(CSVError) -> Bool in
                    footerStarts.contains { RowLoop.hasPrefix(bytes, $0) }
                }
            }
            let text = Array(try normaliser.text(row, field).lowercased().utf8)
            return footerStarts.contains { text.starts(with: $0) }
        }
        return false
    }

    /// Whether ASCII bytes (after leading spaces) start with a lower-case prefix, ignoring case.
    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 { start += 1 }
        guard bytes.count - start >= prefix.count else { return false }
        for (offset, expected) in prefix.enumerated() {
            var byte = bytes[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != expected { return false }
        }
        return true
    }

    /// Refuses a row with fewer fields than the header, or more unless the extra ones are empty.
    private func checkWidth(_ row: CSVRow) throws {
        if row.count == binding.fieldCount { return }
        if row.count < neededWidth {
            throw CSVError(
                .raggedRow(expected: binding.fieldCount, found: row.count),
                at: row.location(of: row.count, file: session.file))
        }
        guard mapping.hasHeader else { return }
        for extra in binding.fieldCount..<max(binding.fieldCount, row.count) where !row.isEmpty(extra) {
            throw CSVError(
                .raggedRow(expected: binding.fieldCount, found: row.count),
                at: row.location(of: extra, file: session.file))
        }
    }

    private func isSkipped(_ row: CSVRow, _ normaliser: inout RowNormaliser) throws -> Bool {
        for rule in mapping.skipRules {
            let positions: [Int]
            if let column = rule.column {
                // A column the file lacks tests nothing.
                positions = binding.position(of: column).map { [$0] } ?? []
            } else {
                positions = Array(0..<row.count)
            }
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
}

/// A set of bytes, as 256 bits.
private struct ByteSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(all: Bool = false) {
        if all { words = (~0, ~0, ~0, ~0) }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }
}
