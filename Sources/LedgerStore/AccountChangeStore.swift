import LedgerCore

/// `accounts rename`, `accounts set` and `accounts merge` on a ledger, whichever store holds it
/// (issue 21). Each is one transaction; a dry run does it all, reports, and rolls back.
///
/// The checks and the order of the steps are written once (``AccountChanging``); a store keeps
/// only its SQL: reading the accounts under a lock, writing a column, moving a merge's rows.
public protocol AccountChangeStore: ImportStore {
    /// Renames an account.
    ///
    /// A new name that differs from the old one only in case is allowed; one that another account
    /// has, even in another case, is refused (two accounts told apart only by case are one account
    /// split in two by a typo).
    ///
    /// - Returns: the account with its new name.
    /// - Throws: ``StoreError`` with ``AccountChangeRefusal`` when the name is empty, the same or
    ///   taken; on a failure nothing is changed.
    func renameAccount(_ account: StoredAccount, to name: String, dryRun: Bool) throws(StoreError) -> StoredAccount

    /// Changes an account's currency, its kind, or both.
    ///
    /// The currency changes only when no transaction of the account is in another currency, and,
    /// when the account has checkpoints or statement balances, only to a currency with as many
    /// decimals (those figures are counted in minor units). The kind changes no stored amount.
    ///
    /// - Returns: the account as it is (or would be) afterwards.
    /// - Throws: ``StoreError`` with ``AccountChangeRefusal`` when a row is in another currency.
    func setAccount(_ account: StoredAccount, currency: Currency?, kind: AccountKind?, dryRun: Bool)
        throws(StoreError) -> StoredAccount

    /// Merges one account into another: `from`'s transactions, statement balances, checkpoints,
    /// tombstones and source link move to `into`, and `from` is removed.
    ///
    /// A transaction of `from` that `into` already holds (the same identity, or the same source
    /// id) is dropped and counted; so is a statement balance or checkpoint on a day (and of a
    /// kind) `into` has one for. `into`'s checkpoints are recomputed from the earliest day moved.
    ///
    /// - Returns: what moved, what was dropped as a duplicate, and the checkpoints recomputed.
    /// - Throws: ``StoreError`` with ``AccountChangeRefusal`` for one account, two currencies or
    ///   two source links; on any failure nothing is changed.
    func mergeAccount(_ from: StoredAccount, into: StoredAccount, dryRun: Bool) throws(StoreError) -> AccountMerge
}

extension AccountChangeRefusal {
    /// Why `current` can't be renamed `name` among the ledger's `accounts`, if it can't.
    static func renaming(_ current: StoredAccount, to name: String, among accounts: [StoredAccount])
        -> AccountChangeRefusal?
    {
        guard name.contains(where: { !$0.isWhitespace }) else { return .emptyName }
        guard name != current.name else { return .sameName(name) }
        let folded = name.lowercased()
        if let other = accounts.first(where: { $0.id != current.id && $0.name.lowercased() == folded }) {
            return .nameTaken(wanted: name, existing: other.name)
        }
        return nil
    }

    /// Why `source` can't be merged into `target`, if it can't.
    static func merging(_ source: StoredAccount, into target: StoredAccount) -> AccountChangeRefusal? {
        guard source.id != target.id else { return .mergeIntoItself(source.name) }
        guard source.currency == target.currency else {
            return .currencies(
                from: source.name, fromCurrency: source.currency.code, into: target.name,
                intoCurrency: target.currency.code)
        }
        if let key = source.key, let other = target.key, key != other {
            return .sourceKeys(from: source.name, into: target.name)
        }
        return nil
    }
}

