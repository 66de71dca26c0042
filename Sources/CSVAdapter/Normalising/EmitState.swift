import LedgerCore

/// What a session has emitted so far: declared accounts, counts, the balance tracker.
struct EmitState {
    /// Transaction rows read (skipped ones included).
    var rowCount = 0
    /// Drafts emitted.
    private(set) var draftCount = 0
    private(set) var skippedCount = 0
    private(set) var firstSkipped: SourceLocation?
    private var accounts: [String: Currency] = [:]
    private var tracker = BalanceTracker()
    private var earliest: Day?
    private var latest: Day?
    /// The account of the last row, and the account column's text it came from (rows come in
    /// runs of one account). Kept as plain values, so that reading them copies nothing.
    private var hasAccount = false
    private var lastAccount = ""
    private var lastRowAccount: String?
    /// The account and currency last declared (or found declared).
    private var declaredName = ""
    private var declaredCurrency: Currency?
    /// The mapping's fee column, when it has one: a row then gives two drafts.
    var feeSplit: FeeSplit?
    /// Whether each currency of a row's account is an account of its own (the mapping's
    /// `"perCurrency"`, kept here: reading it through the session copied the mapping per row).
    var accountPerCurrency = false

    mutating func noteSkipped(at location: SourceLocation) {
        skippedCount += 1
        if firstSkipped == nil { firstSkipped = location }
    }

    /// Normalises a row and hands its draft to `emitDraft`, declaring its account first (to
    /// `emit`) when it is new.
    mutating func emitDraft(
        from row: CSVRow, _ normaliser: inout RowNormaliser, _ statement: StatementLines, _ session: CSVReadSession,
        _ emit: (AdapterEvent) throws -> Void, _ emitDraft: (consuming Draft) throws -> Void,
        settings: FieldSettings? = nil
    ) throws {
        var rowAccount = try normaliser.accountName(of: row)
        if let ruled = try ruledAccount(settings, row, &normaliser, session) {
            lastAccount = ruled
            rowAccount = nil
            hasAccount = false  // the next row looks again
        } else if !hasAccount || lastRowAccount != rowAccount {
            lastAccount = try session.accountName(
                row: rowAccount, statement: statement, at: row.location(of: 0, file: session.file))
            lastRowAccount = rowAccount
            hasAccount = true
        }
        // One draft call, its result bound once: assigned in two branches, the draft was copied.
        var account = lastAccount
        if accountPerCurrency {
            let currency = try settings?.currency ?? normaliser.currency(of: row)
            account += " " + currency.code
        }
        let draft = try normaliser.draft(from: row, account: account, settings: settings)
        // Usually the same account as the row before, already declared.
        if declaredName != draft.account || declaredCurrency != draft.amount.currency {
            try declare(draft.account, of: draft, rowAccount: rowAccount, statement, session, emit)
            declaredName = draft.account
            declaredCurrency = draft.amount.currency
        }
        if earliest.map({ draft.bookingDay < $0 }) ?? true { earliest = draft.bookingDay }
        if latest.map({ draft.bookingDay > $0 }) ?? true { latest = draft.bookingDay }
        if let feeSplit {
            try emitSplit(draft, row, feeSplit, &normaliser, emitDraft)
            return
        }
        tracker.record(draft)
        draftCount += 1
        try emitDraft(consume draft)
    }

    /// Emits a row's gross draft and its fee's; the balance tracker sees the row as one move.
    private mutating func emitSplit(
        _ draft: Draft, _ row: CSVRow, _ split: FeeSplit, _ normaliser: inout RowNormaliser,
        _ emitDraft: (consuming Draft) throws -> Void
    ) throws {
        let (gross, fee, net) = try split.drafts(draft, row: row, &normaliser)
        tracker.record(draft, signedMinorUnits: net)
        draftCount += 1
        try emitDraft(gross)
        if let fee {
            draftCount += 1
            try emitDraft(fee)
        }
    }

    /// A rule's account for the row: after the user's `--account`, before the mapping's and the
    /// row's; `nil` when no rule names one, or its template gives empty text.
    private func ruledAccount(
        _ settings: FieldSettings?, _ row: CSVRow, _ normaliser: inout RowNormaliser, _ session: CSVReadSession
    ) throws -> String? {
        guard let template = settings?.account else { return nil }
        if let account = session.options.account, !account.isEmpty { return account }
        let name = try normaliser.text(of: template, in: row)
        return name.isEmpty ? nil : name
    }

    /// Declares a new account, or checks that a known one keeps its currency.
    private mutating func declare(
        _ account: String, of draft: Draft, rowAccount: String?, _ statement: StatementLines,
        _ session: CSVReadSession, _ emit: (AdapterEvent) throws -> Void
    ) throws {
        if let currency = accounts[account] {
            guard currency == draft.amount.currency else {
                throw CSVError(
                    .currencyChanged(account: account, expected: currency.code, found: draft.amount.currency.code),
                    at: draft.location)
            }
            return
        }
        accounts[account] = draft.amount.currency
        let source = rowAccount ?? (session.options.account == nil ? statement.account : nil)
        let masked = source.flatMap { $0.filter(\.isNumber).count >= 4 ? AccountReference.mask($0) : nil }
        let reference = AccountReference(
            name: account, kind: session.accountKind, currency: draft.amount.currency,
            institution: session.institution, maskedNumber: masked)
        try emit(.account(reference))
    }

    /// Emits the running-balance statement balances and those the statement lines state.
    mutating func emitBalances(
        statement: StatementLines, session: CSVReadSession, format: DateFormat?, _ emit: (AdapterEvent) throws -> Void
    ) throws {
        var emitted: [StatementBalance] = []
        for balance in tracker.statementBalances() {
            emitted.append(balance)
            try emit(.balance(balance))
        }
        guard let (account, currency) = accounts.first, accounts.count == 1 else { return }
        let mapping = session.mappingForSession
        let stated = try statement.balances(
            account: account, currency: currency, syntax: mapping.amountSyntax, invert: mapping.invertSign,
            format: format, firstDay: earliest, lastDay: latest)
        for balance in stated
        where !emitted.contains(where: {
            $0.kind == balance.kind && $0.asOf == balance.asOf && $0.signedMinorUnits == balance.signedMinorUnits
        }) {
            try emit(.balance(balance))
        }
    }
}
