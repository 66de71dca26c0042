import LedgerCore

/// What the records after a `!Type:` or `!Account` header are.
enum QIFSection: Equatable {
    /// Before the first header.
    case none
    /// A register of one account: `Bank`, `Cash`, `Oth A` (assets), `CCard`, `Oth L` (liabilities).
    case transactions(AccountKind)
    /// `!Account`: account records (`N` name, `T` type).
    case accounts
    /// Records read and counted, never imported: investment transactions, category and class
    /// lists, memorized transactions, securities, prices.
    case skipped(reason: String)

    /// The section a `!Type:NAME` header opens (NAME compared without case or surrounding spaces),
    /// `nil` for a name QIF doesn't define.
    static func named(_ name: String) -> QIFSection? {
        switch name.lowercased() {
        case "bank", "cash", "oth a": return .transactions(.asset)
        case "ccard", "oth l": return .transactions(.liability)
        case "invst": return .skipped(reason: "investment transactions (!Type:Invst)")
        case "cat": return .skipped(reason: "category list entries (!Type:Cat)")
        case "class": return .skipped(reason: "class list entries (!Type:Class)")
        case "memorized": return .skipped(reason: "memorized transactions (!Type:Memorized)")
        case "security": return .skipped(reason: "securities (!Type:Security)")
        case "prices": return .skipped(reason: "security prices (!Type:Prices)")
        default: return nil
        }
    }

    /// An account record's kind from its `T` line (`Bank`, `CCard`, `Oth L`, `Invst`, ...), `nil`
    /// for a type QIF doesn't define.
    static func accountKind(_ type: String) -> AccountKind? {
        switch type.lowercased() {
        case "bank", "cash", "oth a", "invst", "port", "mutual", "401(k)/403(b)": return .asset
        case "ccard", "oth l": return .liability
        default: return nil
        }
    }
}
