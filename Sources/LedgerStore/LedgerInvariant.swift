import LedgerCore

/// One of the ledger's own invariants `ledgerport check` verifies, whichever store holds the
/// ledger (issue 21): what each is called and checks, and how a finding reads, written once.
///
/// Each store reads the rows that break an invariant with its own SQL (``Ledger/check()``,
/// ``PostgresLedger/check()``); the findings are worded, and the checkpoints, account limits and
/// commodities judged, here, so both stores report the same damage in the same words.
enum LedgerInvariant: CaseIterable {
    case dailyTotals, reportTotals, checkpoints, identity, values, currencies, commodities, accountLimits

    /// The check's name, as `check` lists it.
    var name: String {
        switch self {
        case .dailyTotals: "daily totals"
        case .reportTotals: "report totals"
        case .checkpoints: "checkpoints"
        case .identity: "identity"
        case .values: "values"
        case .currencies: "currencies"
        case .commodities: "commodities"
        case .accountLimits: "account limits"
        }
    }

    /// What the check verifies.
    var summary: String {
        switch self {
        case .dailyTotals: "each account's daily totals equal the net of its booked rows"
        case .reportTotals: "report totals equal the booked rows by day, account, currency, direction and category"
        case .checkpoints: "each checkpoint recomputes from the rows and the checkpoint before it"
        case .identity: "no transaction is stored twice"
        case .values: "amounts positive, directions, statuses and days readable"
        case .currencies: "every row in its account's currency"
        case .commodities: "every unit stored is ISO 4217 or a declared commodity"
        case .accountLimits: "amounts plus twice the largest balance within 64 bits"
        }
    }

    /// A stored checkpoint with the one before it, as the checkpoints check reads it.
    struct StoredCheckpoint {
        let name: String?
        let asOf: String
        let expected: Int64?
        let actual: Int64
        let discrepancy: Int64?
        let status: String
        let previous: Int64?
        let previousDay: String?
        let account: Int64
    }

    /// An account's stored sums and its rows' amounts (in two halves, so their sum can't
    /// overflow in the store), as the account limits check reads them.
    struct StoredVolume {
        let name: String
        let volume: Int64?
        let largest: Int64?
        let high: Int64
        let low: Int64
    }

    /// Every checkpoint with the statement balance and day of the one before it, in the columns
    /// of ``StoredCheckpoint``'s order, sorted by `order` (each store's byte order of names).
    static func checkpointsSQL(orderedBy order: String) -> String {
        """
        SELECT a.name, c.as_of, c.expected, c.actual, c.discrepancy, c.status,
            (SELECT p.actual FROM checkpoints p WHERE p.account_id = c.account_id AND p.as_of < c.as_of
             ORDER BY p.as_of DESC LIMIT 1),
            (SELECT p.as_of FROM checkpoints p WHERE p.account_id = c.account_id AND p.as_of < c.as_of
             ORDER BY p.as_of DESC LIMIT 1),
            c.account_id
        FROM checkpoints c LEFT JOIN accounts a ON a.id = c.account_id
        ORDER BY \(order)
        """
    }

    /// The booked net of account `1` after day `2` (every day when `NULL`) through day `3`, summed
    /// from the rows themselves, with `?`/`$` (`placeholder`) numbered parameters.
    static func checkpointNetSQL(placeholder: String) -> String {
        """
        SELECT coalesce(sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END), 0) FROM transactions
        WHERE account_id = \(placeholder)1 AND status = 'booked' AND day > coalesce(\(placeholder)2, '')
            AND day <= \(placeholder)3
        """
    }

    // MARK: - Findings

    /// An item of `check`: the findings `run` gives, or the one line saying why it couldn't run.
    func item(_ run: () throws(StoreError) -> [String]) -> LedgerCheck.Item {
        LedgerCheck.item(name: name, summary: summary, run)
    }

    static func dailyTotal(account: String?, day: String, net: Int64, stored: Int64?) -> String {
        "\(named(account)) on \(day): rows net \(net), daily total \(stored.map(String.init) ?? "none")"
    }

    static func reportTotal(
        account: String?, day: String, currency: String, direction: String, category: String,
        rows: (amount: Int64, count: Int64), stored: (amount: Int64, count: Int64)?
    ) -> String {
        let storedText = stored.map { "\($0.amount) in \($0.count) rows" } ?? "none"
        let categoryText = category.isEmpty ? "no category" : "category \"\(category)\""
        return "\(named(account)) on \(day), \(currency) \(direction)s, \(categoryText): "
            + "rows \(rows.amount) in \(rows.count) rows, report total \(storedText)"
    }

