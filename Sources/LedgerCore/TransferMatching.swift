/// One booked row as transfer matching reads it.
///
/// `id` names the row in the result only: matching never orders or chooses by it, so the pairs
/// don't depend on the order rows were stored in.
public struct TransferCandidate: Sendable, Hashable {
    /// The stored row's id.
    public var id: Int64
    /// The account's id; two rows of one account are never a transfer.
    public var accountID: Int64
    /// The booking day.
    public var day: Day
    /// The amount in minor units, positive.
    public var minorUnits: Int64
    /// The currency's code.
    public var currency: String
    public var direction: Direction

    public init(id: Int64, accountID: Int64, day: Day, minorUnits: Int64, currency: String, direction: Direction) {
        self.id = id
        self.accountID = accountID
        self.day = day
        self.minorUnits = minorUnits
        self.currency = currency
        self.direction = direction
    }
}

/// A debit row paired with a credit row.
public struct TransferPair: Sendable, Hashable, Comparable {
    /// The debit row (money out).
    public var outID: Int64
    /// The credit row (money in).
    public var inID: Int64

    public init(outID: Int64, inID: Int64) {
        self.outID = outID
        self.inID = inID
    }

    public static func < (lhs: TransferPair, rhs: TransferPair) -> Bool {
        (lhs.outID, lhs.inID) < (rhs.outID, rhs.inID)
    }
}

/// Which booked rows are the two sides of one transfer (`docs/transfers.md`).
///
/// Two rows can pair when they have the same amount in minor units, the same currency, opposite
/// directions, different accounts, booking days at most `maxDays` apart, and the person didn't
/// split them apart before (`refused`). Among those possible pairs, a row's best counterparts are
/// the ones with the fewest days between them. A pair is made when each row is the other's one
/// and only best counterpart; made pairs leave the field and the rest is looked at again, until
/// nothing more pairs. What is left with a possible counterpart is ambiguous: two or more equally
/// good counterparts, so nothing is guessed and the person confirms one.
///
/// The result is a function of the set of rows: the order they come in, and their ids, change
/// nothing (rows' ids only name them).
public enum TransferMatching {
    /// The result of matching.
    public struct Outcome: Sendable, Hashable {
        /// The pairs made, sorted by out id.
        public var pairs: [TransferPair]
        /// Each unpaired row that still has a possible counterpart, with those counterparts'
        /// ids, sorted.
        public var ambiguous: [Int64: [Int64]]
    }

    /// Matches `candidates`.
    ///
    /// - Parameters:
    ///   - candidates: booked rows not already in a confirmed pair, in any order.
    ///   - maxDays: the most days two sides may be apart (0: the same day).
    ///   - refused: pairs the person split apart; never made again.
    public static func match(_ candidates: [TransferCandidate], maxDays: Int, refused: Set<TransferPair> = [])
        -> Outcome
    {
        var groups: [GroupKey: [TransferCandidate]] = [:]
        for candidate in candidates {
            groups[GroupKey(currency: candidate.currency, minorUnits: candidate.minorUnits), default: []].append(
                candidate)
        }
        var pairs: [TransferPair] = []
        var ambiguous: [Int64: [Int64]] = [:]
        for group in groups.values {
            let outs = group.filter { $0.direction == .debit }
            let ins = group.filter { $0.direction == .credit }
            guard !outs.isEmpty, !ins.isEmpty else { continue }
            let (made, left) = matchGroup(outs: outs, ins: ins, maxDays: maxDays, refused: refused)
            pairs += made
            ambiguous.merge(left) { first, _ in first }
        }
        return Outcome(pairs: pairs.sorted(), ambiguous: ambiguous)
    }

    // MARK: - Private

    private struct GroupKey: Hashable {
        var currency: String
        var minorUnits: Int64
    }

    /// One amount and currency: every possible pair with its distance, then rounds of mutual
    /// unique best counterparts.
    private static func matchGroup(
        outs: [TransferCandidate], ins: [TransferCandidate], maxDays: Int, refused: Set<TransferPair>
    ) -> (pairs: [TransferPair], ambiguous: [Int64: [Int64]]) {
        // Edges by row id: counterpart id → days apart.
        var edges: [Int64: [Int64: Int]] = [:]
        for out in outs {
            for into in ins where into.accountID != out.accountID {
                let distance = abs(into.day.daysSinceEpoch - out.day.daysSinceEpoch)
                guard distance <= maxDays, !refused.contains(TransferPair(outID: out.id, inID: into.id)) else {
                    continue
                }
                edges[out.id, default: [:]][into.id] = distance
                edges[into.id, default: [:]][out.id] = distance
            }
        }
        var pairs: [TransferPair] = []
        let outIDs = Set(outs.map(\.id))
        while true {
            var made: [TransferPair] = []
            for (row, counterparts) in edges where outIDs.contains(row) {
                guard let best = uniqueBest(counterparts), let back = edges[best].flatMap(uniqueBest), back == row
                else { continue }
                made.append(TransferPair(outID: row, inID: best))
            }
            guard !made.isEmpty else { break }
            for pair in made {
                for side in [pair.outID, pair.inID] {
                    if let others = edges[side] {
                        for other in others.keys { edges[other]?[side] = nil }
                    }
                    edges[side] = nil
                }
            }
            pairs += made
        }
        var ambiguous: [Int64: [Int64]] = [:]
        for (row, counterparts) in edges where !counterparts.isEmpty {
            ambiguous[row] = counterparts.keys.sorted()
        }
        return (pairs, ambiguous)
    }

    /// The one counterpart with the fewest days apart, or `nil` when none or several tie.
    private static func uniqueBest(_ counterparts: [Int64: Int]) -> Int64? {
        var best: (id: Int64, distance: Int)?
        var tied = false
        for (id, distance) in counterparts {
            if let current = best {
                if distance < current.distance {
                    best = (id, distance)
                    tied = false
                } else if distance == current.distance {
                    tied = true
                }
            } else {
                best = (id, distance)
            }
        }
        return tied ? nil : best?.id
    }
}
