/// Bad input found while building core values: an amount, a currency, a day or a draft.
///
/// Adapters usually add the field's name with ``inField(_:)`` so that the message says where in the
/// record the bad text was: `<TRNAMT> "12,3.4" is not an amount; expected ...`.
public struct CoreError: LocatedError, Hashable {
    /// Why the input was refused.
    public enum Reason: Sendable, Hashable {
        /// The text is not an amount; `expected` describes what an amount looks like here.
        case notAnAmount(found: String, expected: String)
        /// The amount has more fraction digits than the currency's minor unit.
        case tooPrecise(found: String, currency: String, digits: Int)
        /// The amount does not fit in 64 bits of minor units.
        case overflow(found: String)
        /// The currency code is not an ISO 4217 code known here.
        case unknownCurrency(found: String)
        /// A code that could name a commodity but is neither ISO 4217 nor declared.
        case undeclaredCommodity(found: String)
        /// The text can't be a commodity's code.
        case notACommodityCode(found: String)
        /// A commodity's decimals are out of range.
        case commodityDigits(code: String, found: Int)
        /// An ISO 4217 code declared with other digits than its own.
        case isoDigitsConflict(code: String, isoDigits: Int, declared: Int)
        /// A commodity declared with other digits than it already has.
        case commodityConflict(code: String, declared: Int, existing: Int)
        /// The text is not a calendar day; `expected` names the format.
        case notADay(found: String, expected: String)
        /// A draft's field is missing or empty.
        case missingField(String)
        /// Two values that must share a currency don't.
        case currencyMismatch(String, String)
        /// An amount that must be positive is negative.
        case negativeAmount(found: String)
        /// A text field holds a NUL byte, which no bank's text contains (see ``TextRule``).
        case nulInText(field: String)
        /// A draft's split lines add up to `sum`, not to its amount `total` (both signed, formatted).
        case splitsDontAddUp(sum: String, total: String)
    }

    public var location: SourceLocation
    public var reason: Reason
    /// The field the value came from (`<TRNAMT>`, `column "Amount"`), when known.
    public var field: String?

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation, field: String? = nil) {
        self.reason = reason
        self.location = location
        self.field = field
    }

    /// The same error, naming the field the bad value came from.
    public func inField(_ field: String) -> CoreError {
        var copy = self
        copy.field = field
        return copy
    }

    public var message: String {
        let prefix = field.map { "\($0) " } ?? ""
        switch reason {
        case .notAnAmount(let found, let expected):
            return "\(prefix)\(quotedExcerpt(found)) is not an amount; expected \(expected)"
        case .tooPrecise(let found, let currency, let digits):
            return
                "\(prefix)\(quotedExcerpt(found)) has more decimals than \(currency) allows; expected at most \(digits)"
        case .overflow(let found):
            return "\(prefix)\(quotedExcerpt(found)) is too large; expected \(Money.largestAmountText)"
        case .unknownCurrency(let found):
            return "\(prefix)\(quotedExcerpt(found)) is not a currency; expected an ISO 4217 code such as EUR or USD"
        case .undeclaredCommodity(let found):
            let code = found.trimmingSpaces().uppercased()
            return "\(prefix)\(quotedExcerpt(found)) is neither an ISO 4217 currency nor a declared commodity; "
                + "declare it with its decimals: `ledgerport commodities add \(code) --digits N`, "
                + "or a mapping's \"commodities\" key ({\"\(code)\": N})"
        case .notACommodityCode(let found):
            return "\(prefix)\(quotedExcerpt(found)) is not a commodity code; "
                + "expected 1 to 12 of A-Z, 0-9, '.', '_', '-', starting with a letter"
        case .commodityDigits(let code, let found):
            return "\(prefix)\(code) has \(found) decimals; expected 0 to \(Currency.largestMinorDigits)"
        case .isoDigitsConflict(let code, let isoDigits, let declared):
            return
                "\(prefix)\(code) is an ISO 4217 currency with \(isoDigits) decimals; it can't be declared with \(declared)"
        case .commodityConflict(let code, let declared, let existing):
            return
                "\(prefix)\(code) is declared with \(declared) decimals, but the ledger already has it with \(existing); "
                + "expected \(existing) (amounts are never rescaled)"
        case .notADay(let found, let expected):
            return "\(prefix)\(quotedExcerpt(found)) is not a calendar day; expected \(expected)"
        case .missingField(let name):
            return "\(prefix.isEmpty ? "" : prefix)missing \(name)"
        case .currencyMismatch(let a, let b):
            return "\(prefix)currency \(a) does not match \(b)"
        case .negativeAmount(let found):
            return "\(prefix)\(quotedExcerpt(found)) is negative; expected a positive amount with a direction"
        case .nulInText(let name):
            return "NUL byte in \(name); expected text"
        case .splitsDontAddUp(let sum, let total):
            return "the split lines add up to \(sum); expected the transaction's amount \(total)"
        }
    }
}
