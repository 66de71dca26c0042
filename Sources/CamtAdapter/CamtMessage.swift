/// Which camt message a document holds, from its root's namespace and first element.
///
/// camt.053 (`BkToCstmrStmt`, end-of-day statements), camt.052 (`BkToCstmrAcctRpt`, intraday
/// account reports) and camt.054 (`BkToCstmrDbtCdtNtfctn`, debit and credit notifications), in
/// versions `.001.02` through `.001.13`.
struct CamtMessage: Sendable, Hashable {
    /// The three messages read.
    enum Kind: String, Sendable, Hashable {
        case statement = "053"
        case report = "052"
        case notification = "054"

        /// The message's element under `<Document>`.
        var container: CamtElement {
            switch self {
            case .statement: return .BkToCstmrStmt
            case .report: return .BkToCstmrAcctRpt
            case .notification: return .BkToCstmrDbtCdtNtfctn
            }
        }

        /// The element of one statement, report or notification in it.
        var item: CamtElement {
            switch self {
            case .statement: return .Stmt
            case .report: return .Rpt
            case .notification: return .Ntfctn
            }
        }
    }

    /// The namespace every camt message's name starts with.
    static let namespacePrefix = "urn:iso:std:iso:20022:tech:xsd:"

    /// The message.
    var kind: Kind
    /// The version's last number: 2 for `.001.02`, 13 for `.001.13`.
    var version: Int

    /// `camt.053.001.08`.
    var name: String { "camt.\(kind.rawValue).001." + (version < 10 ? "0" : "") + String(version) }

    /// The message a namespace names, when it is one this adapter reads.
    ///
    /// - Parameter namespace: the root's namespace URI.
    /// - Returns: the message, or `nil` for any other namespace (another camt message, another
    ///   version, another standard).
    static func named(_ namespace: String) -> CamtMessage? {
        guard namespace.hasPrefix(namespacePrefix) else { return nil }
        let parts = namespace.dropFirst(namespacePrefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "camt", parts[2] == "001", parts[3].count == 2,
            let kind = Kind(rawValue: String(parts[1])), let version = Int(parts[3]), (2...13).contains(version)
        else { return nil }
        return CamtMessage(kind: kind, version: version)
    }
}
