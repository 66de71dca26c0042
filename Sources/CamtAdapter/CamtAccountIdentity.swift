import LedgerCore

/// Who a camt statement belongs to: `Acct/Id/IBAN` (else `Acct/Id/Othr/Id`) and the servicing
/// bank (`Acct/Svcr/FinInstnId/Nm`, else its BIC).
///
/// **Naming rule.** `<servicer> ••••<last 4 of the account number>`, for example
/// `Beispielbank ••••3000`: the servicer's name, else its BIC, else `camt`. Two different accounts
/// of one file that come out with the same name: the later one gets four hex digits of a stable
/// hash of its full identity (`… ••••3000 (7f3a)`), as OFX accounts do.
struct CamtAccountIdentity: Sendable, Hashable {
    /// The IBAN or other account number. Never shown unmasked.
    var number: String
    var servicer: String?

    /// The identity a statement's account states, or `nil` when it names no account number.
    init?(_ record: CamtAccountRecord) {
        guard let number = record.iban ?? record.otherID, !number.isEmpty else { return nil }
        self.number = number
        servicer = record.servicerName ?? record.servicerBIC
    }

    /// `••••1234`.
    var maskedNumber: String { AccountReference.mask(number) }

    /// The servicer as shown in the name.
    var institution: String {
        guard let servicer, !servicer.isEmpty else { return "camt" }
        return servicer
    }

    /// The derived ledger name, before any collision suffix.
    var name: String { "\(institution) \(maskedNumber)" }

    /// Four hex digits of a stable hash of the full identity (FNV-1a; the same on every run).
    var shortHash: String {
        var hash = FNV1a()
        hash.combine(utf8: institution + "\u{1F}" + number)
        let hex = String(hash.value & 0xFFFF, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Asset, except a card or loan account (`Acct/Tp/Cd` `CARD`, `LOAN`), which owes money.
    static func kind(typeCode: String?) -> AccountKind {
        switch typeCode {
        case "CARD", "LOAN": return .liability
        default: return .asset
        }
    }
}
