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
