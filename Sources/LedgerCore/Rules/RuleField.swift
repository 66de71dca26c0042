/// A value a rule can set on a transaction.
///
/// The raw value is the field's bit in the store's `rule_set` and `hand_set` masks (migration 15):
/// shipped values never change.
public enum RuleField: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case category = 1
    case payee = 2
    case note = 4
    case tags = 8
    case counterAccount = 16

    /// The field's key in a rules file's `set` and in JSON output.
    public var key: String {
        switch self {
        case .category: return "category"
        case .payee: return "payee"
        case .note: return "note"
        case .tags: return "tags"
        case .counterAccount: return "counterAccount"
        }
    }

    /// The field named by its key, or `nil`.
    public init?(key: String) {
        guard let field = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = field
    }

    public var description: String { key }

    /// The fields whose bits are set in a mask.
    public static func fields(in mask: Int) -> [RuleField] { allCases.filter { mask & $0.rawValue != 0 } }

    /// The mask with the bits of these fields.
    public static func mask(_ fields: some Sequence<RuleField>) -> Int { fields.reduce(0) { $0 | $1.rawValue } }
}
