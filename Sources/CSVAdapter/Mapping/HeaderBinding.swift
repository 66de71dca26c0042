import Foundation
import LedgerCore

/// A mapping's columns bound to positions in one file's rows.
///
/// Named columns are found in the header by trimmed, case-insensitive name; positions are
/// 1-based in the mapping and 0-based here. A needed column the header lacks is an error that
/// shows the header the mapping expects beside the one found.
struct HeaderBinding: Sendable {
    /// The number of fields a row should have (the header's, or the widest index used).
    let fieldCount: Int
    /// The header's names, as found (empty without a header row).
    let header: [String]
    private let positions: [String: Int]
    private let optional: Set<String>

    /// Binds a mapping to a header row.
    ///
    /// - Throws: ``CSVError`` `.headerMismatch` at the header's line when a needed name is missing.
    init(mapping: CSVMapping, header: [String], headerLocation: SourceLocation) throws(CSVError) {
        self.header = header
        self.optional = mapping.optionalColumns
        var positions: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            let key = MappingMatcher.key(name)
            if positions[key] == nil { positions[key] = index }
        }
        self.positions = positions
        if mapping.hasHeader {
            fieldCount = header.count
            var missing = mapping.requiredColumnNames.filter { positions[MappingMatcher.key($0)] == nil }
            for reference in HeaderBinding.allReferences(of: mapping) {
                if case .index(let index) = reference, index > header.count { missing.append(reference.description) }
            }
            if !missing.isEmpty {
                throw CSVError(
                    .headerMismatch(
                        mapping: mapping.name, missing: missing,
                        expected: mapping.signature.isEmpty ? mapping.requiredColumnNames : mapping.signature,
                        found: header),
                    at: headerLocation)
            }
        } else {
            var widest = 0
            for reference in HeaderBinding.allReferences(of: mapping) {
                if case .index(let index) = reference { widest = max(widest, index) }
            }
            fieldCount = widest
        }
    }

    /// The 0-based position of a column, or `nil` for an optional column the file lacks.
    func position(of reference: ColumnReference?) -> Int? {
        switch reference {
        case .none: return nil
        case .index(let index)?: return index - 1
        case .name(let name)?: return positions[MappingMatcher.key(name)]
        }
    }

    /// The name shown in messages for a position.
    func name(at position: Int) -> String {
        position < header.count ? header[position].trimmingBlanks() : "#\(position + 1)"
    }

    static func allReferences(of mapping: CSVMapping) -> [ColumnReference] {
        var references: [ColumnReference?] = [mapping.date.column, mapping.transactionDate?.column]
        references += mapping.amount.columns.map(Optional.some)
        references += mapping.description.map(Optional.some) + mapping.memo.map(Optional.some)
        references += [mapping.externalID, mapping.balance, mapping.currencyColumn, mapping.status?.column]
        references += [mapping.accountColumn, mapping.fee?.column, mapping.fee?.net]
        references += mapping.skipRules.map(\.column)
        return references.compactMap { $0 }
    }
}
