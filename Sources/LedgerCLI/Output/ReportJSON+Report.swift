import LedgerCore
import LedgerStore

extension ReportJSON {
    /// `report --json`: the window asked (`from` and `to` both included, `null` when open), the
    /// grouping, and one object per line with exact decimal strings.
    static func report(_ lines: [ReportLine], query: ReportQuery, from: Day?, to: Day?) throws -> JSONOutput {
        var objects: [JSONOutput] = []
        for line in lines {
            var members: [(String, JSONOutput)] = []
            if query.hasMonths { members.append(("month", .optional(line.month))) }
            if let grouping = query.grouping, grouping != .month {
                members.append((grouping.rawValue, .optional(line.group)))
            }
            members += [
                ("currency", .string(line.currency.code)),
                ("income", .string(Money.format(line.income, currency: line.currency))),
                ("spending", .string(Money.format(line.spending, currency: line.currency))),
                ("net", .string(Money.format(try ReportCommand.net(of: line), currency: line.currency))),
                ("rows", .int(line.rows)),
            ]
            objects.append(.object(members))
        }
        return .object([
            ("from", .optional(from?.description)),
            ("to", .optional(to?.description)),
            ("by", .optional(query.grouping?.rawValue)),
            ("monthly", .bool(query.isMonthly)),
            ("lines", .array(objects)),
        ])
    }

    /// `report --net-worth --json`: one object per day and currency, the amount signed.
    static func netWorth(_ points: [NetWorthPoint], isMonthly: Bool, from: Day?, to: Day?) -> JSONOutput {
        .object([
            ("from", .optional(from?.description)),
            ("to", .optional(to?.description)),
            ("monthly", .bool(isMonthly)),
            (
                "netWorth",
                .array(
                    points.map { point in
                        .object([
                            ("day", .string(point.day.description)),
                            ("currency", .string(point.currency.code)),
                            ("amount", .string(Money.format(point.amount, currency: point.currency))),
                        ])
                    })
            ),
        ])
    }
}
