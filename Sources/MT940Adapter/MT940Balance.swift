import LedgerCore

/// A balance field: `:60F:`, `:60M:`, `:62F:`, `:62M:`, `:64:` or `:65:`, laid out as
/// `1!a6!n3!a15d`: mark `C` (credit, the holder's money) or `D` (debit, an overdraft), date
/// YYMMDD, currency, amount with a decimal comma (`C240131EUR1234,56`).
struct MT940Balance {
    /// The balance in signed minor units, negative for a `D` mark.
    var signedMinorUnits: Int64
    /// The date it holds at.
    var day: Day
    /// Its currency.
    var currency: Currency
    /// Which field stated it (`:62F:`).
    var label: String
    /// Where the field's value starts.
    var location: SourceLocation

    /// Reads a balance field.
    init(_ field: MT940Field) throws(MT940Error) {
        let value = field.firstLine
        let text = value.prefix { $0 != 0x20 }
        guard text.count >= 11, let mark = text.first, mark == UInt8(ascii: "C") || mark == UInt8(ascii: "D") else {
            throw MT940Error(
                .badField(
                    tag: field.label, found: MT940Text.decode(value),
                    expected: "mark C or D, date YYMMDD, currency and amount (C240131EUR1234,56)"),
                at: field.location)
        }
        let start = text.startIndex
        day = try MT940Value.day(text[(start + 1)..<(start + 7)], tag: field.label, at: field.location(at: 1))
        currency = try MT940Value.currency(
            text[(start + 7)..<(start + 10)], tag: field.label, at: field.location(at: 7))
        let amount = try MT940Value.amount(
            text[(start + 10)...], currency: currency, tag: field.label, at: field.location(at: 10))
        signedMinorUnits = mark == UInt8(ascii: "D") ? -amount.minorUnits : amount.minorUnits
        label = field.label
        location = field.location
    }

    /// The balance as people read it, with its currency: `-120.00 EUR`.
    var formatted: String { "\(Money.format(signedMinorUnits, currency: currency)) \(currency.code)" }
}
