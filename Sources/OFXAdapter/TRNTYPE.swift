/// The transaction types of `<TRNTYPE>` (OFX 2.2 §11.4.4.3).
///
/// The type is informational: the sign of `TRNAMT` alone gives the direction, as the
/// specification says ("amounts are signed from the perspective of the customer"). A type this
/// table doesn't know is read as ``OTHER`` rather than refused, because banks invent some.
// swift-format-ignore: AlwaysUseLowerCamelCase
// Spec names stay spec names inside OFXAdapter (STYLE.md): `.STMTTRN`, not `.stmtTrn`.
enum TRNTYPE: String, CaseIterable, Sendable {
    /// Generic credit.
    case CREDIT
    /// Generic debit.
    case DEBIT
    /// Interest earned or paid (the sign says which).
    case INT
    /// Dividend.
    case DIV
    /// Financial institution fee.
    case FEE
    /// Service charge.
    case SRVCHG
    /// Deposit.
    case DEP
    /// ATM debit or credit (the sign says which).
    case ATM
    /// Point of sale debit or credit (the sign says which).
    case POS
    /// Transfer.
    case XFER
    /// Check.
    case CHECK
    /// Electronic payment.
    case PAYMENT
    /// Cash withdrawal.
    case CASH
    /// Direct deposit.
    case DIRECTDEP
    /// Merchant initiated debit.
    case DIRECTDEBIT
    /// Repeating payment or standing order.
    case REPEATPMT
    /// Hold on funds (OFX 2.1.1 and later).
    case HOLD
    /// Other.
    case OTHER

    /// Reads a type, case-insensitively; unknown text is ``OTHER``.
    init(reading text: String) {
        self = TRNTYPE(rawValue: text.uppercased()) ?? .OTHER
    }

    /// Reads a type from an element's bytes (spaces around it ignored), case-insensitively;
    /// unknown text is ``OTHER``. No string is made: the bytes are packed into two words and
    /// compared with each type's spelling. Text with an entity reference is decoded first.
    init(reading bytes: UnsafeBufferPointer<UInt8>) {
        let text = OFXText.trimmed(bytes)
        if text.contains(UInt8(ascii: "&")) {
            self.init(reading: OFXText.decode(bytes))
            return
        }
        self = TRNTYPE.packed(text).flatMap { key in TRNTYPE.spellings.first { $0.key == key }?.type } ?? .OTHER
    }

    // MARK: - Private helpers

    /// Each type with its packed spelling.
    private static let spellings: [(key: PackedName, type: TRNTYPE)] = allCases.compactMap { type in
        Array(type.rawValue.utf8).withUnsafeBufferPointer { packed($0) }.map { ($0, type) }
    }

    private struct PackedName: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    /// Up to 16 bytes, upper-cased, in two words; `nil` for longer text (no type is that long).
    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> PackedName? {
        guard bytes.count <= 16 else { return nil }
        var name = PackedName()
        for (index, byte) in bytes.enumerated() {
            let upper = UInt64(OFXTagTable.upper(byte))
            if index < 8 {
                name.low |= upper << (8 * UInt64(index))
            } else {
                name.high |= upper << (8 * UInt64(index - 8))
            }
        }
        return name
    }
}
