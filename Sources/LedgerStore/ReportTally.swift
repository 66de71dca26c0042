import LedgerCore

/// A report's sums while its rows are added up, and the SQL that reads them: written once for
/// both stores (``Ledger/report(_:)``, ``PostgresLedger/report(_:)``), which differ only in how
/// they bind the parameters and read a row.
///
/// The SQL reads per-day totals (`report_totals`) and takes off the booked rows of matched
/// transfers in the window, or for a report by payee reads the rows. Each row it gives is: month
/// (`YYYYMM` as an integer, 0 without months), group, currency, 1 for a credit (else 0), amount in
/// minor units and count of rows (both negative for a transfer taken off). Rows come unsorted and
/// are added up here: SQLite's `GROUP BY` sorts every day total first, which took most of a
/// monthly report's time.
struct ReportTally {
    let query: ReportQuery
    /// Where an overflow is reported.
    let location: String
    /// The accounts' names by id, for a report by account.
    private let accountNames: [Int64: String]
    private var sums: [ReportLineKey: ReportLineSum] = [:]

    /// A tally for `query`; `accounts` names the groups of a report by account.
    init(_ query: ReportQuery, accounts: [StoredAccount], location: String) {
        self.query = query
        self.location = location
        var names: [Int64: String] = [:]
        for account in accounts { names[account.id] = account.name }
        accountNames = names
    }

    /// Adds one row of ``sql(placeholder:)``'s; `group` is the group column as text (an account's
    /// id for a report by account).
    ///
    /// - Throws: ``StoreError`` `.overflow` when a sum leaves 64 bits.
    mutating func add(
        month: Int64, group: String?, currency: String, isCredit: Bool, amount: Int64, rows: Int64
    ) throws(StoreError) {
        let shownGroup: String?
        switch query.grouping {
        case .account: shownGroup = group.map { text in Int64(text).flatMap { accountNames[$0] } ?? text }
        case .category, .payee: shownGroup = group
        case .month, nil: shownGroup = nil
        }
        let key = ReportLineKey(month: query.hasMonths ? month : 0, group: shownGroup, currency: currency)
        var sum = sums[key] ?? ReportLineSum()
        let (total, overflow) = (isCredit ? sum.income : sum.spending).addingReportingOverflow(amount)
        if overflow { throw StoreError(.overflow("a report's total in \(key.currency)"), at: .file(location)) }
        if isCredit { sum.income = total } else { sum.spending = total }
        sum.rows += rows
        sums[key] = sum
    }

    /// The lines: by month, then group (rows with no category first), then currency; groups
    /// whose rows all were transfers are left out.
    ///
    /// - Parameter currency: the unit of a stored currency code (the store's declared commodities).
    func lines(currency: (String) throws(StoreError) -> Currency) throws(StoreError) -> [ReportLine] {
        var lines: [ReportLine] = []
        lines.reserveCapacity(sums.count)
        for (key, sum) in sums.sorted(by: { $0.key < $1.key }) where sum.rows > 0 {
            lines.append(
                ReportLine(
                    month: query.hasMonths ? key.monthText : nil, group: key.group,
                    currency: try currency(key.currency),
                    income: sum.income, spending: sum.spending, rows: Int(sum.rows)))
        }
        return lines
    }

    /// The SQL of the query's rows (see the type's summary), with `?1`/`$1` (by `placeholder`)
    /// the window's first day, `2` the day after its last (each `NULL` for an open bound), and
    /// `3…` the accounts' ids when the query names accounts.
    static func sql(_ query: ReportQuery, placeholder: String) -> String {
        query.grouping == .payee ? payeeSQL(query, placeholder) : totalsSQL(query, placeholder)
    }

    // MARK: - Private

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

    /// `alias.day` within `1 ..< 2` and, with accounts, `alias.account_id IN (3, …)`.
    private static func filter(_ query: ReportQuery, _ alias: String, _ placeholder: String) -> String {
        var text =
            "\(alias).day >= coalesce(\(placeholder)1, '') AND \(alias).day < coalesce(\(placeholder)2, '9999-99-99')"
        if !query.accounts.isEmpty {
            let list = (3..<(3 + query.accounts.count)).map { "\(placeholder)\($0)" }.joined(separator: ", ")
            text += " AND \(alias).account_id IN (\(list))"
        }
        return text
    }

    /// The per-day totals in the window, and the booked transfer rows in it to take off.
    private static func totalsSQL(_ query: ReportQuery, _ placeholder: String) -> String {
        let (month, group) = columns(query, "r")
        let (transferMonth, transferGroup) = columns(query, "t")
        return """
            SELECT \(month), \(group), r.currency, CASE WHEN r.direction = 'credit' THEN 1 ELSE 0 END, r.amount, r.rows
            FROM report_totals r WHERE \(filter(query, "r", placeholder))
            UNION ALL
            SELECT \(transferMonth), \(transferGroup), t.currency, CASE WHEN t.direction = 'credit' THEN 1 ELSE 0 END,
                -t.amount, -1
            FROM transactions t
            WHERE t.id IN (SELECT out_id FROM transfers UNION ALL SELECT in_id FROM transfers)
                AND t.status = 'booked' AND \(filter(query, "t", placeholder))
            """
    }

    /// The booked rows in the window that are no transfer's, by month, payee, currency and direction.
    private static func payeeSQL(_ query: ReportQuery, _ placeholder: String) -> String {
        let (month, group) = columns(query, "t")
        return """
            SELECT \(month), \(group), t.currency, CASE WHEN t.direction = 'credit' THEN 1 ELSE 0 END,
                sum(t.amount), count(*)
            FROM transactions t
            WHERE t.status = 'booked' AND \(filter(query, "t", placeholder))
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
