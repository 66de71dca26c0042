import Foundation
import LedgerCore

/// Labelled lines above the header or below the rows: the account number, the period, an
/// opening or closing balance, the currency.
///
/// A line matches a rule when its first non-empty field starts with the rule's label (trimmed,
/// case-insensitive, a trailing `:` ignored); the longest matching label wins. Its value is the
/// next non-empty fields, or the text after `:` in the label field itself (`Account: ••••1234`).
/// Values are kept as text and read at the end, once the date format is known.
struct StatementLines {
    struct Found: Sendable {
        var label: String
        var values: [String]
        var location: SourceLocation
        /// The amount format and currency of the rule the line matched.
        var syntax: AmountSyntax?
        var currency: Currency?
    }

    let rules: [StatementLineRule]
    /// The commodities a currency line may name beyond ISO 4217.
    let commodities: CommodityTable
    private(set) var found: [StatementLineRule.Role: Found] = [:]

    init(rules: [StatementLineRule], commodities: CommodityTable = CommodityTable()) {
        self.rules = rules
        self.commodities = commodities
    }

    /// Checks a row against the rules; returns whether it was a statement line.
    @discardableResult
    mutating func consider(_ fields: [String], location: SourceLocation) -> Bool {
        let trimmed = fields.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let labelIndex = trimmed.firstIndex(where: { !$0.isEmpty }) else { return false }
        var label = trimmed[labelIndex]
        var values = trimmed[(labelIndex + 1)...].filter { !$0.isEmpty }
        if values.isEmpty, let colon = label.firstIndex(of: ":") {
            let after = label[label.index(after: colon)...].trimmingBlanks()
            if !after.isEmpty { values = [after] }
            label = String(label[..<colon])
        }
        while label.hasSuffix(":") { label.removeLast() }
        let key = label.lowercased()
        // The longest matching label wins: "Kontostand" before "Konto".
        let matching = rules.filter { key.hasPrefix($0.label.lowercased()) && found[$0.role] == nil }
        guard let rule = matching.max(by: { $0.label.count < $1.label.count }) else { return false }
        found[rule.role] = Found(
            label: label, values: Array(values), location: location, syntax: rule.amountSyntax,
            currency: rule.currency)
        return true
    }

    /// The account number or name a line gave.
    var account: String? { found[.account]?.values.first }

    /// The currency a line gave.
    var currency: Currency? { found[.currency]?.values.first.flatMap { commodities.currency(code: $0) } }

    /// The first and last day of the period line, read with `format`.
    func period(format: DateFormat?) -> (start: Day?, end: Day?) {
        guard let line = found[.period] else { return (nil, nil) }
        let days = StatementLines.days(in: line.values + [line.label], format: format)
        return (days.first, days.count > 1 ? days.last : nil)
    }

    /// The opening and closing balances the lines state.
    ///
    /// - Parameters:
    ///   - syntax: the rows' amount format, for a line whose rule declares none.
    ///   - firstDay, lastDay: the chronologically first and last transaction days, used when
    ///     neither the line nor the period gives a day.
    /// - Throws: ``CSVError`` when a balance line's amount can't be read.
    func balances(
        account: String, currency: Currency, syntax: AmountSyntax, invert: Bool, format: DateFormat?,
        firstDay: Day?, lastDay: Day?
    ) throws(CSVError) -> [StatementBalance] {
        var result: [StatementBalance] = []
        let period = period(format: format)
        for (role, kind) in [
            (StatementLineRule.Role.openingBalance, StatementBalance.Kind.opening), (.closingBalance, .ledger),
        ] {
            guard let line = found[role] else { continue }
            // A line may write its amount its own way (`Saldo: -76.77 EUR` under rows in `1.234,56`).
            let syntax = line.syntax ?? syntax
            if let stated = line.currency, stated != currency {
                throw CSVError(
                    .badValue(
                        column: line.label, found: line.values.joined(separator: " "),
                        expected: "a balance in \(currency.code), the account's currency (the mapping says "
                            + "this line is in \(stated.code))"),
                    at: line.location)
            }
            let ownDay = StatementLines.days(in: line.values + [line.label], format: format).first
            var amountText: String?
            var signed: Int64?
            var scratch: [UInt8] = []
            for value in line.values where StatementLines.days(in: [value], format: format).isEmpty {
                var copy = value
                var code: String?
                if let number = copy.withUTF8({ syntax.number($0, scratch: &scratch, code: &code) }),
                    code == nil || code == currency.code,
                    let (money, direction) = try? Money.exactly(number, currency: currency)
                {
                    amountText = value
                    signed = money.signedMinorUnits(direction) * (invert ? -1 : 1)
                    break
                }
            }
            guard let signed else {
                throw CSVError(
                    .badValue(
                        column: line.label, found: line.values.joined(separator: " "), expected: syntax.expectation),
                    at: line.location)
            }
            _ = amountText
            let day: Day?
            if kind == .opening {
                day = ownDay ?? period.start?.previous ?? firstDay?.previous
            } else {
                day = ownDay ?? period.end ?? lastDay
            }
            guard let day else { continue }
            result.append(
                StatementBalance(
                    account: account, asOf: day, signedMinorUnits: signed, currency: currency, kind: kind,
                    location: line.location))
        }
        return result
    }

    /// The days found among the words of some texts.
    static func days(in texts: [String], format: DateFormat?) -> [Day] {
        let formats = format.map { [$0] } ?? ["yyyy-MM-dd", "dd.MM.yyyy", "dd/MM/yyyy"].compactMap { DateFormat($0) }
        var days: [Day] = []
        for text in texts {
            for word in text.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," || $0 == "\t" }) {
                let token = String(word)
                for candidate in formats {
                    if let day = candidate.day(from: token) {
                        days.append(day)
                        break
                    }
                }
            }
        }
        return days
    }
}
