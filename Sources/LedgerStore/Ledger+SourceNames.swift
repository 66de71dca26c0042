import LedgerCore

extension Ledger {
    /// Whether a declaration would rename an account found by its source key: the source now
    /// gives it another name.
    static func declaresNewName(_ reference: AccountReference, for existing: StoredAccount) -> Bool {
        guard let key = reference.key else { return false }
        return existing.key == key && existing.name != reference.name
    }

    /// Gives a source-keyed account the name its source declares now, inside the caller's write
    /// transaction, so that an account has one name whichever way its data arrived: an import of
    /// a whole feed names it as its source last did, and a sync of the same feed renames it as
    /// each accounts batch does.
    ///
    /// A name the person chose (`accounts rename`, a merge that brought the link) is kept, as is
    /// the current name when another account has the declared one.
    ///
    /// - Returns: the account, renamed or not.
    func followSourceName(of existing: StoredAccount, declared reference: AccountReference) throws(StoreError)
        -> StoredAccount
    {
        guard Ledger.declaresNewName(reference, for: existing) else { return existing }
        let chosen = try database.prepare("SELECT named_by_user FROM accounts WHERE id = ?").rows([.int(existing.id)]) {
            row throws(StoreError) in row.int(0) != 0
        }.first
        guard chosen == false, try account(named: reference.name) == nil else { return existing }
        try database.prepare("UPDATE accounts SET name = ? WHERE id = ?").run([
            .text(reference.name), .int(existing.id),
        ])
        var renamed = existing
        renamed.name = reference.name
        return renamed
    }

    /// Marks an account's name as the person's choice: its source no longer renames it.
    func markNameChosen(_ account: StoredAccount) throws(StoreError) {
        try database.prepare("UPDATE accounts SET named_by_user = 1 WHERE id = ?").run([.int(account.id)])
    }
}
