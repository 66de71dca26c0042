/// One entry of the merged list of recorded and upcoming money (`ledgerport upcoming`).
public struct TimelineEntry: Sendable, Hashable {
    /// What the entry is.
    public enum Kind: String, Sendable, Hashable {
        /// A transaction the ledger holds.
        case recorded
        /// A charge written as scheduled, waiting for the bank's row (`--settle import`).
        case scheduled
        /// A scheduled charge past its window that no imported row settled.
        case missed
        /// A due day after the rule's mark: not written yet.
        case upcoming
    }

    /// Stable whether it happened or is still to come: `r:RULE:DAY` for a rule's charge (upcoming,
    /// scheduled, missed, or the row it booked or that settled it), `t:ID` for any other
    /// transaction.
    public let id: String
    public let kind: Kind
    public let day: Day
    public let account: String
    /// Signed minor units (money out negative).
    public let amount: Int64
    public let currency: Currency
    public let description: String
    public let category: String?

    public init(
        id: String, kind: Kind, day: Day, account: String, amount: Int64, currency: Currency, description: String,
        category: String?
    ) {
        self.id = id
        self.kind = kind
        self.day = day
        self.account = account
        self.amount = amount
        self.currency = currency
        self.description = description
        self.category = category
    }
}

/// A recurring rule as the merge sees it: its rhythm, its mark, and the days it already charged.
public struct TimelineRule: Sendable, Hashable {
    public let id: Int64
    public let name: String
    public let account: String
    public let recurrence: Recurrence
    /// The last day a catch-up covered; due days up to it are written (or deliberately skipped).
    public let mark: Day?
    /// Signed minor units of the next charge (the rule's price now).
    public let amount: Int64
    public let currency: Currency
    public let category: String?
    /// Days the rule already has a charge on (any state).
    public let chargedDays: Set<Day>
    /// Whether the rule has stopped (no upcoming days).
    public let stopped: Bool

    public init(
        id: Int64, name: String, account: String, recurrence: Recurrence, mark: Day?, amount: Int64,
        currency: Currency, category: String?, chargedDays: Set<Day>, stopped: Bool
    ) {
        self.id = id
        self.name = name
        self.account = account
        self.recurrence = recurrence
        self.mark = mark
        self.amount = amount
        self.currency = currency
        self.category = category
        self.chargedDays = chargedDays
        self.stopped = stopped
    }
}

/// The one merge every view of past and upcoming money uses: a pure function over plain lists.
public enum MoneyTimeline {
    /// Merges recorded entries (transactions and written scheduled charges) with each rule's due
    /// days in the window after its mark, minus days it already charged, newest first.
    ///
    /// The order is total, so the list is the same every time: day (newest first), then recorded
    /// before scheduled, missed and upcoming, then account, then id.
    ///
    /// - Parameters:
    ///   - recorded: the ledger's entries in the window (transactions, scheduled and missed charges).
    ///   - rules: the recurring rules.
    ///   - window: the days shown (first day included, `end` excluded); a rule's upcoming days
    ///     are listed only inside it, and never before `window.start`.
    public static func merge(recorded: [TimelineEntry], rules: [TimelineRule], window: DayWindow) -> [TimelineEntry] {
        var entries = recorded.filter { window.contains($0.day) }
        if let end = window.end {
            let last = end.previous
            for rule in rules where !rule.stopped {
                for day in rule.recurrence.dueDays(after: rule.mark, through: last)
                where window.contains(day) && !rule.chargedDays.contains(day) {
                    entries.append(
                        TimelineEntry(
                            id: "r:\(rule.id):\(day)", kind: .upcoming, day: day, account: rule.account,
                            amount: rule.amount, currency: rule.currency, description: rule.name,
                            category: rule.category))
                }
            }
        }
        let rank: [TimelineEntry.Kind: Int] = [.recorded: 0, .scheduled: 1, .missed: 2, .upcoming: 3]
        return entries.sorted { left, right in
            if left.day != right.day { return left.day > right.day }
            if left.kind != right.kind { return rank[left.kind, default: 9] < rank[right.kind, default: 9] }
            if left.account != right.account { return left.account < right.account }
            return left.id < right.id
        }
    }
}
