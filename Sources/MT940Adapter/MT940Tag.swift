/// The SWIFT field tags of MT940 (customer statement) and MT942 (interim transaction report)
/// that ledgerport reads; any other tag is kept as ``other`` and ignored.
///
/// Field names follow SWIFT's Category 9 (Cash Management) message reference guide.
enum MT940Tag: Sendable, Hashable {
    /// `:20:` transaction reference number; starts a message.
    case reference
    /// `:21:` related reference.
    case relatedReference
    /// `:25:` account identification (IBAN, or bank code/account number).
    case account
    /// `:28C:` (or `:28:`) statement number / sequence number.
    case statementNumber
    /// `:60F:` first opening balance of a statement.
    case openingFinal
    /// `:60M:` intermediate opening balance: the statement continues from the previous message.
    case openingIntermediate
    /// `:61:` statement line.
    case statementLine
    /// `:86:` information to the account owner (for the preceding `:61:`, else for the message).
    case information
    /// `:62F:` closing balance of a statement.
    case closingFinal
    /// `:62M:` intermediate closing balance: the statement continues in the next message.
    case closingIntermediate
    /// `:64:` closing available balance.
    case available
    /// `:65:` forward available balance.
    case forwardAvailable
    /// MT942 `:34F:` floor limit indicator (its currency is the report's).
    case floorLimit
    /// MT942 `:13D:` (or `:13:`) date-time indication.
    case dateTime
    /// MT942 `:90D:` number and sum of debit entries.
    case debitTotal
    /// MT942 `:90C:` number and sum of credit entries.
    case creditTotal
    /// Any other tag.
    case other

    /// The tag from its text between the colons (`61`, `60F`): two digits and an optional letter.
    init(_ name: some Collection<UInt8>) {
        var iterator = name.makeIterator()
        let first = iterator.next() ?? 0
        let second = iterator.next() ?? 0
        let letter = iterator.next() ?? 0
        let number = Int(first &- 0x30) * 10 + Int(second &- 0x30)
        switch (number, letter) {
        case (20, 0): self = .reference
        case (21, 0): self = .relatedReference
        case (25, 0), (25, UInt8(ascii: "P")): self = .account
        case (28, 0), (28, UInt8(ascii: "C")): self = .statementNumber
        case (60, UInt8(ascii: "F")): self = .openingFinal
        case (60, UInt8(ascii: "M")): self = .openingIntermediate
        case (61, 0): self = .statementLine
        case (86, 0): self = .information
        case (62, UInt8(ascii: "F")): self = .closingFinal
        case (62, UInt8(ascii: "M")): self = .closingIntermediate
        case (64, 0): self = .available
        case (65, 0): self = .forwardAvailable
        case (34, UInt8(ascii: "F")): self = .floorLimit
        case (13, 0), (13, UInt8(ascii: "D")): self = .dateTime
        case (90, UInt8(ascii: "D")): self = .debitTotal
        case (90, UInt8(ascii: "C")): self = .creditTotal
        default: self = .other
        }
    }

    /// The tag as messages name it (`:61:`, `:60F:`).
    var label: String {
        switch self {
        case .reference: return ":20:"
        case .relatedReference: return ":21:"
        case .account: return ":25:"
        case .statementNumber: return ":28C:"
        case .openingFinal: return ":60F:"
        case .openingIntermediate: return ":60M:"
        case .statementLine: return ":61:"
        case .information: return ":86:"
        case .closingFinal: return ":62F:"
        case .closingIntermediate: return ":62M:"
        case .available: return ":64:"
        case .forwardAvailable: return ":65:"
        case .floorLimit: return ":34F:"
        case .dateTime: return ":13D:"
        case .debitTotal: return ":90D:"
        case .creditTotal: return ":90C:"
        case .other: return "the field"
        }
    }
}
