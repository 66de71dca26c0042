import LedgerCore

extension Ledger {
    /// Income and spending of the booked rows a query selects, by its grouping and currency,
    /// transfers left out (`docs/reports.md`).
    ///
    /// Income is the credits' amounts added and spending the debits', each by direction, never by
    /// sign; two currencies are never added. Pending rows are left out, as balances leave them.
    /// Every grouping but payee sums the per-day totals (migration 17, `report_totals`) and takes
    /// off the rows of matched transfers in the window, so the cost grows with the days and
    /// categories, not with the rows; grouping by payee reads the rows. Lines come by month, then
    /// group (rows with no category first), then currency. A sum that leaves 64 bits is an error
    /// (SQLite's `sum` and the additions here report overflow), never a wrapped figure.
    ///
    /// - Throws: ``StoreError`` when the database can't be read, a sum overflows, or it holds a
    ///   currency that is neither ISO 4217 nor declared.
    public func report(_ query: ReportQuery) throws(StoreError) -> [ReportLine] {
        let accounts = query.accounts.map { Binding.int($0.id) }
        let bounds: [Binding] = [.optional(query.window.start?.description), .optional(query.window.end?.description)]
        return try read {
            var sums: [ReportLineKey: ReportLineSum] = [:]
            var names: [Int64: String] = [:]
            if query.grouping == .account {
                for account in try allAccounts() { names[account.id] = account.name }
            }
            // Rows come unsorted and are added up here: SQLite's GROUP BY sorts every day total
            // first, which took most of a monthly report's time.
            let sql = query.grouping == .payee ? Self.payeeSQL(query) : Self.totalsSQL(query)
            try database.prepare(sql).forEachRow(bounds + accounts) { row throws(StoreError) in
                let group: String?
                switch query.grouping {
                case .account: group = names[row.int(1)] ?? String(row.int(1))
                case .category, .payee: group = row.optionalText(1)
                case .month, nil: group = nil
                }
                let key = ReportLineKey(
                    month: query.hasMonths ? row.int(0) : 0, group: group, currency: row.text(2))
                var sum = sums[key] ?? ReportLineSum()
                let isCredit = row.int(3) != 0
                let (amount, overflow) = (isCredit ? sum.income : sum.spending).addingReportingOverflow(row.int(4))
                if overflow { throw StoreError(.overflow("a report's total in \(key.currency)"), at: .file(path)) }
                if isCredit { sum.income = amount } else { sum.spending = amount }
                sum.rows += row.int(5)
                sums[key] = sum
                return true
            }
            var lines: [ReportLine] = []
            lines.reserveCapacity(sums.count)
            for (key, sum) in sums.sorted(by: { $0.key < $1.key }) where sum.rows > 0 {
                let currency = try storedCurrency(key.currency, column: "transactions.currency")
                lines.append(
                    ReportLine(
                        month: query.hasMonths ? key.monthText : nil, group: key.group, currency: currency,
                        income: sum.income, spending: sum.spending, rows: Int(sum.rows)))
            }
            return lines
        }
    }

    /// The net worth at the end of each day, per currency: every account's balance (or the
    /// `accounts`' only) as ``currentBalance(of:)`` counts it at that day (the latest checkpoint
    /// on or before it, plus the booked rows after the checkpoint through the day; else the booked
    /// rows through the day), added per currency. Points come by day, then currency; a currency
    /// appears at a day once any of its accounts has a row or a checkpoint on or before it.
    ///
    /// Each account reads its checkpoints once and the per-day totals between two points, so the
    /// cost grows with the days, not with the rows.
    ///
    /// - Parameters:
    ///   - days: the days, in any order.
    ///   - accounts: the accounts to add, or every account when empty.
    /// - Throws: ``StoreError`` when the database can't be read or a sum leaves 64 bits.
    public func netWorth(at days: [Day], accounts: [StoredAccount] = []) throws(StoreError) -> [NetWorthPoint] {
        let days = Array(Set(days)).sorted()
        return try read {
            let chosen = accounts.isEmpty ? try allAccounts() : accounts
            var sums: [Day: [Currency: Int64]] = [:]
            for account in chosen {
                let balances = try balances(of: account, at: days)
                for (day, balance) in zip(days, balances) {
                    guard let balance else { continue }
                    let (sum, overflow) = sums[day, default: [:]][account.currency, default: 0]
                        .addingReportingOverflow(balance)
                    if overflow {
                        throw StoreError(.overflow("the net worth in \(account.currency.code)"), at: .file(path))
                    }
                    sums[day, default: [:]][account.currency] = sum
                }
            }
            return days.flatMap { day in
                (sums[day] ?? [:]).sorted { $0.key.code < $1.key.code }.map { currency, amount in
                    NetWorthPoint(day: day, currency: currency, amount: amount)
                }
            }
        }
    }

    /// The first and last day a booked row or a checkpoint of the accounts (every account when
    /// empty) is on, or `nil` when there are none: the span a net worth over time covers.
    public func bookedSpan(of accounts: [StoredAccount] = []) throws(StoreError) -> ClosedRange<Day>? {
        let filter =
            accounts.isEmpty ? "" : "WHERE account_id IN (\(Self.placeholders(accounts.count, from: 1)))"
        let query = try database.prepare(
            """
            SELECT min(day), max(day) FROM (
                SELECT day FROM daily_totals \(filter)
                UNION ALL SELECT as_of FROM checkpoints \(filter))
            """)
        let found = try query.rows(accounts.map { Binding.int($0.id) }) { row throws(StoreError) in
            (row.optionalText(0), row.optionalText(1))
        }
        guard let (first, last) = found.first, let first, let last else { return nil }
        return try spanDay(first)...spanDay(last)
    }

