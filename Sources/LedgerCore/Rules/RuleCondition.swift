/// One key of a rule's `when`: every key of a rule must match for the rule to fire.
public enum RuleCondition: Sendable, Hashable {
    /// The account's name is one of these (exact).
    case account([String])
    /// The field's text matches the pattern.
    case text(RuleTextField, TextPattern)
    /// The amount lies between the bounds, both included.
    case amount(min: RuleAmountBound?, max: RuleAmountBound?)
    case direction(Direction)
    /// The currency's code is one of these.
    case currency([String])
    /// The booking day is one of these weekdays (1 Monday … 7 Sunday).
    case weekday([Int])
    /// The booking day's day of the month is one of these (1 … 31).
    case dayOfMonth([Int])
    /// The adapter that read the row is one of these (`csv`, `ofx`, …).
    case format([String])
    /// The CSV mapping that read the row is one of these.
    case mapping([String])

    /// The key as a rules file writes it.
    public var key: String {
        switch self {
        case .account: return "account"
        case .text(let field, _): return field.rawValue
        case .amount: return "amount"
        case .direction: return "direction"
        case .currency: return "currency"
        case .weekday: return "weekday"
        case .dayOfMonth: return "dayOfMonth"
        case .format: return "format"
        case .mapping: return "mapping"
        }
    }

    /// Why the condition doesn't hold for a transaction (naming the key and the value it
    /// found), or `nil` when it holds.
    public func mismatch(_ input: RuleInput) -> String? {
        switch self {
        case .account(let names):
            return names.contains(input.account) ? nil : "account is \"\(input.account)\", expected \(Self.list(names))"
        case .text(let field, let pattern):
            let text = field.value(in: input)
            if pattern.matches(text) { return nil }
            return "\(field.rawValue) \"\(text)\" doesn't match \(pattern.shown)"
        case .amount(let min, let max):
            let digits = input.amount.currency.minorDigits
            let units = input.amount.minorUnits
            let shown = "\(input.amount) \(input.amount.currency.code)"
            if let min, min.compare(minorUnits: units, minorDigits: digits) < 0 {
                return "amount is \(shown), below the minimum \(min)"
            }
            if let max, max.compare(minorUnits: units, minorDigits: digits) > 0 {
                return "amount is \(shown), above the maximum \(max)"
            }
            return nil
        case .direction(let direction):
            return input.direction == direction
                ? nil : "direction is \(input.direction.rawValue), expected \(direction.rawValue)"
        case .currency(let codes):
            let code = input.amount.currency.code
            return codes.contains(code) ? nil : "currency is \(code), expected \(Self.list(codes))"
        case .weekday(let days):
            let day = RuleCondition.weekday(of: input.bookingDay)
            return days.contains(day)
                ? nil
                : "weekday of \(input.bookingDay) is \(Self.weekdayNames[day - 1]), expected "
                    + Self.list(days.map { Self.weekdayNames[$0 - 1] })
        case .dayOfMonth(let days):
            return days.contains(input.bookingDay.day)
                ? nil
                : "day of month of \(input.bookingDay) is \(input.bookingDay.day), expected "
                    + days.map(String.init).joined(separator: ", ")
        case .format(let ids):
            guard let format = input.format else {
                return "format is unknown (not imported from a file), expected \(Self.list(ids))"
            }
            return ids.contains(format) ? nil : "format is \(format), expected \(Self.list(ids))"
        case .mapping(let names):
            guard let mapping = input.mapping else {
                return "mapping is none (not read by a CSV mapping), expected \(Self.list(names))"
            }
            return names.contains(mapping) ? nil : "mapping is \(mapping), expected \(Self.list(names))"
        }
    }

    /// The names of the weekdays, Monday first, as rules write them.
    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A day's weekday, 1 (Monday) … 7 (Sunday).
    public static func weekday(of day: Day) -> Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (day.daysSinceEpoch + 3) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    private static func list(_ values: [String]) -> String {
        values.count == 1 ? "\"\(values[0])\"" : "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// A text field a rule's `when` can match.
public enum RuleTextField: String, Sendable, Hashable, CaseIterable {
    case description
    case payee
    case memo

    /// The field's text in a transaction (a payee the source didn't give is empty).
    public func value(in input: RuleInput) -> String {
        switch self {
        case .description: return input.description
        case .payee: return input.payee ?? ""
        case .memo: return input.memo
        }
    }
}
