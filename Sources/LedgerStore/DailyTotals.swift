import LedgerCore

/// The net of booked rows added in one write, by account and day, their amounts and counts by
/// what reports sum on (migration 17, `report_totals`), and every row written, for the account limit.
///
/// Rows come in day order, mostly of one account, currency and category, so each row is first
/// added to the run of rows of its key in hand (one for the net, one per direction for the
/// report sums) and a run goes to its dictionary only when a row of another key comes: most rows
/// cost a comparison of the key, not a dictionary look-up with two strings hashed.
struct DailyTotals {
    struct Key: Hashable {
        let account: Int64
        let day: Day
    }

    /// A `report_totals` key: the category is `""` for a row with none.
    struct ReportKey: Hashable, Comparable {
        let account: Int64
        let day: Day
        let currency: String
        let isCredit: Bool
        let category: String

        /// Whether a row of account and day `key`, in `currency`, stored with `category` (`nil`:
        /// none), has this key (its direction aside).
        func holds(_ key: Key, currency: String, category: String?) -> Bool {
            account == key.account && day == key.day && self.currency == currency && self.category == (category ?? "")
        }

        /// `report_totals`' key order: day, account, currency, direction ("credit" before
        /// "debit"), category (in UTF-8 bytes, as SQLite compares text).
        static func < (left: ReportKey, right: ReportKey) -> Bool {
            if left.day != right.day { return left.day < right.day }
            if left.account != right.account { return left.account < right.account }
            if left.currency != right.currency {
                return left.currency.utf8.lexicographicallyPrecedes(right.currency.utf8)
            }
            if left.isCredit != right.isCredit { return left.isCredit }
            return left.category.utf8.lexicographicallyPrecedes(right.category.utf8)
        }
    }

    /// A key's amounts (in minor units, positive) and count of rows.
    typealias ReportSum = (amount: Int64, rows: Int64)

    /// The nets of the runs already closed.
    private var closedNets: [Key: Int64] = [:]
    /// The report sums of the runs already closed.
    private var closedSums: [ReportKey: ReportSum] = [:]
    /// The net of the rows of one account and day added last.
    private var openNet: (key: Key, net: Int64)?
    /// The sums of the debit rows, and of the credit rows, of one report key added last.
    private var openDebits: OpenSum?
    private var openCredits: OpenSum?
    /// Set when a sum no longer fits in 64 bits.
    private var overflowedInRuns = false
    /// The rows for the account limit, in the order they were written.
    private(set) var additions = AccountAdditions()

    /// Adds a row the write inserted (`isNew`) or updated in place: an inserted booked row's net
    /// goes to its day and its amount to its report key, under the `category` the write stored
    /// for it; every row is checked against the account limit.
    mutating func add(_ row: PendingRow, isNew: Bool, category: String?) {
        additions.add(row, isNew: isNew)
        guard isNew, row.draft.status == .booked else { return }
        let key = Key(account: row.accountID, day: row.draft.bookingDay)
        let signedMinorUnits = row.draft.signedMinorUnits
        if let open = openNet, open.key == key {
            let (net, overflow) = open.net.addingReportingOverflow(signedMinorUnits)
            overflowedInRuns = overflowedInRuns || overflow
            openNet = (key, net)
        } else {
            closeNet()
            openNet = (key, signedMinorUnits)
        }
        let isCredit = row.draft.direction == .credit
        let amount = row.draft.amount.minorUnits
        // The open run is compared and added to in place: a copy of its key would retain and
        // release its strings for every row.
        let currency = row.draft.amount.currency.code
        if isCredit, openCredits?.key.holds(key, currency: currency, category: category) ?? false {
            openCredits?.add(amount, overflow: &overflowedInRuns)
        } else if !isCredit, openDebits?.key.holds(key, currency: currency, category: category) ?? false {
            openDebits?.add(amount, overflow: &overflowedInRuns)
        } else {
            closeSum(isCredit: isCredit)
            let reportKey = ReportKey(
                account: key.account, day: key.day, currency: currency, isCredit: isCredit, category: category ?? "")
            let run = OpenSum(key: reportKey, sum: (amount, 1))
            if isCredit { openCredits = run } else { openDebits = run }
        }
    }

    /// The whole write's nets by account and day and report sums by key, every run closed, and
    /// whether one of them no longer fits in 64 bits.
    func sums() -> (nets: [Key: Int64], sums: [ReportKey: ReportSum], overflowed: Bool) {
        var copy = self
        copy.closeNet()
        copy.closeSum(isCredit: false)
        copy.closeSum(isCredit: true)
        return (copy.closedNets, copy.closedSums, copy.overflowedInRuns)
    }

    // MARK: - Private

    /// The sum of a run of rows of one report key.
    private struct OpenSum {
        let key: ReportKey
        var sum: ReportSum

        /// Adds a row's amount, noting an overflow.
        mutating func add(_ amount: Int64, overflow: inout Bool) {
            let (total, overflowed) = sum.amount.addingReportingOverflow(amount)
            overflow = overflow || overflowed
            sum = (total, sum.rows + 1)
        }
    }

    /// Moves the open net into the closed ones.
    private mutating func closeNet() {
        guard let open = openNet else { return }
        openNet = nil
        let (net, overflow) = closedNets[open.key, default: 0].addingReportingOverflow(open.net)
        overflowedInRuns = overflowedInRuns || overflow
        closedNets[open.key] = net
    }

    /// Moves a direction's open report sum into the closed ones.
    private mutating func closeSum(isCredit: Bool) {
        guard let open = isCredit ? openCredits : openDebits else { return }
        if isCredit { openCredits = nil } else { openDebits = nil }
        let before = closedSums[open.key] ?? (amount: 0, rows: 0)
        let (amount, overflow) = before.amount.addingReportingOverflow(open.sum.amount)
        overflowedInRuns = overflowedInRuns || overflow
        closedSums[open.key] = (amount, before.rows + open.sum.rows)
    }
}
