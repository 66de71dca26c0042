import LedgerCore

/// Transfers on PostgreSQL (issue 21): the same matching, candidates and checks as on SQLite
/// (``TransferTables``'s extension), in this file's SQL.
///
/// Every change takes the `transfers` table in `SHARE ROW EXCLUSIVE` mode first: two matchings
/// (two imports ending at once), or a matching and a confirm or a split, run one after the other,
/// the later one reading what the earlier one committed, so no pair is made twice or on a row
/// another pair just took. Listings read in one snapshot (a read-only `REPEATABLE READ`
/// transaction). Names sort in byte order (`COLLATE "C"`), as SQLite's `BINARY`.
extension PostgresLedger: TransferStore {
    public func matchTransfers(maxDays: Int) throws(StoreError) -> TransferMatchReport {
        try changingTransfers { () throws(StoreError) in try matchingTransfers(maxDays: maxDays) }
    }

    public func transfers() throws(StoreError) -> [StoredTransfer] {
        try readingTransfers { () throws(StoreError) in try listedTransfers() }
    }

    public func transferCandidates(maxDays: Int) throws(StoreError) -> [TransferCandidateRow] {
        try readingTransfers { () throws(StoreError) in try listedTransferCandidates(maxDays: maxDays) }
    }

    public func confirmTransfer(outID: Int64, inID: Int64) throws(StoreError) -> Int64 {
        try changingTransfers { () throws(StoreError) in try confirmingTransfer(outID: outID, inID: inID) }
    }

    @discardableResult
    public func splitTransfer(id: Int64) throws(StoreError) -> TransferPair {
        try changingTransfers { () throws(StoreError) in try splittingTransfer(id: id) }
    }

    // MARK: - Private

    /// Runs a change of the transfers in one transaction holding the table against other changes.
    private func changingTransfers<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try correction(dryRun: false) { () throws(StoreError) in
            try holdTransfers()
            return try body()
        }
    }

    /// Runs a listing in one read-only snapshot.
    private func readingTransfers<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.inTransaction { () throws(StoreError) in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            return try body()
        }
    }
}

/// The transfer tables in PostgreSQL's SQL.
extension PostgresLedger: TransferTables {
    func hasSeveralAccounts() throws(StoreError) -> Bool {
        try connection.query("SELECT count(*) FROM accounts").rows.first?.int(0) ?? 0 > 1
    }

    func transferCandidateRows(unpairedOnly: Bool) throws(StoreError) -> [TransferCandidate] {
        let result = try connection.query(TransferSQL.candidates(unpairedOnly: unpairedOnly))
        return try result.rows.map { row throws(StoreError) in
            let day = try storedDay(try row.text(2), column: "transactions.day")
            return TransferCandidate(
                id: try row.int(0), accountID: try row.int(1), day: day, minorUnits: try row.int(3),
                currency: try row.text(4), direction: try row.text(5) == "debit" ? .debit : .credit)
        }
    }

    func unpairedTransferCategoryRows() throws(StoreError) -> [Int64] {
        try connection.query(TransferSQL.unpairedCategoryRows).rows.map { row throws(StoreError) in try row.int(0) }
    }

    func refusedTransferPairs() throws(StoreError) -> Set<TransferPair> {
        Set(
            try connection.query("SELECT out_id, in_id FROM transfer_refusals").rows.map { row throws(StoreError) in
                TransferPair(outID: try row.int(0), inID: try row.int(1))
            })
    }

    func storedTransferPairs(matchedOnly: Bool) throws(StoreError)
        -> [(id: Int64, state: TransferState, pair: TransferPair)]
    {
        try connection.query(
            """
            SELECT p.id, p.state, p.out_id, p.in_id FROM transfers p
            JOIN transactions t ON t.id = p.out_id
            JOIN accounts a ON a.id = t.account_id
            WHERE NOT $1::boolean OR p.state = 'matched'
            ORDER BY t.day COLLATE "C", a.name COLLATE "C", p.id
            """, [matchedOnly ? "true" : "false"]
        ).rows.map { row throws(StoreError) in
            (
                id: try row.int(0), state: TransferState(rawValue: try row.text(1)) ?? .matched,
                pair: TransferPair(outID: try row.int(2), inID: try row.int(3))
            )
        }
    }

    func transferPairs(touching first: Int64, _ second: Int64) throws(StoreError)
        -> [(id: Int64, pair: TransferPair)]
    {
        try connection.query(
            "SELECT id, out_id, in_id FROM transfers WHERE out_id IN ($1, $2) OR in_id IN ($1, $2) ORDER BY id",
            [String(first), String(second)]
        ).rows.map { row throws(StoreError) in
            (id: try row.int(0), pair: TransferPair(outID: try row.int(1), inID: try row.int(2)))
        }
    }

    func transferPair(id: Int64) throws(StoreError) -> TransferPair? {
        guard
            let row = try connection.query("SELECT out_id, in_id FROM transfers WHERE id = $1", [String(id)]).rows.first
        else { return nil }
        return TransferPair(outID: try row.int(0), inID: try row.int(1))
    }

    func transferCount() throws(StoreError) -> Int {
        Int(try connection.query("SELECT count(*) FROM transfers").rows.first?.int(0) ?? 0)
    }

    func deleteTransfer(id: Int64) throws(StoreError) {
        try connection.query("DELETE FROM transfers WHERE id = $1", [String(id)])
    }

    func insertTransfer(_ pair: TransferPair, state: TransferState) throws(StoreError) -> Int64 {
        let inserted = try connection.query(
            "INSERT INTO transfers (out_id, in_id, state) VALUES ($1, $2, $3) RETURNING id",
            [String(pair.outID), String(pair.inID), state.rawValue])
        return try inserted.rows.first?.int(0) ?? 0
    }

    func markTransferConfirmed(id: Int64) throws(StoreError) {
        try connection.query("UPDATE transfers SET state = 'confirmed' WHERE id = $1", [String(id)])
    }

    func refuseTransfer(_ pair: TransferPair) throws(StoreError) {
        try connection.query(
            "INSERT INTO transfer_refusals (out_id, in_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            [String(pair.outID), String(pair.inID)])
    }

    func forgetTransferRefusal(_ pair: TransferPair) throws(StoreError) {
        try connection.query(
            "DELETE FROM transfer_refusals WHERE out_id = $1 AND in_id = $2", [String(pair.outID), String(pair.inID)])
    }

    func refusedCorrection(_ refusal: CorrectionRefusal) -> StoreError {
        StoreError(.correctionRefused(refusal), at: .file(location))
    }
}
