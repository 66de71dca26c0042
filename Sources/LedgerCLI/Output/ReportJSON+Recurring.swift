import LedgerCore
import LedgerStore

extension ReportJSON {
    static func recurringRule(_ rule: RecurringRule) -> JSONOutput {
        .object([
            ("name", .string(rule.name)), ("account", .string(rule.account.name)),
            ("amount", .string(rule.amount.description)), ("direction", .string(rule.direction.rawValue)),
            ("currency", .string(rule.amount.currency.code)), ("every", .string(rule.recurrence.unit.rawValue)),
            ("interval", .int(rule.recurrence.interval)), ("from", .string(rule.recurrence.first.description)),
            ("until", .optional(rule.recurrence.until?.description)), ("category", .optional(rule.category)),
            ("settle", .string(rule.settlement.rawValue)),
            ("tolerance", .string(Money.format(rule.tolerance, currency: rule.amount.currency))),
            ("windowDays", .int(rule.windowDays)), ("mark", .optional(rule.mark?.description)),
            ("stoppedOn", .optional(rule.stoppedOn?.description)),
        ])
    }

    static func recurringCharge(_ charge: RecurringCharge, missed: Bool) -> JSONOutput {
        .object([
            ("rule", .string(charge.rule)), ("account", .string(charge.account)),
            ("dueDate", .string(charge.dueDay.description)), ("amount", .string(charge.amount.description)),
            ("direction", .string(charge.direction.rawValue)), ("currency", .string(charge.amount.currency.code)),
            ("label", .string(charge.label)), ("category", .optional(charge.category)),
            ("state", .string(missed ? "missed" : charge.state.rawValue)),
            ("transactionID", charge.transactionID.map { JSONOutput.int($0) } ?? .null),
        ])
    }

    static func timelineEntry(_ entry: TimelineEntry) -> JSONOutput {
        .object([
            ("id", .string(entry.id)), ("kind", .string(entry.kind.rawValue)), ("date", .string(entry.day.description)),
            ("account", .string(entry.account)),
            ("amount", .string(Money.format(entry.amount, currency: entry.currency))),
            ("currency", .string(entry.currency.code)), ("description", .string(entry.description)),
            ("category", .optional(entry.category)),
        ])
    }
}
