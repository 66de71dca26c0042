import LedgerCore

/// Bad QIF input, located at the line (and column) where it was found.
///
/// Its description is a compiler-style diagnostic:
///
///     march.qif:14:1: error: T "12,3.4" is not an amount; expected digits with one '.' and ',' between groups of three
public struct QIFError: LocatedError, Hashable {
    /// Why the input was refused.
    public enum Reason: Sendable, Hashable {
        /// The file has no `!Type:` header before its first record.
        case notQIF(found: String)
        /// The file is UTF-16 text (it starts with a UTF-16 byte-order mark).
        case utf16Text
        /// A `!Type:` this reader does not know.
        case unknownType(found: String)
        /// A record has no field it needs (`D`, or `T`/`U`).
        case missingField(String)
        /// A field code this reader does not know inside a transaction record.
        case unknownField(found: String)
        /// A field's text is not an amount, or a cleared mark, or another value of its kind.
        case badValue(field: String, found: String, expected: String)
        /// `T` and `U` both given and different.
        case amountsDisagree(t: String, u: String)
        /// The text is not a date in any of the styles QIF files use.
        case notADate(found: String)
        /// No date settles the day/month order, and some need it.
        case ambiguousDates(first: String, count: Int)
        /// A date that reads only in the other day/month order than the one chosen.
        case contradictingDate(found: String, order: QIFDateOrder, settledBy: String)
        /// The split lines don't add up to the transaction's amount.
        case splitsDontAddUp(sum: String, total: String)
        /// A split line (`S` or `E`) without its amount (`$`).
        case splitWithoutAmount
        /// `--account` names one ledger account but the file holds several.
        case accountOptionWithSeveralAccounts(first: String, second: String)
        /// The file ends inside a record (no closing `^`).
        case truncated
        /// A line longer than the reader accepts.
        case lineTooLong(limit: Int)
        /// The adapter option `date-order` has a value other than `dmy` or `mdy`.
        case badDateOrderOption(found: String)
        /// A state the reader's own checks rule out (a bug in ledgerport, not in the file): what it
        /// had checked.
        case internalError(String)
        /// The adapter option `decimal` has a value other than `point` or `comma`.
        case badDecimalOption(found: String)
    }

    /// Where the problem is.
    public var location: SourceLocation
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// An ambiguous file fails before its first record is imported.
    public var precedesRecords: Bool {
        switch reason {
        case .ambiguousDates, .utf16Text: return true
        default: return false
        }
    }

    /// What was found and what was expected.
    public var message: String {
        switch reason {
        case .notQIF(let found):
            return
                "\(quotedExcerpt(found)) is not a QIF header; expected !Type:Bank, !Type:CCard, !Account or another !Type: line first"
        case .utf16Text:
            return
                "UTF-16 text: convert to UTF-8 (a UTF-16 byte-order mark was found); expected QIF in UTF-8 or Windows-1252"
        case .unknownType(let found):
            return "\(quotedExcerpt(found)) is not a QIF type; expected !Type: Bank, Cash, CCard, Oth A, Oth L or Invst"
        case .missingField(let field):
            return "the record has no \(field); expected one before its closing ^"
        case .unknownField(let found):
            return
                "\(quotedExcerpt(found)) is not a QIF transaction field; expected a line starting with D, T, U, N, P, M, A, L, C, S, E, $, % or ^"
        case .badValue(let field, let found, let expected):
            return "\(field) \(quotedExcerpt(found)) is not \(expected)"
        case .amountsDisagree(let t, let u):
            return "T \(quotedExcerpt(t)) and U \(quotedExcerpt(u)) disagree; expected the same amount in both"
        case .notADate(let found):
            return
                "D \(quotedExcerpt(found)) is not a date; expected M/D/YYYY, D/M/YYYY, M/D'YY, MM-DD-YY or YYYY-MM-DD naming a real day"
        case .ambiguousDates(let first, let count):
            return
                "no date says whether the day or the month comes first: \(count) read both ways (the first is \(quotedExcerpt(first))) and none has a day above 12; expected --option date-order=dmy or date-order=mdy"
        case .contradictingDate(let found, let order, let settledBy):
            return
                "D \(quotedExcerpt(found)) can't be read \(order.name), the order \(settledBy) settled; expected every date in one order (or --option date-order)"
        case .splitsDontAddUp(let sum, let total):
            return "the split lines ($) add up to \(sum); expected the transaction's amount \(total)"
        case .splitWithoutAmount:
            return "a split line (S or E) has no amount; expected a $ line in each split"
        case .accountOptionWithSeveralAccounts(let first, let second):
            return
                "--account names one ledger account, but this file holds \(first) and \(second); expected a file with one account, or no --account"
        case .truncated:
            return "the file ends inside a record; expected its closing ^ (truncated download?)"
        case .lineTooLong(let limit):
            return "a line runs on for more than \(limit) bytes; expected QIF lines of at most that"
        case .badDateOrderOption(let found):
            return "date-order \(quotedExcerpt(found)) is not an order; expected dmy or mdy"
        case .internalError(let checked):
            return
                "internal error: the record's date has no day in the file's order, though \(checked); expected a day (please report this with the file)"
        case .badDecimalOption(let found):
            return "decimal \(quotedExcerpt(found)) is not a decimal mark; expected point or comma"
        }
    }
}
