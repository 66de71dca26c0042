import LedgerCore

/// The account limit: every sum the ledger computes fits in 64 bits.
///
/// For every account, `volume + 2 × largest balance ≤ Int64.max`, where `volume` is the sum of the
/// amounts of all its rows (booked and pending) and `largest balance` the largest magnitude of any
/// balance stated for it (statement balances, checkpoints, rows' running balances). Then every
/// partial sum of its rows, every day's net, its total, a checkpoint's expected balance
/// (`previous + net`) and discrepancy (`actual - expected`) and its current balance fit, so no
/// input can leave the ledger unreadable. The store checks it at its one door, before a write
/// commits, with the account's `volume` and `largest_balance` columns (migration 8): one read and
/// one update per account and write, never a read per row. Deletes and updates keep `volume` by
/// trigger; `largest_balance` only grows.
extension Ledger {
    /// The most `volume + 2 × largest balance` may reach, in minor units.
    public static let accountLimit = Int64.max

    /// Whether an account's volume and largest balance keep every sum within 64 bits.
    static func isWithinLimit(volume: Int64, largestBalance: Int64) -> Bool {
        guard volume >= 0, largestBalance >= 0 else { return false }
        let (twice, overflowedTwice) = largestBalance.multipliedReportingOverflow(by: 2)
        let (total, overflowed) = volume.addingReportingOverflow(twice)
        return !overflowedTwice && !overflowed && total <= accountLimit
    }

    /// Checks a write's additions against the limit, in the order they were made, and adds the
    /// new rows' amounts to their accounts' volumes. Call it inside the write's transaction,
    /// after its updates and deletes (whose triggers keep `volume`) and before anything sums.
    ///
    /// - Throws: ``StoreError/Reason/accountLimit(account:currency:volume:balance:)`` located at the
    ///   first record that takes its account past the limit; the caller's transaction rolls back.
    func recordAdditions(_ additions: AccountAdditions) throws(StoreError) {
        guard !additions.isEmpty else { return }
        let update = try prepared(
            "UPDATE accounts SET volume = ?, largest_balance = max(largest_balance, ?) WHERE id = ?")
        for (account, entries) in additions.byAccount {
            let state = try limitState(of: account)
            var volume: Int64? = state.volume
            var largest: Int64? = state.largestBalance
            for entry in entries {
                if entry.isNew, let current = volume {
                    let (sum, overflow) = current.addingReportingOverflow(entry.amount)
                    volume = overflow ? nil : sum
                }
                if let balance = entry.balance, let current = largest {
                    let magnitude = Int64(exactly: balance.magnitude)
                    largest = magnitude.map { max(current, $0) }
                }
                guard let volume, let largest, Ledger.isWithinLimit(volume: volume, largestBalance: largest) else {
                    throw StoreError(
                        .accountLimit(account: state.name, currency: state.currency, volume: volume, balance: largest),
                        at: entry.location)
                }
            }
            // The loop's guard saw both values; an account with no entries isn't in `byAccount`.
            guard let volume, let largest else { continue }
            try update.run([.int(volume), .int(largest), .int(account)])
        }
    }

    /// Checks a stated balance (a statement balance, a checkpoint) against the limit and records it
    /// as the account's largest when it is. Call it inside the write's transaction.
    func recordBalance(_ signedMinorUnits: Int64, account: Int64, at location: SourceLocation) throws(StoreError) {
        var additions = AccountAdditions()
        additions.addBalance(signedMinorUnits, account: account, at: location)
        try recordAdditions(additions)
    }

    /// Checks the limit for an account that has just taken another's rows and balances (a merge):
    /// the rows' amounts reached its volume by trigger; the other's largest balance becomes its own
    /// when larger. Call it inside the merge's transaction, before the other account is deleted.
    ///
    /// - Throws: ``StoreError/Reason/accountLimit(account:currency:volume:balance:)`` when the
    ///   merged account would pass the limit; the caller's transaction rolls back.
    func carryLimit(from source: Int64, into target: Int64) throws(StoreError) {
        let largest = try limitState(of: source).largestBalance ?? Ledger.accountLimit
        try recordBalance(largest, account: target, at: .file(path))
    }

    /// An account's name, currency, volume and largest balance as stored (`nil` for a value that
    /// is not an integer: SQLite turns an overflowing `+` into a real number).
    private func limitState(of account: Int64) throws(StoreError) -> (
        name: String, currency: String, volume: Int64?, largestBalance: Int64?
    ) {
        let query = try prepared(
            """
            SELECT name, currency, volume, typeof(volume) = 'integer', largest_balance,
                typeof(largest_balance) = 'integer'
            FROM accounts WHERE id = ?
            """)
        let rows = try query.rows([.int(account)]) { row throws(StoreError) in
            (row.text(0), row.text(1), row.int(3) != 0 ? row.int(2) : nil, row.int(5) != 0 ? row.int(4) : nil)
        }
        guard let state = rows.first else {
            throw StoreError(.corruptValue(column: "accounts.id", found: String(account)), at: .file(path))
        }
        return state
    }
}

/// What one write adds to accounts: new rows' amounts, balances stated, and rows updated in place
/// (whose amounts the triggers have already counted), in the order the write made them.
struct AccountAdditions {
    struct Entry {
        /// The amount, in minor units (positive).
        var amount: Int64
        /// Whether the amount is new to the account's volume (an insert, not an update).
        var isNew: Bool
        /// A balance stated with it, signed minor units.
        var balance: Int64?
        var location: SourceLocation
    }

    private(set) var byAccount: [Int64: [Entry]] = [:]

    var isEmpty: Bool { byAccount.isEmpty }

    /// Adds a row: inserted (`isNew`) or updated in place.
    mutating func add(_ row: PendingRow, isNew: Bool) {
        byAccount[row.accountID, default: []].append(
            Entry(
                amount: row.draft.amount.minorUnits, isNew: isNew, balance: row.draft.runningBalance,
                location: row.draft.location))
    }

    /// Adds a stated balance.
    mutating func addBalance(_ signedMinorUnits: Int64, account: Int64, at location: SourceLocation) {
        byAccount[account, default: []].append(
            Entry(amount: 0, isNew: false, balance: signedMinorUnits, location: location))
    }
}
