import LedgerCore

/// FinanceKit's `CurrencyAmount`: `{"amount": "12.50", "currencyCode": "EUR"}`.
///
/// The amount may be a JSON string or a JSON number; either way its digits are read exactly
/// (never through a floating-point value) and must fit the currency's minor unit. Amounts in a
/// feed are never negative: the `creditDebitIndicator` beside them gives the direction.
public struct FeedCurrencyAmount: Sendable, Hashable {
    /// The exact, positive amount, in the currency of `currencyCode`.
    public var amount: Money

    /// Creates an amount.
    public init(amount: Money) { self.amount = amount }

    /// The ISO 4217 code.
    public var currencyCode: String { amount.currency.code }

    /// Reads `{"amount", "currencyCode"}`.
    ///
    /// - Throws: ``FeedError`` for a missing field, an unknown currency, a negative amount, text
    ///   that is not a decimal, or more decimals than the currency allows.
    static func decode(_ object: JSONObjectReader) throws(FeedError) -> FeedCurrencyAmount {
        let currency = try decodeCurrency(object, "currencyCode")
        let (text, value) = try object.decimalText("amount")
        if text.trimmingCharacters(in: " \t").hasPrefix("-") {
            throw object.error(.negativeAmount(found: text), "amount", at: value)
        }
        var utf8 = text
        let location = object.location(of: value)
        let parsed: Result<(Money, Direction), CoreError> = utf8.withUTF8 { buffer in
            do throws(CoreError) {
                return .success(try Money.parse(bytes: buffer, currency: currency, at: location))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case .success(let (money, _)): return FeedCurrencyAmount(amount: money)
        case .failure(let error): throw object.error(.core(error.reason), "amount", at: value)
        }
    }

    /// Reads a currency code field.
    static func decodeCurrency(_ object: JSONObjectReader, _ key: String) throws(FeedError) -> Currency {
        let code = try object.string(key)
        guard code.count == 3, let currency = Currency(code: code) else {
            throw object.error(.core(.unknownCurrency(found: code)), key)
        }
        return currency
    }
}

extension String {
    /// The text without the given leading and trailing characters.
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var view = Substring(self)
        while let first = view.first, set.contains(first) { view.removeFirst() }
        while let last = view.last, set.contains(last) { view.removeLast() }
        return view
    }
}
