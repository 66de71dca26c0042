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

extension Ledger {
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
        precondition(maxDays >= 0, "a window of days is never negative")
        return try correction(dryRun: false) { () throws(StoreError) in
            // One account has no transfers: a large single-account import pays nothing.
            let accounts = try database.prepare("SELECT count(*) FROM accounts").rows { $0.int(0) }.first ?? 0
            guard accounts > 1 else { return TransferMatchReport() }
            let candidates = try database.prepare(
                """
                SELECT t.id, t.account_id, t.day, t.amount, t.currency, t.direction
                FROM transactions t
                WHERE t.status = 'booked'
                    AND (t.currency, t.amount) IN (
                        SELECT currency, amount FROM transactions WHERE status = 'booked'
                        GROUP BY currency, amount
                        HAVING count(DISTINCT direction) = 2 AND count(DISTINCT account_id) > 1)
                    AND t.id NOT IN (SELECT out_id FROM transfers WHERE state = 'confirmed')
                    AND t.id NOT IN (SELECT in_id FROM transfers WHERE state = 'confirmed')
                """
            ).rows { row throws(StoreError) in
                TransferCandidate(
                    id: row.int(0), accountID: row.int(1), day: try correctedDay(row.text(2)), minorUnits: row.int(3),
                    currency: row.text(4), direction: row.text(5) == "debit" ? .debit : .credit)
            }
            let refused = Set(
                try database.prepare("SELECT out_id, in_id FROM transfer_refusals").rows { row throws(StoreError) in
                    TransferPair(outID: row.int(0), inID: row.int(1))
                })
            let outcome = TransferMatching.match(candidates, maxDays: maxDays, refused: refused)
            let wanted = Set(outcome.pairs)
            let existing = try database.prepare("SELECT id, out_id, in_id FROM transfers WHERE state = 'matched'")
                .rows { row throws(StoreError) in
                    (id: row.int(0), pair: TransferPair(outID: row.int(1), inID: row.int(2)))
                }
            var report = TransferMatchReport()
            let delete = try database.prepare("DELETE FROM transfers WHERE id = ?")
            var kept = Set<TransferPair>()
            for old in existing {
                if wanted.contains(old.pair) {
                    kept.insert(old.pair)
                } else {
                    try delete.run([.int(old.id)])
                    report.removed += 1
                }
            }
            let insert = try database.prepare("INSERT INTO transfers (out_id, in_id, state) VALUES (?, ?, 'matched')")
            for pair in outcome.pairs where !kept.contains(pair) {
                try insert.run([.int(pair.outID), .int(pair.inID)])
                report.added += 1
            }
            report.pairs = Int(try database.prepare("SELECT count(*) FROM transfers").rows { $0.int(0) }.first ?? 0)
            report.ambiguous = outcome.ambiguous.count
            return report
        }
    }

    /// Every transfer, by the debit row's booking day, then its account's name, then the pair's id.
    public func transfers() throws(StoreError) -> [StoredTransfer] {
        try read { () throws(StoreError) in
            let pairs = try database.prepare(
                """
                SELECT p.id, p.state, p.out_id, p.in_id FROM transfers p
                JOIN transactions t ON t.id = p.out_id
                JOIN accounts a ON a.id = t.account_id
                ORDER BY t.day, a.name, p.id
                """
            ).rows { row in (id: row.int(0), state: row.text(1), out: row.int(2), in: row.int(3)) }
            let rows = try rowsByID(pairs.flatMap { [$0.out, $0.in] })
            return pairs.compactMap { pair in
                guard let out = rows[pair.out], let into = rows[pair.in] else { return nil }
                return StoredTransfer(
                    id: pair.id, state: TransferState(rawValue: pair.state) ?? .matched, out: out, in: into)
            }
        }
    }

    /// Unpaired booked rows that look like a transfer's side: ones with possible counterparts
    /// when the unpaired rows are matched with `maxDays` (equally good ones, or one that a wider
    /// window than the stored pairs' reaches), and ones filed under a QIF-style transfer category
    /// (`[Savings]`); by booking day, then account name, then id.
    public func transferCandidates(maxDays: Int = Ledger.transferDays) throws(StoreError) -> [TransferCandidateRow] {
        try read { () throws(StoreError) in
            let unpaired = """
                t.status = 'booked' AND t.id NOT IN (SELECT out_id FROM transfers)
                    AND t.id NOT IN (SELECT in_id FROM transfers)
                """
            let candidates = try database.prepare(
                """
                SELECT t.id, t.account_id, t.day, t.amount, t.currency, t.direction FROM transactions t
                WHERE \(unpaired)
                    AND (t.currency, t.amount) IN (
                        SELECT currency, amount FROM transactions WHERE status = 'booked'
                        GROUP BY currency, amount
                        HAVING count(DISTINCT direction) = 2 AND count(DISTINCT account_id) > 1)
                """
            ).rows { row throws(StoreError) in
                TransferCandidate(
                    id: row.int(0), accountID: row.int(1), day: try correctedDay(row.text(2)), minorUnits: row.int(3),
                    currency: row.text(4), direction: row.text(5) == "debit" ? .debit : .credit)
            }
            let refused = Set(
                try database.prepare("SELECT out_id, in_id FROM transfer_refusals").rows { row throws(StoreError) in
                    TransferPair(outID: row.int(0), inID: row.int(1))
                })
            let outcome = TransferMatching.match(candidates, maxDays: maxDays, refused: refused)
            var counterparts = outcome.ambiguous
            // With a wider window than the stored pairs were matched with, unpaired rows may pair.
            for pair in outcome.pairs {
                counterparts[pair.outID] = [pair.inID]
                counterparts[pair.inID] = [pair.outID]
            }
            let categorised = try database.prepare(
                "SELECT t.id FROM transactions t WHERE \(unpaired) AND t.category LIKE '[%]'"
            ).rows { $0.int(0) }
            for id in categorised where counterparts[id] == nil { counterparts[id] = [] }
            let rows = try rowsByID(Array(counterparts.keys))
            return counterparts.compactMap { id, others in
                rows[id].map { TransferCandidateRow(row: $0, counterparts: others) }
            }.sorted { ($0.row.bookingDay, $0.row.account, $0.row.id) < ($1.row.bookingDay, $1.row.account, $1.row.id) }
        }
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
        try correction(dryRun: false) { () throws(StoreError) in
            let rows = try rowsByID([outID, inID])
            let missing = [outID, inID].filter { rows[$0] == nil }
            guard missing.isEmpty, let out = rows[outID], let into = rows[inID] else {
                throw refusedCorrection(.unknownTransactions(missing))
            }
            if let why = Self.whyNotATransfer(out: out, in: into) {
                throw refusedCorrection(.notATransfer(outID: outID, inID: inID, why: why))
            }
            let paired = try database.prepare(
                "SELECT id, out_id, in_id FROM transfers WHERE out_id IN (?1, ?2) OR in_id IN (?1, ?2)"
            ).rows([.int(outID), .int(inID)]) { row in (id: row.int(0), out: row.int(1), in: row.int(2)) }
            if let same = paired.first(where: { $0.out == outID && $0.in == inID }) {
                try database.prepare("UPDATE transfers SET state = 'confirmed' WHERE id = ?").run([.int(same.id)])
                return same.id
            }
            if let other = paired.first {
                throw refusedCorrection(
                    .notATransfer(
                        outID: outID, inID: inID,
                        why:
                            "row \(other.out == outID || other.in == outID ? outID : inID) is already in transfer \(other.id); split it first (`ledgerport transfers split \(other.id)`)"
                    ))
            }
            try database.prepare("DELETE FROM transfer_refusals WHERE out_id = ? AND in_id = ?").run([
                .int(outID), .int(inID),
            ])
            try database.prepare("INSERT INTO transfers (out_id, in_id, state) VALUES (?, ?, 'confirmed')").run([
                .int(outID), .int(inID),
            ])
            return try database.prepare("SELECT last_insert_rowid()").rows { $0.int(0) }.first ?? 0
        }
    }

    /// Unpairs a transfer and records the refusal, so matching never pairs the two rows again.
    ///
    /// - Returns: the rows that were paired.
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownTransfer(_:)`` for an unknown id.
    @discardableResult
    public func splitTransfer(id: Int64) throws(StoreError) -> TransferPair {
        try correction(dryRun: false) { () throws(StoreError) in
            guard
                let pair = try database.prepare("SELECT out_id, in_id FROM transfers WHERE id = ?").rows(
                    [.int(id)],
                    {
                        row in TransferPair(outID: row.int(0), inID: row.int(1))
                    }
                ).first
            else { throw refusedCorrection(.unknownTransfer(id)) }
            try database.prepare("DELETE FROM transfers WHERE id = ?").run([.int(id)])
            try database.prepare("INSERT OR IGNORE INTO transfer_refusals (out_id, in_id) VALUES (?, ?)").run([
                .int(pair.outID), .int(pair.inID),
            ])
            return pair
        }
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

    /// Stored rows by id, read in chunks of 500 ids.
    private func rowsByID(_ ids: [Int64]) throws(StoreError) -> [Int64: StoredTransaction] {
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