    // MARK: - Private

    /// An account's balance at the end of each day (sorted), `nil` before its first row or
    /// checkpoint; each step adds the net since the step before unless a checkpoint lies between.
    private func balances(of account: StoredAccount, at days: [Day]) throws(StoreError) -> [Int64?] {
        let checkpoints = try self.checkpoints(of: account).reversed()
        let first = try bookedSpan(of: [account])?.lowerBound
        var result: [Int64?] = []
        var previous: (day: Day, balance: Int64, checkpoint: Day?)?
        for day in days {
            guard let first, first <= day else {
                result.append(nil)
                continue
            }
            let checkpoint = checkpoints.last { $0.asOf <= day }
            let balance: Int64
            if let previous, previous.checkpoint == checkpoint?.asOf {
                balance = try adding(net(of: account, after: previous.day, through: day), to: previous.balance, account)
            } else if let checkpoint {
                balance = try adding(
                    net(of: account, after: checkpoint.asOf, through: day), to: checkpoint.actual, account)
            } else {
                balance = try self.balance(of: account, asOf: day)
            }
            previous = (day, balance, checkpoint?.asOf)
            result.append(balance)
        }
        return result
    }

    private func spanDay(_ text: String) throws(StoreError) -> Day {
        guard let day = Day(iso: text) else {
            throw StoreError(.corruptValue(column: "day", found: text), at: .file(path))
        }
        return day
    }

    private func adding(_ net: Int64, to balance: Int64, _ account: StoredAccount) throws(StoreError) -> Int64 {
        let (sum, overflow) = balance.addingReportingOverflow(net)
        if overflow { throw StoreError(.overflow("the balance of \(account.name)"), at: .file(path)) }
        return sum
    }

    /// `?N, ?N+1, …`: `count` numbered placeholders.
    private static func placeholders(_ count: Int, from first: Int) -> String {
        (first..<(first + count)).map { "?\($0)" }.joined(separator: ", ")
    }

    /// The month (`YYYYMM` as an integer) and group columns for a table aliased `alias`.
    private static func columns(_ query: ReportQuery, _ alias: String) -> (String, String) {
        let month =
            query.hasMonths
            ? "CAST(substr(\(alias).day, 1, 4) AS INTEGER) * 100 + CAST(substr(\(alias).day, 6, 2) AS INTEGER)" : "0"
        let group: String
        switch query.grouping {
        case .category: group = "nullif(\(alias).category, '')"
        case .account: group = "\(alias).account_id"
        case .payee: group = "coalesce(\(alias).payee, \(alias).description)"
        case .month, nil: group = "NULL"
        }
        return (month, group)
    }

    /// `AND alias.day` within `?1 ..< ?2` and, with accounts, `alias.account_id IN (?3, …)`.
    private static func filter(_ query: ReportQuery, _ alias: String) -> String {
        var text = "\(alias).day >= coalesce(?1, '') AND \(alias).day < coalesce(?2, '9999-99-99')"
        if !query.accounts.isEmpty {
            text += " AND \(alias).account_id IN (\(placeholders(query.accounts.count, from: 3)))"
        }
        return text
    }

    /// The per-day totals in the window, and the booked transfer rows in it to take off: month,
    /// group, currency, whether a credit, amount and count (negative for the transfers).
    private static func totalsSQL(_ query: ReportQuery) -> String {
        let (month, group) = columns(query, "r")
        let (transferMonth, transferGroup) = columns(query, "t")
        return """
            SELECT \(month), \(group), r.currency, r.direction = 'credit', r.amount, r.rows
            FROM report_totals r WHERE \(filter(query, "r"))
            UNION ALL
            SELECT \(transferMonth), \(transferGroup), t.currency, t.direction = 'credit', -t.amount, -1
            FROM transactions t
            WHERE t.id IN (SELECT out_id FROM transfers UNION ALL SELECT in_id FROM transfers)
                AND t.status = 'booked' AND \(filter(query, "t"))
            """
    }

    /// The booked rows in the window that are no transfer's, by month, payee, currency and direction.
    private static func payeeSQL(_ query: ReportQuery) -> String {
        let (month, group) = columns(query, "t")
        return """
            SELECT \(month), \(group), t.currency, t.direction = 'credit', sum(t.amount), count(*)
            FROM transactions t
            WHERE t.status = 'booked' AND \(filter(query, "t"))
                AND t.id NOT IN (SELECT out_id FROM transfers UNION ALL SELECT in_id FROM transfers)
            GROUP BY 1, 2, 3, 4
            """
    }
}

/// A report line's key while the rows are added up: month `YYYYMM` (0 without months), group, currency.
private struct ReportLineKey: Hashable, Comparable {
    let month: Int64
    let group: String?
    let currency: String

    var monthText: String {
        let month = self.month % 100
        return "\(self.month / 100)-\(month < 10 ? "0" : "")\(month)"
    }

    static func < (lhs: ReportLineKey, rhs: ReportLineKey) -> Bool {
        if lhs.month != rhs.month { return lhs.month < rhs.month }
        if lhs.group != rhs.group {
            guard let left = lhs.group else { return true }
            guard let right = rhs.group else { return false }
            return left < right
        }
        return lhs.currency < rhs.currency
    }
}

/// A report line's sums while the rows are added up.
private struct ReportLineSum {
    var income: Int64 = 0
    var spending: Int64 = 0
    var rows: Int64 = 0
}
