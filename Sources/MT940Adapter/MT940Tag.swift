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

    /// The tag from its text between the colons (`61`, `60F`).
    init(_ name: some Collection<UInt8>) {
        switch String(decoding: name, as: UTF8.self) {
        case "20": self = .reference
        case "21": self = .relatedReference
        case "25", "25P": self = .account
        case "28C", "28": self = .statementNumber
        case "60F": self = .openingFinal
        case "60M": self = .openingIntermediate
        case "61": self = .statementLine
        case "86": self = .information
        case "62F": self = .closingFinal
        case "62M": self = .closingIntermediate
        case "64": self = .available
        case "65": self = .forwardAvailable
        case "34F": self = .floorLimit
        case "13D", "13": self = .dateTime
        case "90D": self = .debitTotal
        case "90C": self = .creditTotal
        default: self = .other
        }
    }
}
