import LedgerCore

/// Whether ledgerport paired a transfer's rows or the person did (or agreed).
public enum TransferState: String, Sendable, Hashable {
    /// Paired by matching; matching may pair the rows differently when the ledger changes.
    case matched
    /// Paired or agreed by the person (`transfers confirm`); matching never undoes it.
    case confirmed
}

/// A transfer as the ledger holds it: the debit row and the credit row.
public struct StoredTransfer: Sendable, Hashable {
    public var id: Int64
    public var state: TransferState
    /// The debit row (money out).
    public var out: StoredTransaction
    /// The credit row (money in).
    public var `in`: StoredTransaction
}

/// What a run of transfer matching changed.
public struct TransferMatchReport: Sendable, Hashable {
    /// Pairs matching made that weren't there before.
    public var added = 0
    /// Matched pairs matching no longer makes (a row changed, or a better counterpart came).
    public var removed = 0
    /// Pairs in the ledger afterwards, matched and confirmed.
    public var pairs = 0
    /// Unpaired booked rows with two or more equally good counterparts.
    public var ambiguous = 0
}

/// An unpaired row that looks like one side of a transfer.
public struct TransferCandidateRow: Sendable, Hashable {
    public var row: StoredTransaction
    /// The rows it could pair with (equally good, so none was chosen), sorted by id; empty when
    /// only its category says it is a transfer.
    public var counterparts: [Int64]
}

/// The other side of a row in a transfer, as an export reads it.
public struct TransferPartner: Sendable, Hashable {
    /// The pair's id.
    public var transferID: Int64
    /// The other row's id, account id, booking day and status.
    public var rowID: Int64
    public var accountID: Int64
    public var day: Day
    public var isPending: Bool
}

extension Ledger: TransferStore {
    /// The days two sides of a transfer may be apart by default.
    public static let transferDays = 3

    /// Pairs the two sides of transfers between the ledger's accounts again (``TransferMatching``).
    ///
    /// Reads every booked row not in a confirmed pair whose amount and currency also appear in
    /// the other direction in another account, matches them, and in one write transaction drops
    /// the matched pairs the result no longer holds and adds the new ones. Confirmed pairs and
    /// split pairs (`transfer_refusals`) are never changed. Pending rows are never matched: the
    /// bank may still change their day or amount.
    ///
    /// - Parameter maxDays: the most days two sides may be apart.
    /// - Throws: ``StoreError``; nothing is changed then.
    public func matchTransfers(maxDays: Int = Ledger.transferDays) throws(StoreError) -> TransferMatchReport {
        try correction(dryRun: false) { () throws(StoreError) in try matchingTransfers(maxDays: maxDays) }
    }

    /// Every transfer, by the debit row's booking day, then its account's name, then the pair's id.
    public func transfers() throws(StoreError) -> [StoredTransfer] {
        try read { () throws(StoreError) in try listedTransfers() }
    }

    /// Unpaired booked rows that look like a transfer's side: ones with possible counterparts
    /// when the unpaired rows are matched with `maxDays` (equally good ones, or one that a wider
    /// window than the stored pairs' reaches), and ones filed under a QIF-style transfer category
    /// (`[Savings]`); by booking day, then account name, then id.
    public func transferCandidates(maxDays: Int = Ledger.transferDays) throws(StoreError) -> [TransferCandidateRow] {
        try read { () throws(StoreError) in try listedTransferCandidates(maxDays: maxDays) }
    }

    /// Pairs two rows by hand, or confirms the pair they already are.
    ///
    /// The rows must both be booked, in different accounts, with the same amount and currency
    /// and opposite directions, and neither in another pair; their days may be any distance
    /// apart. A refusal of the same two rows is forgotten.
    ///
    /// - Returns: the pair's id.
    /// - Throws: ``StoreError`` with a ``CorrectionRefusal`` that says which rule the rows break.
    public func confirmTransfer(outID: Int64, inID: Int64) throws(StoreError) -> Int64 {
        try correction(dryRun: false) { () throws(StoreError) in try confirmingTransfer(outID: outID, inID: inID) }
    }

    /// Unpairs a transfer and records the refusal, so matching never pairs the two rows again.
    ///
    /// - Returns: the rows that were paired.
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownTransfer(_:)`` for an unknown id.
    @discardableResult
    public func splitTransfer(id: Int64) throws(StoreError) -> TransferPair {
        try correction(dryRun: false) { () throws(StoreError) in try splittingTransfer(id: id) }
    }

    /// For each row of `accountIDs` in a transfer, the other side; read once by an export.
    public func transferPartners(accountIDs: [Int64]) throws(StoreError) -> [Int64: TransferPartner] {
        guard !accountIDs.isEmpty else { return [:] }
        let wanted = Set(accountIDs)
        var partners: [Int64: TransferPartner] = [:]
        let rows = try database.prepare(TransferPartner.pairsSQL).rows { row throws(StoreError) in
            (
                id: row.int(0),
                out: TransferPartner(
                    transferID: row.int(0), rowID: row.int(1), accountID: row.int(2),
                    day: try correctedDay(row.text(3)), isPending: row.text(4) == "pending"),
                in: TransferPartner(
                    transferID: row.int(0), rowID: row.int(5), accountID: row.int(6),
                    day: try correctedDay(row.text(7)), isPending: row.text(8) == "pending")
            )
        }
        for pair in rows {
            if wanted.contains(pair.out.accountID) { partners[pair.out.rowID] = pair.in }
            if wanted.contains(pair.in.accountID) { partners[pair.in.rowID] = pair.out }
        }
        return partners
    }