    static func identity(account: String?, day: String, count: Int64, shared: String) -> String {
        "\(named(account)) on \(day): \(count) rows share one \(shared)"
    }

    static func currency(transaction: Int64, currency: String, account: String?, accountCurrency: String?) -> String {
        guard let account else { return "transaction \(transaction): no such account" }
        return "transaction \(transaction): \(currency) in \(account), which holds \(accountCurrency ?? "")"
    }

    /// The checkpoints whose expected balance or discrepancy don't follow from `net` (the booked
    /// rows after the checkpoint before, through its day) and the checkpoint before.
    static func checkpointFindings(
        _ checkpoints: [StoredCheckpoint], net: (StoredCheckpoint) throws(StoreError) -> Int64
    ) throws(StoreError) -> [String] {
        var findings: [String] = []
        for checkpoint in checkpoints {
            let name = named(checkpoint.name)
            guard
                let fresh = Reconciliation(
                    previous: checkpoint.previous, net: try net(checkpoint), actual: checkpoint.actual)
            else {
                findings.append("\(name) on \(checkpoint.asOf): the expected balance overflows 64 bits")
                continue
            }
            if fresh.expected != checkpoint.expected || fresh.discrepancy != checkpoint.discrepancy
                || fresh.status.rawValue != checkpoint.status
            {
                func text(_ value: Int64?) -> String { value.map(String.init) ?? "none" }
                findings.append(
                    "\(name) on \(checkpoint.asOf): stored expected \(text(checkpoint.expected)), "
                        + "discrepancy \(text(checkpoint.discrepancy)), \(checkpoint.status); the rows give expected "
                        + "\(text(fresh.expected)), discrepancy \(text(fresh.discrepancy)), \(fresh.status.rawValue)")
            }
        }
        return findings
    }

    /// Accounts whose stored volume isn't their rows' amounts, or which are past the limit.
    static func limitFindings(_ accounts: [StoredVolume]) -> [String] {
        var findings: [String] = []
        for account in accounts {
            let (shifted, overflowed) = account.high.multipliedReportingOverflow(by: 1 << 32)
            let (sum, overflowedSum) = shifted.addingReportingOverflow(account.low)
            let rowsVolume: Int64? = overflowed || overflowedSum ? nil : sum
            guard let volume = account.volume, let largest = account.largest,
                Ledger.isWithinLimit(volume: volume, largestBalance: largest), let rowsVolume
            else {
                findings.append("\(account.name): past the limit; its sums may not be readable")
                continue
            }
            if volume != rowsVolume {
                findings.append("\(account.name): stored volume \(volume), the rows' amounts add up to \(rowsVolume)")
            }
        }
        return findings
    }

    /// Units held (`holders`: who holds it, and the code) that are neither ISO 4217 nor declared,
    /// and declarations (code and digits, by code) that declare nothing.
    static func commodityFindings(
        declarations: [(code: String, digits: Int)], holders: [(holder: String, code: String)], location: String
    ) -> [String] {
        var declared: [String: Int] = [:]
        var findings: [String] = []
        for (code, digits) in declarations {
            do throws(CoreError) {
                let commodity = try Currency.declared(code: code, minorDigits: digits, at: .file(location))
                if commodity.isISO {
                    findings.append("commodities: \(code) is ISO 4217; expected only codes beyond it")
                } else {
                    declared[code] = digits
                }
            } catch {
                findings.append("commodities: " + error.message)
            }
        }
        for (holder, code) in holders where Currency(code: code) == nil && declared[code] == nil {
            findings.append(
                "\(holder) in \(code), which is neither ISO 4217 nor declared; "
                    + "expected a declared commodity (`ledgerport commodities add \(code) --digits N`)")
        }
        return findings
    }

    /// An account's name in double quotes, or what a row with no account is.
    static func named(_ name: String?) -> String {
        name.map { "\"\($0)\"" } ?? "a missing account"
    }
}

extension LedgerCheck {
    /// An item of `check`: the findings `run` gives, or the one line saying why it couldn't run
    /// (a check that can't run is a finding of that check; the others still run).
    static func item(name: String, summary: String, _ run: () throws(StoreError) -> [String]) -> Item {
        do {
            return Item(name: name, summary: summary, findings: try run())
        } catch {
            return Item(name: name, summary: summary, findings: ["could not run: \(error.message)"])
        }
    }
}
