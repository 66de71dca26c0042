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
}
