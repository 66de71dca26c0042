import LedgerCore

/// Bad MT940 or MT942 input, located at the field (or the character in it) where it was found.
///
/// Its description is a compiler-style diagnostic:
///
///     march.sta:14:12: error: :61: amount "12,3,4" is not an amount; expected digits with one decimal comma
public struct MT940Error: LocatedError, Hashable {
    /// Why the input was refused.
    public enum Reason: Sendable, Hashable {
        /// The file holds no `:20:` … `:25:` message; `firstLine` is its first line that is not
        /// blank (empty for an empty file).
        case notMT940(firstLine: String)
        /// The file is UTF-16 text (it starts with a UTF-16 byte-order mark).
        case utf16Text
        /// A message lacks a field the statement needs (`:25:` before `:61:`, `:62F:` at its end).
        case missingField(tag: String, expected: String)
        /// A field's text does not have the field's layout.
        case badField(tag: String, found: String, expected: String)
        /// An amount that is not digits with one decimal comma.
        case notAnAmount(tag: String, found: String)
        /// An amount with more decimals than its currency allows.
        case tooPrecise(tag: String, found: String, currency: String, digits: Int)
        /// An amount that does not fit in 64 bits of minor units.
        case amountOverflow(tag: String, found: String)
        /// A date that is not YYMMDD (or MMDD) naming a real day.
        case notADate(tag: String, found: String)
        /// A currency code that is not ISO 4217.
        case unknownCurrency(tag: String, found: String)
        /// A balance in another currency than the statement's.
        case currencyMismatch(tag: String, found: String, expected: String)
        /// A statement's opening balance differs from the previous statement's closing balance.
        case brokenBalanceChain(opening: String, closing: String, closingTag: String, closingAt: SourceLocation)
        /// A statement's opening balance differs from the previous one's closing balance, and its
        /// `:28C:` number or its date is lower: the file lists the statements newest first.
        case statementsOutOfOrder(earlier: String, later: String, closingAt: SourceLocation)
        /// MT942 `:90D:`/`:90C:` totals that differ from the lines of the message.
        case totalsMismatch(tag: String, stated: String, counted: String)
        /// `--account` names one ledger account but the file holds statements of several.
        case accountOptionWithSeveralAccounts(first: String, second: String)
        /// Text outside any field of a message.
        case unexpectedText(found: String)
        /// The adapter option `encoding` names no encoding this adapter knows.
        case badEncodingOption(found: String)
        /// A line runs on for more than `limit` bytes.
        case lineTooLong(limit: Int)
        /// The adapter option `mt942` has a value other than `booked` or `pending`.
        case badMT942Option(found: String)
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

    /// Whether the file failed before its first record.
    public var precedesRecords: Bool {
        switch reason {
        case .notMT940, .utf16Text: return true
        default: return false
        }
    }

    /// What was found and what was expected.
    public var message: String {
        switch reason {
        case .notMT940(let firstLine):
            let found = firstLine.isEmpty ? "the file is empty" : "the first line is \(quotedExcerpt(firstLine))"
            return
                "no MT940 message (\(found)); expected SWIFT fields :20:, :25:, :28C: and :60F: (or MT942's :34F:) at line starts"
        case .utf16Text:
            return
                "UTF-16 text: convert to UTF-8 (a UTF-16 byte-order mark was found); expected MT940 in UTF-8 or Windows-1252"
        case .missingField(let tag, let expected):
            return "no \(tag) field; expected \(expected)"
        case .badField(let tag, let found, let expected):
            return "\(tag) \(quotedExcerpt(found)) is not valid; expected \(expected)"
        case .notAnAmount(let tag, let found):
            return
                "\(tag) amount \(quotedExcerpt(found)) is not an amount; expected digits with one decimal comma (1234,56)"
        case .tooPrecise(let tag, let found, let currency, let digits):
            return
                "\(tag) amount \(quotedExcerpt(found)) has more decimals than \(currency) allows; expected at most \(digits)"
        case .amountOverflow(let tag, let found):
            return "\(tag) amount \(quotedExcerpt(found)) is too large; expected \(Money.largestAmountText)"
        case .notADate(let tag, let found):
            return
                "\(tag) date \(quotedExcerpt(found)) is not a date; expected YYMMDD (entry date MMDD) naming a real day"
        case .unknownCurrency(let tag, let found):
            return "\(tag) currency \(quotedExcerpt(found)) is not a currency; expected an ISO 4217 code such as EUR"
        case .currencyMismatch(let tag, let found, let expected):
            return "\(tag) is in \(found); expected the statement's currency \(expected)"
        case .brokenBalanceChain(let opening, let closing, let closingTag, let closingAt):
            return
                "opening balance \(opening) differs from the previous statement's closing balance \(closing) (\(closingTag) at \(closingAt)); expected them equal (a statement missing between them?)"
        case .statementsOutOfOrder(let earlier, let later, let closingAt):
            return
                "statements out of order (statement \(earlier), closed at \(closingAt), before statement \(later)); expected an account's statements oldest first"
        case .totalsMismatch(let tag, let stated, let counted):
            return "\(tag) states \(stated) but the message's lines make \(counted); expected them equal"
        case .accountOptionWithSeveralAccounts(let first, let second):
            return
                "--account names one ledger account, but this file holds statements for \(first) and \(second); expected a file with one account, or no --account"
        case .unexpectedText(let found):
            return
                "\(quotedExcerpt(found)) is outside any field; expected a line starting with a tag such as :61: or :86:"
        case .badEncodingOption(let found):
            return
                "--option encoding=\(found) is not an encoding; expected auto, windows-1250, iso-8859-2 or windows-1252"
        case .lineTooLong(let limit):
            return "a line runs on for more than \(limit) bytes; expected MT940 lines of at most a few hundred"
        case .badMT942Option(let found):
            return "mt942 \(quotedExcerpt(found)) is not a status; expected booked or pending"
        }
    }
}