/// What a store does for an account change; the changes themselves are written once, below.
protocol AccountChanging: LedgerReading {
    /// Runs `body` in one write transaction: committed, or rolled back after it in a dry run.
    func correction<T>(dryRun: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T
    /// The accounts as stored now, each held (locked in id order) until the end of the
    /// transaction; an unknown one is ``StoreError/Reason/unknownAccount(_:)``, the first
    /// given first.
    func heldAccounts(_ accounts: [StoredAccount]) throws(StoreError) -> [StoredAccount]
    /// Writes an account's new name and marks it the person's choice (a source no longer renames it).
    func writeName(_ name: String, of account: StoredAccount) throws(StoreError)
    /// The account's transactions in other currencies than `currency`: each currency with its count.
    func rowCounts(of account: StoredAccount, notIn currency: Currency) throws(StoreError)
        -> [(currency: String, rows: Int)]
    /// How many checkpoints and statement balances the account has.
    func figureCount(of account: StoredAccount) throws(StoreError) -> Int
    /// Writes an account's currency, declaring a commodity the ledger doesn't know yet.
    func writeCurrency(_ currency: Currency, of account: StoredAccount) throws(StoreError)
    /// Writes an account's kind.
    func writeKind(_ kind: AccountKind, of account: StoredAccount) throws(StoreError)
    /// Moves everything of `merge.from` to `merge.into` (the merge's SQL: duplicates dropped and
    /// counted, the rest moved, the source link, tombstones and limit carried) and removes it;
    /// notes the earliest days moved.
    func moveAccount(_ merge: inout AccountMerge, changes: inout ChangedDays) throws(StoreError)
    /// Recomputes the checkpoints whose windows hold the changed days; returns those that changed.
    func refreshCheckpoints(after changes: ChangedDays) throws(StoreError) -> [Checkpoint]
}

extension AccountChanging {
    /// ``AccountChangeStore/renameAccount(_:to:dryRun:)``, the same on both stores.
    func renamedAccount(_ account: StoredAccount, to name: String, dryRun: Bool) throws(StoreError)
        -> StoredAccount
    {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            let current = try heldAccounts([account])[0]
            if let refusal = AccountChangeRefusal.renaming(current, to: name, among: try allAccounts()) {
                throw refused(refusal)
            }
            try writeName(name, of: current)
            var renamed = current
            renamed.name = name
            return renamed
        }
    }

    /// ``AccountChangeStore/setAccount(_:currency:kind:dryRun:)``, the same on both stores.
    func changedAccount(_ account: StoredAccount, currency: Currency?, kind: AccountKind?, dryRun: Bool)
        throws(StoreError) -> StoredAccount
    {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            var changed = try heldAccounts([account])[0]
            if let currency, currency != changed.currency {
                try checkCurrencyChange(of: changed, to: currency)
                try writeCurrency(currency, of: changed)
                changed.currency = currency
            }
            if let kind, kind != changed.kind {
                try writeKind(kind, of: changed)
                changed.kind = kind
            }
            return changed
        }
    }

    /// ``AccountChangeStore/mergeAccount(_:into:dryRun:)``, the same on both stores.
    func mergedAccount(_ from: StoredAccount, into: StoredAccount, dryRun: Bool) throws(StoreError) -> AccountMerge {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            let held = try heldAccounts(from.id == into.id ? [from] : [from, into])
            let source = held[0]
            let target = held.count > 1 ? held[1] : held[0]
            if let refusal = AccountChangeRefusal.merging(source, into: target) { throw refused(refusal) }
            var merge = AccountMerge(from: source, into: target)
            var changes = ChangedDays()
            try moveAccount(&merge, changes: &changes)
            merge.refreshed = try refreshCheckpoints(after: changes)
            return merge
        }
    }

    /// Refuses a currency the account's rows or figures don't allow: the currency most rows are
    /// in names the clash, the count is every row in another one.
    private func checkCurrencyChange(of account: StoredAccount, to currency: Currency) throws(StoreError) {
        let others = try rowCounts(of: account, notIn: currency)
        if let found = others.max(by: { $0.rows < $1.rows }) {
            throw refused(
                .currencyInUse(
                    account: account.name, rows: others.reduce(0) { $0 + $1.rows }, currency: found.currency,
                    wanted: currency.code))
        }
        guard currency.minorDigits != account.currency.minorDigits else { return }
        let figures = try figureCount(of: account)
        if figures > 0 {
            throw refused(
                .minorUnits(
                    account: account.name, currency: account.currency.code, wanted: currency.code, figures: figures))
        }
    }

    private func refused(_ refusal: AccountChangeRefusal) -> StoreError {
        StoreError(.accountChangeRefused(refusal), at: .file(shownLocation))
    }
}
