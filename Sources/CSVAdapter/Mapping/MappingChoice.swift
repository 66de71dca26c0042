import LedgerCore

/// The mapping chosen for a file, and why.
public struct MappingChoice: Sendable {
    /// The mapping.
    public var mapping: CSVMapping
    /// The line of the header it matched (0 when named by the user for a header-less file).
    public var headerLine: Int
    /// Why this mapping: named by the user, or which header columns matched and what else matched.
    public var reason: String
    /// The other mappings whose signature also matched, best first.
    public var alsoMatched: [String]
}
