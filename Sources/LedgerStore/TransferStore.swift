import LedgerCore

/// The transfers between a ledger's accounts, whichever store holds it (issue 21): `transfers`,
/// `transfers match` (which `import`, `sync`, `transactions delete` and `imports undo` run after
/// their writes), `transfers confirm` and `transfers split`. Each change is one transaction.
public protocol TransferStore: LedgerReading {
    /// Pairs the two sides of transfers again (``TransferMatching``): drops the matched pairs the
    /// result no longer holds and adds the new ones; confirmed and split pairs are never changed.
    /// See ``Ledger/matchTransfers(maxDays:)``.
    func matchTransfers(maxDays: Int) throws(StoreError) -> TransferMatchReport

    /// Every transfer, by the debit row's booking day, then its account's name (byte order),
    /// then the pair's id.
    func transfers() throws(StoreError) -> [StoredTransfer]

    /// Unpaired booked rows that look like a transfer's side. See
    /// ``Ledger/transferCandidates(maxDays:)``.
    func transferCandidates(maxDays: Int) throws(StoreError) -> [TransferCandidateRow]

    /// Pairs two rows by hand, or confirms the pair they already are.
    ///
    /// - Throws: ``StoreError`` with a ``CorrectionRefusal`` that says which rule the rows break.
    func confirmTransfer(outID: Int64, inID: Int64) throws(StoreError) -> Int64

    /// Unpairs a transfer and records the refusal.
    ///
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownTransfer(_:)`` for an unknown id.
    @discardableResult
    func splitTransfer(id: Int64) throws(StoreError) -> TransferPair
}

/// What each store reads and writes of the transfer tables, in its own SQL; what is made of it
/// (matching, the candidates, the checks of a pair by hand) is written once, in this protocol's
/// extension, and each store runs it inside its own transaction.
protocol TransferTables: LedgerReading {
    /// Whether the ledger has two accounts or more (one account has no transfers).
    func hasSeveralAccounts() throws(StoreError) -> Bool
    /// Booked rows whose amount and currency also appear in the other direction in another
    /// account: those in no pair at all (`unpairedOnly`), else those in no confirmed pair.
    func transferCandidateRows(unpairedOnly: Bool) throws(StoreError) -> [TransferCandidate]
    /// Unpaired booked rows filed under a QIF-style transfer category (`[Savings]`).
    func unpairedTransferCategoryRows() throws(StoreError) -> [Int64]
    /// The pairs split by hand, which matching never makes again.
    func refusedTransferPairs() throws(StoreError) -> Set<TransferPair>
    /// The stored pairs (only the matched ones when `matchedOnly`), by the debit row's booking
    /// day, then its account's name in byte order, then the pair's id.
    func storedTransferPairs(matchedOnly: Bool) throws(StoreError)
        -> [(id: Int64, state: TransferState, pair: TransferPair)]
    /// The pairs either row is in.
    func transferPairs(touching first: Int64, _ second: Int64) throws(StoreError) -> [(id: Int64, pair: TransferPair)]
    /// The pair with this id, if any.
    func transferPair(id: Int64) throws(StoreError) -> TransferPair?
    /// How many pairs the ledger holds.
    func transferCount() throws(StoreError) -> Int
    func deleteTransfer(id: Int64) throws(StoreError)
    /// Stores a pair; answers its id.
    @discardableResult
    func insertTransfer(_ pair: TransferPair, state: TransferState) throws(StoreError) -> Int64
    func markTransferConfirmed(id: Int64) throws(StoreError)
    /// Records a split pair (once).
    func refuseTransfer(_ pair: TransferPair) throws(StoreError)
    func forgetTransferRefusal(_ pair: TransferPair) throws(StoreError)
    /// A refusal of a change by hand, located at the ledger.
    func refusedCorrection(_ refusal: CorrectionRefusal) -> StoreError
}

extension TransferTables {
    /// ``TransferStore/matchTransfers(maxDays:)``'s work, inside the caller's write transaction.
    func matchingTransfers(maxDays: Int) throws(StoreError) -> TransferMatchReport {
        precondition(maxDays >= 0, "a window of days is never negative")
        // One account has no transfers: a large single-account import pays nothing.
        guard try hasSeveralAccounts() else { return TransferMatchReport() }
        let candidates = try transferCandidateRows(unpairedOnly: false)
        let outcome = TransferMatching.match(candidates, maxDays: maxDays, refused: try refusedTransferPairs())
        let wanted = Set(outcome.pairs)
        var report = TransferMatchReport()
        var kept = Set<TransferPair>()
        for old in try storedTransferPairs(matchedOnly: true) {
            if wanted.contains(old.pair) {
                kept.insert(old.pair)
            } else {
                try deleteTransfer(id: old.id)
                report.removed += 1
            }
        }
        for pair in outcome.pairs where !kept.contains(pair) {
            try insertTransfer(pair, state: .matched)
            report.added += 1
        }
        report.pairs = try transferCount()
        report.ambiguous = outcome.ambiguous.count
        return report
    }

    /// ``TransferStore/transfers()``'s work, inside the caller's read.
    func listedTransfers() throws(StoreError) -> [StoredTransfer] {
        let pairs = try storedTransferPairs(matchedOnly: false)
        let rows = try transferRowsByID(pairs.flatMap { [$0.pair.outID, $0.pair.inID] })
        return pairs.compactMap { stored in
            guard let out = rows[stored.pair.outID], let into = rows[stored.pair.inID] else { return nil }
            return StoredTransfer(id: stored.id, state: stored.state, out: out, in: into)
        }
    }

