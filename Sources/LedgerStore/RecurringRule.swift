import LedgerCore

/// A recurring charge's rule as stored (`docs/recurring.md`).
public struct RecurringRule: Sendable, Hashable {
    /// How the rule's charges become money the ledger counts.
    public enum Settlement: String, Sendable, Hashable, CaseIterable {
        /// Each charge is a booked transaction (a cash account, a rent book kept by hand).
        case book
        /// Each charge waits as scheduled until a row imported or synced into the account settles it.
        case `import`
    }

    public let id: Int64
    public let name: String
    public let account: StoredAccount
    /// The price of the next charge, positive, in the account's currency.
    public let amount: Money
    public let direction: Direction
    public let recurrence: Recurrence
    public let category: String?
    public let settlement: Settlement
    /// How far (minor units) an imported row's amount may be from the charge's and still settle it.
    public let tolerance: Int64
    /// How many days either side of the due day an imported row settles the charge.
    public let windowDays: Int
    /// The last day a catch-up covered: due days up to it are charged, never again.
    public let mark: Day?
    /// The day the rule stopped: no charge falls after it.
    public let stoppedOn: Day?

    public init(
        id: Int64, name: String, account: StoredAccount, amount: Money, direction: Direction, recurrence: Recurrence,
        category: String?, settlement: Settlement, tolerance: Int64, windowDays: Int, mark: Day?, stoppedOn: Day?
    ) {
        self.id = id
        self.name = name
        self.account = account
        self.amount = amount
        self.direction = direction
        self.recurrence = recurrence
        self.category = category
        self.settlement = settlement
        self.tolerance = tolerance
        self.windowDays = windowDays
        self.mark = mark
        self.stoppedOn = stoppedOn
    }

    /// The last day a charge may fall on: the rule's own last day or the day it stopped.
    public var lastDay: Day? {
        switch (recurrence.until, stoppedOn) {
        case (let until?, let stopped?): return min(until, stopped)
        case (let until?, nil): return until
        case (nil, let stopped?): return stopped
        case (nil, nil): return nil
        }
    }
}

/// What a new rule says (`recurring add`).
public struct NewRecurringRule: Sendable, Hashable {
    public var name: String
    public var accountID: Int64
    public var amount: Money
    public var direction: Direction
    public var recurrence: Recurrence
    public var category: String?
    public var settlement: RecurringRule.Settlement
    public var tolerance: Int64
    public var windowDays: Int

    public init(
        name: String, accountID: Int64, amount: Money, direction: Direction, recurrence: Recurrence,
        category: String?, settlement: RecurringRule.Settlement, tolerance: Int64 = 0, windowDays: Int = 5
    ) {
        self.name = name
        self.accountID = accountID
        self.amount = amount
        self.direction = direction
        self.recurrence = recurrence
        self.category = category
        self.settlement = settlement
        self.tolerance = tolerance
        self.windowDays = windowDays
    }
}

/// A charge a rule wrote, with the price, label and category it was written with.
public struct RecurringCharge: Sendable, Hashable {
    /// Where the charge stands.
    public enum State: String, Sendable, Hashable {
        /// A booked transaction (`transactionID`) the rule wrote.
        case booked
        /// Waiting for the bank's row; never counted in balances.
        case scheduled
        /// The imported or synced row `transactionID` settled it.
        case settled
    }

    public let id: Int64
    public let ruleID: Int64
    public let rule: String
    public let account: String
    public let dueDay: Day
    public let amount: Money
    public let direction: Direction
    public let label: String
    public let category: String?
    public let state: State
    public let transactionID: Int64?

    public init(
        id: Int64, ruleID: Int64, rule: String, account: String, dueDay: Day, amount: Money, direction: Direction,
        label: String, category: String?, state: State, transactionID: Int64?
    ) {
        self.id = id
        self.ruleID = ruleID
        self.rule = rule
        self.account = account
        self.dueDay = dueDay
        self.amount = amount
        self.direction = direction
        self.label = label
        self.category = category
        self.state = state
        self.transactionID = transactionID
    }

    /// A scheduled charge past its window that no row settled: an expected charge the bank never showed.
    public func isMissed(today: Day, windowDays: Int) -> Bool {
        guard state == .scheduled, let last = dueDay.adding(days: windowDays) else { return false }
        return today > last
    }
}

/// What a catch-up wrote and settled.
public struct CatchUpResult: Sendable {
    /// Charges written, in rule then day order.
    public var written: [RecurringCharge] = []
    /// Scheduled charges an imported row settled, with the row.
    public var settled: [RecurringCharge] = []
    /// Checkpoints whose figures changed because booked charges landed in their windows.
    public var refreshed: [Checkpoint] = []

    public init() {}
}
