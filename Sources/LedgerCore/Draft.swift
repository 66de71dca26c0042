/// One transaction as a source states it, normalised to the shape every format shares.
///
/// An adapter builds drafts; the importer validates them and hands them to the store in batches.
/// The amount is positive and ``direction`` says which way it went. ``bookingDay`` is the day the
/// statement counts (balances and checkpoints use it); ``transactionDay`` is the other day the
/// source gives for the transaction, when it gives one: the day of the purchase (OFX `DTUSER`,
/// FinanceKit `transactionDate`) or the value day (camt `ValDt`, MT940's `:61:` value date). It is
/// not part of the fingerprint, so it never changes a transaction's identity.
///
/// A draft is what a source stated, so its fields are constants; ``with(externalID:)`` and
/// ``with(location:)`` make changed copies. (Constant fields also let an adapter build a draft in
/// place: with `var` fields the compiler copies the whole value once more per record.)
public struct Draft: Sendable, Hashable {
    /// The account's name, as declared by an ``AccountReference`` from the same source.
    public let account: String
    /// The day the statement counts the transaction.
    public let bookingDay: Day
    /// The day of the purchase, or the value day, when the source says.
    public let transactionDay: Day?
    /// The exact, positive amount.
    public let amount: Money
    /// Money in (`credit`) or out (`debit`), seen from the account holder.
    public let direction: Direction
    /// The bank's description of the transaction (often the payee's name), as held: a string,
    /// or bytes shared with other drafts (``DraftText``).
    public let descriptionText: DraftText
    /// Extra text: a memo, a reference, the original description.
    public let memo: String
    /// The counterparty by name, when the source gives one apart from the description (an
    /// external adapter's `payee`).
    public let payee: String?
    /// The category the source files the row under, as written (`Groceries`, `Auto:Fuel`); a
    /// transfer keeps its brackets (`[Savings]`), so the account it names stays visible to exports
    /// and rules. `nil` when the source gives none.
    public let category: String?
    /// The parts of a split transaction, in source order; empty when it isn't split. Their signed
    /// amounts add up to the draft's (``validate(accountCurrency:)`` checks it).
    public let splits: [SplitLine]
    /// Booked or still pending.
    public let status: TransactionStatus
    /// The source's own stable id (OFX `FITID`, FinanceKit `id`), when it has one.
    public let externalID: String?
    /// The account's balance after this row, in signed minor units, when the source states it
    /// (a CSV running-balance column).
    public let runningBalance: Int64?
    /// Where the record starts in the source.
    public let location: SourceLocation

    /// Creates a draft. (Inlinable: adapters build one per record, and inlined, the strings move
    /// into the draft instead of being copied.) The description is a `String`, or a ``DraftText``
    /// that shares its bytes with other drafts.
    @inlinable
    public init(
        account: String,
        bookingDay: Day,
        transactionDay: Day? = nil,
        amount: Money,
        direction: Direction,
        description: some DraftTextConvertible,
        memo: String = "",
        payee: String? = nil,
        category: String? = nil,
        splits: [SplitLine] = [],
        status: TransactionStatus = .booked,
        externalID: String? = nil,
        runningBalance: Int64? = nil,
        location: SourceLocation
    ) {
        self.account = account
        self.bookingDay = bookingDay
        self.transactionDay = transactionDay
        self.amount = amount
        self.direction = direction
        self.descriptionText = description.draftText
        self.memo = memo
        self.payee = payee
        self.category = category
        self.splits = splits
        self.status = status
        self.externalID = externalID
        self.runningBalance = runningBalance
        self.location = location
    }

    /// The bank's description of the transaction (often the payee's name).
    public var description: String { descriptionText.string }

    /// The same draft with another id of its own.
    public func with(externalID: String?) -> Draft {
        Draft(
            account: account, bookingDay: bookingDay, transactionDay: transactionDay, amount: amount,
            direction: direction, description: descriptionText, memo: memo, payee: payee, category: category,
            splits: splits, status: status,
            externalID: externalID,
            runningBalance: runningBalance, location: location)
    }

    /// The same draft at another location.
    public func with(location: SourceLocation) -> Draft {
        Draft(
            account: account, bookingDay: bookingDay, transactionDay: transactionDay, amount: amount,
            direction: direction, description: descriptionText, memo: memo, payee: payee, category: category,
            splits: splits, status: status,
            externalID: externalID,
            runningBalance: runningBalance, location: location)
    }

    /// The amount with its direction's sign, in minor units.
    public var signedMinorUnits: Int64 { amount.signedMinorUnits(direction) }
}

/// Whether the bank has booked a transaction yet.
public enum TransactionStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// Counted in the statement balance.
    case booked
    /// Authorised or pending: shown, but not counted in balances or checkpoints.
    case pending
}