    /// ``TransferStore/transferCandidates(maxDays:)``'s work, inside the caller's read: rows
    /// with possible counterparts when the unpaired rows are matched with `maxDays` (equally good
    /// ones, or one that a wider window than the stored pairs' reaches), and rows filed under a
    /// transfer category; by booking day, then account name, then id.
    func listedTransferCandidates(maxDays: Int) throws(StoreError) -> [TransferCandidateRow] {
        let candidates = try transferCandidateRows(unpairedOnly: true)
        let outcome = TransferMatching.match(candidates, maxDays: maxDays, refused: try refusedTransferPairs())
        var counterparts = outcome.ambiguous
        // With a wider window than the stored pairs were matched with, unpaired rows may pair.
        for pair in outcome.pairs {
            counterparts[pair.outID] = [pair.inID]
            counterparts[pair.inID] = [pair.outID]
        }
        for id in try unpairedTransferCategoryRows() where counterparts[id] == nil { counterparts[id] = [] }
        let rows = try transferRowsByID(Array(counterparts.keys))
        return counterparts.compactMap { id, others in
            rows[id].map { TransferCandidateRow(row: $0, counterparts: others) }
        }.sorted { ($0.row.bookingDay, $0.row.account, $0.row.id) < ($1.row.bookingDay, $1.row.account, $1.row.id) }
    }

    /// ``TransferStore/confirmTransfer(outID:inID:)``'s work, inside the caller's write
    /// transaction.
    func confirmingTransfer(outID: Int64, inID: Int64) throws(StoreError) -> Int64 {
        let rows = try transferRowsByID([outID, inID])
        let missing = [outID, inID].filter { rows[$0] == nil }
        guard missing.isEmpty, let out = rows[outID], let into = rows[inID] else {
            throw refusedCorrection(.unknownTransactions(missing))
        }
        if let why = Ledger.whyNotATransfer(out: out, in: into) {
            throw refusedCorrection(.notATransfer(outID: outID, inID: inID, why: why))
        }
        let paired = try transferPairs(touching: outID, inID)
        if let same = paired.first(where: { $0.pair == TransferPair(outID: outID, inID: inID) }) {
            try markTransferConfirmed(id: same.id)
            return same.id
        }
        if let other = paired.first {
            let row = other.pair.outID == outID || other.pair.inID == outID ? outID : inID
            throw refusedCorrection(
                .notATransfer(
                    outID: outID, inID: inID,
                    why:
                        "row \(row) is already in transfer \(other.id); split it first (`ledgerport transfers split \(other.id)`)"
                ))
        }
        try forgetTransferRefusal(TransferPair(outID: outID, inID: inID))
        return try insertTransfer(TransferPair(outID: outID, inID: inID), state: .confirmed)
    }

    /// ``TransferStore/splitTransfer(id:)``'s work, inside the caller's write transaction.
    func splittingTransfer(id: Int64) throws(StoreError) -> TransferPair {
        guard let pair = try transferPair(id: id) else { throw refusedCorrection(.unknownTransfer(id)) }
        try deleteTransfer(id: id)
        try refuseTransfer(pair)
        return pair
    }

    /// Stored rows by id, read in chunks of 500 ids.
    func transferRowsByID(_ ids: [Int64]) throws(StoreError) -> [Int64: StoredTransaction] {
        var result: [Int64: StoredTransaction] = [:]
        var start = 0
        while start < ids.count {
            let chunk = Array(ids[start..<min(start + 500, ids.count)])
            for row in try transactions(ids: chunk) { result[row.id] = row }
            start += 500
        }
        return result
    }
}

/// The transfer queries both stores run as they are: the same text reads the same rows on SQLite
/// and on PostgreSQL.
enum TransferSQL {
    /// Booked rows whose amount and currency also appear in the other direction in another
    /// account, in no pair at all (`unpairedOnly`) or in no confirmed pair: id, account, day,
    /// amount, currency, direction.
    static func candidates(unpairedOnly: Bool) -> String {
        let excluded = unpairedOnly ? "" : "WHERE state = 'confirmed'"
        return """
            SELECT t.id, t.account_id, t.day, t.amount, t.currency, t.direction
            FROM transactions t
            WHERE t.status = 'booked'
                AND (t.currency, t.amount) IN (
                    SELECT currency, amount FROM transactions WHERE status = 'booked'
                    GROUP BY currency, amount
                    HAVING count(DISTINCT direction) = 2 AND count(DISTINCT account_id) > 1)
                AND t.id NOT IN (SELECT out_id FROM transfers \(excluded))
                AND t.id NOT IN (SELECT in_id FROM transfers \(excluded))
            """
    }

    /// The ids of unpaired booked rows filed under a QIF-style transfer category (`[Savings]`).
    static let unpairedCategoryRows = """
        SELECT t.id FROM transactions t
        WHERE t.status = 'booked' AND t.id NOT IN (SELECT out_id FROM transfers)
            AND t.id NOT IN (SELECT in_id FROM transfers) AND t.category LIKE '[%]'
        """
}