    // MARK: - Private

    /// Why two rows can't be a transfer's debit and credit, or `nil` when they can.
    static func whyNotATransfer(out: StoredTransaction, in into: StoredTransaction) -> String? {
        if out.direction != .debit || into.direction != .credit {
            return
                "the first row must be money out (a debit) and the second money in (a credit); found \(out.direction.rawValue) and \(into.direction.rawValue)"
        }
        if out.account == into.account { return "both rows are in account \"\(out.account)\"; expected two accounts" }
        if out.amount.currency != into.amount.currency {
            return "the currencies differ (\(out.amount.currency.code) and \(into.amount.currency.code)); expected one"
        }
        if out.amount.minorUnits != into.amount.minorUnits {
            return "the amounts differ (\(out.amount) and \(into.amount)); expected the same amount"
        }
        if out.status != .booked || into.status != .booked {
            return "a pending row is never a transfer's side; expected two booked rows"
        }
        return nil
    }
}

/// The transfer tables in SQLite's SQL; the work made of them is ``TransferTables``'s.
extension Ledger: TransferTables {
    func hasSeveralAccounts() throws(StoreError) -> Bool {
        try database.prepare("SELECT count(*) FROM accounts").rows { $0.int(0) }.first ?? 0 > 1
    }

    func transferCandidateRows(unpairedOnly: Bool) throws(StoreError) -> [TransferCandidate] {
        try database.prepare(TransferSQL.candidates(unpairedOnly: unpairedOnly)).rows { row throws(StoreError) in
            TransferCandidate(
                id: row.int(0), accountID: row.int(1), day: try correctedDay(row.text(2)), minorUnits: row.int(3),
                currency: row.text(4), direction: row.text(5) == "debit" ? .debit : .credit)
        }
    }

    func unpairedTransferCategoryRows() throws(StoreError) -> [Int64] {
        try database.prepare(TransferSQL.unpairedCategoryRows).rows { $0.int(0) }
    }

    func refusedTransferPairs() throws(StoreError) -> Set<TransferPair> {
        Set(
            try database.prepare("SELECT out_id, in_id FROM transfer_refusals").rows { row throws(StoreError) in
                TransferPair(outID: row.int(0), inID: row.int(1))
            })
    }

    func storedTransferPairs(matchedOnly: Bool) throws(StoreError)
        -> [(id: Int64, state: TransferState, pair: TransferPair)]
    {
        try database.prepare(
            """
            SELECT p.id, p.state, p.out_id, p.in_id FROM transfers p
            JOIN transactions t ON t.id = p.out_id
            JOIN accounts a ON a.id = t.account_id
            WHERE ?1 = 0 OR p.state = 'matched'
            ORDER BY t.day, a.name, p.id
            """
        ).rows([.int(matchedOnly ? 1 : 0)]) { row in
            (
                id: row.int(0), state: TransferState(rawValue: row.text(1)) ?? .matched,
                pair: TransferPair(outID: row.int(2), inID: row.int(3))
            )
        }
    }

    func transferPairs(touching first: Int64, _ second: Int64) throws(StoreError)
        -> [(id: Int64, pair: TransferPair)]
    {
        try database.prepare(
            "SELECT id, out_id, in_id FROM transfers WHERE out_id IN (?1, ?2) OR in_id IN (?1, ?2) ORDER BY id"
        ).rows([.int(first), .int(second)]) { row in
            (id: row.int(0), pair: TransferPair(outID: row.int(1), inID: row.int(2)))
        }
    }

    func transferPair(id: Int64) throws(StoreError) -> TransferPair? {
        try database.prepare("SELECT out_id, in_id FROM transfers WHERE id = ?").rows([.int(id)]) { row in
            TransferPair(outID: row.int(0), inID: row.int(1))
        }.first
    }

    func transferCount() throws(StoreError) -> Int {
        Int(try database.prepare("SELECT count(*) FROM transfers").rows { $0.int(0) }.first ?? 0)
    }

    func deleteTransfer(id: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM transfers WHERE id = ?").run([.int(id)])
    }

    func insertTransfer(_ pair: TransferPair, state: TransferState) throws(StoreError) -> Int64 {
        try database.prepare("INSERT INTO transfers (out_id, in_id, state) VALUES (?, ?, ?)").run([
            .int(pair.outID), .int(pair.inID), .text(state.rawValue),
        ])
        return try database.prepare("SELECT last_insert_rowid()").rows { $0.int(0) }.first ?? 0
    }

    func markTransferConfirmed(id: Int64) throws(StoreError) {
        try database.prepare("UPDATE transfers SET state = 'confirmed' WHERE id = ?").run([.int(id)])
    }

    func refuseTransfer(_ pair: TransferPair) throws(StoreError) {
        try database.prepare("INSERT OR IGNORE INTO transfer_refusals (out_id, in_id) VALUES (?, ?)").run([
            .int(pair.outID), .int(pair.inID),
        ])
    }

    func forgetTransferRefusal(_ pair: TransferPair) throws(StoreError) {
        try database.prepare("DELETE FROM transfer_refusals WHERE out_id = ? AND in_id = ?").run([
            .int(pair.outID), .int(pair.inID),
        ])
    }
}
