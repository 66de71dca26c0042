import LedgerCore

/// Who an OFX statement belongs to: the account aggregate's fields (`BANKACCTFROM`: BANKID,
/// BRANCHID, ACCTID, ACCTTYPE, OFX 2.2 §11.3.1; `CCACCTFROM`: ACCTID, §11.3.2; `INVACCTFROM`:
/// BROKERID, ACCTID, §13.6.1) and the institution from the signon response (`FI`: ORG, FID).
///
/// **Naming rule.** The ledger account is named `<institution> <type> ••••<last 4 of ACCTID>`,
/// for example `Example Bank checking ••••4321` or `Example Card card ••••9876`: stable across
/// downloads, readable, and never showing the full number. The institution is `FI/ORG`, else
/// `FI <FID>`, else the `BROKERID`, else `bank <BANKID>`, else `OFX`. Should two different accounts of one file come
/// out with the same name, the later one gets a suffix made of a stable hash of its full identity
/// (`… ••••4321 (7f3a)`). `--account NAME` replaces the derived name when the file holds
/// statements of exactly one account; a second account is then an error.
struct OFXAccountIdentity: Sendable, Hashable {
    /// Which statement aggregate the account comes from.
    enum Kind: Sendable, Hashable {
        /// `STMTRS` with `BANKACCTFROM`.
        case bank
        /// `CCSTMTRS` with `CCACCTFROM`.
        case creditCard
        /// `INVSTMTRS` with `INVACCTFROM`.
        case investment
    }

    var kind: Kind
    /// BANKID (bank routing number), when given.
    var bankID: String?
    /// BRANCHID, when given.
    var branchID: String?
    /// ACCTID: the account number. Never shown unmasked.
    var accountID: String?
    /// ACCTTYPE: CHECKING, SAVINGS, MONEYMRKT, CREDITLINE, CD.
    var accountType: String?
    /// BROKERID (investment), when given.
    var brokerID: String?

    /// Asset or liability: a card and a credit line owe money, everything else holds it.
    var accountKind: AccountKind {
        switch kind {
        case .creditCard: return .liability
        case .investment: return .asset
        case .bank: return accountType?.uppercased() == "CREDITLINE" ? .liability : .asset
        }
    }

    /// The account type in words, for the name.
    var typeLabel: String {
        switch kind {
        case .creditCard: return "card"
        case .investment: return "investment"
        case .bank:
            switch accountType?.uppercased() {
            case "CHECKING": return "checking"
            case "SAVINGS": return "savings"
            case "MONEYMRKT": return "money market"
            case "CREDITLINE": return "credit line"
            case "CD": return "CD"
            default: return "account"
            }
        }
    }

    /// `••••1234`.
    var maskedNumber: String { AccountReference.mask(accountID ?? "") }

    /// The derived ledger name, before any collision suffix.
    func name(institution: String?) -> String {
        "\(institutionName(institution)) \(typeLabel) \(maskedNumber)"
    }

    /// The institution as shown in the name.
    func institutionName(_ organisation: String?) -> String {
        if let organisation, !organisation.isEmpty { return organisation }
        if let brokerID, !brokerID.isEmpty { return brokerID }
        if let bankID, !bankID.isEmpty { return "bank \(bankID)" }
        return "OFX"
    }

    /// Four hex digits of a stable hash of the full identity (FNV-1a; the same on every run).
    var shortHash: String {
        var hash = FNV1a()
        let parts = ["\(kind)", bankID ?? "", branchID ?? "", accountID ?? "", brokerID ?? ""]
        hash.combine(utf8: parts.joined(separator: "\u{1F}"))
        let hex = String(hash.value & 0xFFFF, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }
}

extension OFXAccountIdentity {
    /// An identity with only its kind known, filled in as the account aggregate is read.
    init(kind: Kind) {
        self.init(kind: kind, bankID: nil, branchID: nil, accountID: nil, accountType: nil, brokerID: nil)
    }
}
