/// A column by header name (trimmed, case-insensitive) or by 1-based position.
enum ColumnReference: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case index(Int)

    var description: String {
        switch self {
        case .name(let name): return name
        case .index(let index): return "#\(index)"
        }
    }
}
