import Foundation
import LedgerCore

/// A mapping's `"rules"`, `"set"` and `"extract"` bound to one file's header.
///
/// Only a mapping that has one of them gets one: a mapping without them reads every row exactly
/// as before, with no extra step.
struct BoundRules {
    /// What the rules decide for a row.
    enum Outcome {
        /// A rule skips the row.
        case skip
        /// The row is read, with these fields set (`nil`: none).
        case read(FieldSettings?)
    }

    let binding: HeaderBinding
    let file: String
    private let rules: [RowRule]
    private let base: FieldSettings?
    /// The extracted columns by position.
    private let extractions: [Int: CellExtraction]

    /// Binds the rule steps to a header.
    ///
    /// - Throws: ``CSVError`` `.headerMismatch` when a template or an extraction names a column
    ///   the header lacks (a condition on a missing column simply doesn't hold).
    init(mapping: CSVMapping, binding: HeaderBinding, file: String, headerLocation: SourceLocation) throws(CSVError) {
        self.binding = binding
        self.file = file
        rules = mapping.rules
        base = mapping.settings
        var settings = mapping.settings.map { [$0] } ?? []
        for rule in mapping.rules {
            if case .set(let set) = rule.action { settings.append(set) }
        }
        var needed = mapping.extractions.map(\.column)
        for set in settings {
            for template in [set.description, set.memo, set.account] { needed += template?.columns ?? [] }
        }
        let missing = needed.filter { binding.position(of: $0) == nil }.map(\.description)
        if !missing.isEmpty {
            throw CSVError(
                .headerMismatch(
                    mapping: mapping.name, missing: missing, expected: mapping.requiredColumnNames + missing,
                    found: binding.header),
                at: headerLocation)
        }
        var extractions: [Int: CellExtraction] = [:]
        for extraction in mapping.extractions {
            if let position = binding.position(of: extraction.column) { extractions[position] = extraction }
        }
        self.extractions = extractions
    }

    var hasExtractions: Bool { !extractions.isEmpty }

    /// The first rule whose conditions all hold, applied over the mapping's `"set"`.
    ///
    /// Conditions read the cells as written (trimmed), before any extraction.
    func outcome(of row: CSVRow, _ normaliser: inout RowNormaliser) throws(CSVError) -> Outcome {
        for rule in rules where try holds(rule.conditions, row, &normaliser) {
            switch rule.action {
            case .skip: return .skip
            case .set(let set): return .read(base.map { $0.overridden(by: set) } ?? set)
            }
        }
        return .read(base)
    }

    /// The row with each extracted column replaced by the value its pattern captures.
    ///
    /// - Throws: ``CSVError`` `.badValue` at a non-empty cell the pattern doesn't match.
    func extracted(_ row: CSVRow, _ normaliser: inout RowNormaliser) throws(CSVError) -> CSVRow {
        var result = CSVRow()
        result.reset(line: row.line)
        for field in 0..<row.count {
            let span = row.span(field)
            result.startField(line: span.line, column: span.column)
            if let extraction = extractions[field], !row.isEmpty(field) {
                let text = try normaliser.text(row, field)
                guard let value = extraction.value(in: text) else {
                    throw CSVError(
                        .badValue(
                            column: binding.name(at: field), found: text,
                            expected: "a value the \"extract\" pattern \"\(extraction.source)\" matches"),
                        at: row.location(of: field, file: file))
                }
                Array(value.utf8).withUnsafeBufferPointer { result.append($0) }
            } else {
                row.withPlainField(field) { result.append($0) }
            }
            result.endField()
        }
        return result
    }

    // MARK: - Conditions

    private func holds(_ conditions: [RowCondition], _ row: CSVRow, _ normaliser: inout RowNormaliser)
        throws(CSVError) -> Bool
    {
        for condition in conditions where !(try holds(condition, row, &normaliser)) { return false }
        return true
    }

    private func holds(_ condition: RowCondition, _ row: CSVRow, _ normaliser: inout RowNormaliser)
        throws(CSVError) -> Bool
    {
        if case .width(let low, let high) = condition.test {
            return (low.map { row.count >= $0 } ?? true) && (high.map { row.count <= $0 } ?? true)
        }
        let positions: Range<Int>
        if let column = condition.column {
            // A column the header or the row lacks: only "exists": false holds.
            guard let position = binding.position(of: column), position < row.count else {
                if case .exists(let flag) = condition.test { return !flag }
                return false
            }
            positions = position..<position + 1
        } else {
            positions = 0..<row.count
        }
        for position in positions {
            switch condition.test {
            case .exists(let flag):
                return flag
            case .equals(let value):
                if try normaliser.text(row, position) == value { return true }
            case .matches(let pattern):
                let text = try normaliser.text(row, position)
                if pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { return true }
            case .width:
                return false
            }
        }
        return false
    }
}
