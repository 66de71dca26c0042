/// Looks for the cause of a discrepancy among a checkpoint window's rows.
///
/// Plain lists in, a ranked list out: the rows of the window (booked and pending), the balance at
/// the previous checkpoint, and the end-of-day balances the statement stated. Each candidate is a
/// suggestion for the person; nothing is changed.
///
/// Sign conventions: `discrepancy = statement - expected`. Removing a ledger row with signed
/// amount `s` changes `expected` by `-s`, so it explains the gap when `s == -discrepancy`;
/// reversing its direction changes `expected` by `-2s`.
public struct DiscrepancyDiagnostics: Sendable {
    /// The gap to explain, statement minus ledger, in signed minor units (not zero).
    public var discrepancy: Int64
    /// The balance at the previous checkpoint, where the window starts.
    public var openingBalance: Int64
    /// The window's rows.
    public var rows: [DiagnosticRow]
    /// End-of-day balances the statement stated, beyond those derived from rows' running balances.
    public var statementBalances: [Day: Int64]
    /// The account's currency, for the notes.
    public var currency: Currency
    /// How many days apart two rows may be and still look like one transaction stored twice.
    public var duplicateDaySpan = 3
    /// The most pair candidates offered.
    public var maximumPairs = 5

    /// Creates the diagnostics for one checkpoint.
    public init(
        discrepancy: Int64, openingBalance: Int64, rows: [DiagnosticRow], statementBalances: [Day: Int64] = [:],
        currency: Currency
    ) {
        self.discrepancy = discrepancy
        self.openingBalance = openingBalance
        self.rows = rows
        self.statementBalances = statementBalances
        self.currency = currency
    }

    /// Runs every search and ranks what they found, best first.
    public func diagnose() -> Diagnosis {
        guard discrepancy != 0 else { return .none }
        let booked = rows.filter { !$0.isPending }
        // A row whose statement stated a balance after it is confirmed as written: it can't be the
        // extra, flipped or mistyped one.
        let unconfirmed = booked.filter { $0.statementBalance == nil }
        let divergence = firstDivergence(booked: booked)
        var candidates: [Candidate] = []
        candidates += duplicates(booked)
        candidates += flippedDirections(unconfirmed)
        candidates += pendingStatuses()
        candidates += transpositions(unconfirmed)
        if let divergence { candidates.append(divergence) }
        candidates += amountMatches(unconfirmed)
        if candidates.filter({ $0.kind != .divergence }).isEmpty { candidates += pairs(unconfirmed) }

        let divergesOn = divergence?.day
        let ranked = candidates.enumerated().sorted { left, right in
            let a = left.element
            let b = right.element
            if a.kind.rank != b.kind.rank { return a.kind.rank < b.kind.rank }
            let distanceA = distance(a.day, divergesOn)
            let distanceB = distance(b.day, divergesOn)
            if distanceA != distanceB { return distanceA < distanceB }
            return left.offset < right.offset
        }
        return Diagnosis(divergesOn: divergesOn, candidates: ranked.map(\.element))
    }

    // MARK: - Searches

    /// Pairs of rows with the same amount and direction, on the same or nearby days, with similar
    /// descriptions, where dropping one closes the gap.
    private func duplicates(_ booked: [DiagnosticRow]) -> [Candidate] {
        let target = -discrepancy
        let matching = booked.filter { $0.signedMinorUnits == target }.sorted { ($0.day, $0.id) < ($1.day, $1.id) }
        var result: [Candidate] = []
        var used: Set<Int64> = []
        for (index, first) in matching.enumerated() where !used.contains(first.id) {
            for second in matching[(index + 1)...] where !used.contains(second.id) {
                let apart = second.day.daysSinceEpoch - first.day.daysSinceEpoch
                guard apart <= duplicateDaySpan else { break }
                guard DiscrepancyDiagnostics.looksAlike(first.description, second.description) else { continue }
                used.insert(second.id)
                let when = apart == 0 ? "on \(first.day)" : "on \(first.day) and \(second.day)"
                result.append(
                    Candidate(
                        kind: .duplicate, explains: discrepancy, transactions: [first.id, second.id], day: second.day,
                        note:
                            "\"\(second.description)\" \(format(second.signedMinorUnits)) appears twice \(when); dropping one explains \(format(discrepancy))"
                    ))
                break
            }
        }
        return result
    }

    /// Rows that, reversed, close the gap: their amount is half of it.
    private func flippedDirections(_ booked: [DiagnosticRow]) -> [Candidate] {
        guard discrepancy % 2 == 0 else { return [] }
        let target = -discrepancy / 2
        return booked.filter { $0.signedMinorUnits == target }.map { row in
            let direction = row.signedMinorUnits < 0 ? "debit" : "credit"
            return Candidate(
                kind: .flippedDirection, explains: discrepancy, transactions: [row.id], day: row.day,
                note:
                    "\"\(row.description)\" on \(row.day) is stored as a \(direction) of \(format(abs(row.signedMinorUnits))); the other way round explains \(format(discrepancy))"
            )
        }
    }

    /// Pending rows the statement may already count: one whose amount, or all whose sum, is the gap.
    private func pendingStatuses() -> [Candidate] {
        let pending = rows.filter(\.isPending)
        var result = pending.filter { $0.signedMinorUnits == discrepancy }.map { row in
            Candidate(
                kind: .pendingStatus, explains: discrepancy, transactions: [row.id], day: row.day,
                note:
                    "\"\(row.description)\" on \(row.day) (\(format(row.signedMinorUnits))) is pending in the ledger; the statement seems to count it as booked"
            )
        }
        if pending.count > 1, Money.sum(pending.map(\.signedMinorUnits)) == discrepancy {
            result.append(
                Candidate(
                    kind: .pendingStatus, explains: discrepancy, transactions: pending.map(\.id),
                    day: pending.last?.day,
                    note:
                        "the \(pending.count) pending rows sum to \(format(discrepancy)); the statement seems to count them as booked"
                ))
        }
        return result
    }

    /// Rows whose amount, with two neighbouring digits swapped, would close the gap.
    private func transpositions(_ booked: [DiagnosticRow]) -> [Candidate] {
        guard discrepancy % 9 == 0 else { return [] }
        var result: [Candidate] = []
        for row in booked {
            let magnitude = row.signedMinorUnits.magnitude
            let sign: Int64 = row.signedMinorUnits < 0 ? -1 : 1
            var digits = Array(String(magnitude).utf8)
            for index in 0..<max(0, digits.count - 1) where digits[index] != digits[index + 1] {
                digits.swapAt(index, index + 1)
                defer { digits.swapAt(index, index + 1) }
                guard digits.first != UInt8(ascii: "0") || digits.count == 1,
                    let swapped = Int64(String(decoding: digits, as: UTF8.self)),
                    sign * (swapped - Int64(magnitude)) == discrepancy
                else { continue }
                result.append(
                    Candidate(
                        kind: .transposedDigits, explains: discrepancy, transactions: [row.id], day: row.day,
                        note:
                            "\"\(row.description)\" on \(row.day) is \(format(Int64(magnitude))); written as \(format(swapped)) it explains \(format(discrepancy)) (two digits swapped)"
                    ))
            }
        }
        return result
    }

    /// Rows whose amount equals the gap: an extra row (removing it explains the gap), or one like a
    /// row that is missing.
    private func amountMatches(_ booked: [DiagnosticRow]) -> [Candidate] {
        booked.compactMap { row in
            if row.signedMinorUnits == -discrepancy {
                return Candidate(
                    kind: .amountMatch, explains: discrepancy, transactions: [row.id], day: row.day,
                    note:
                        "\"\(row.description)\" on \(row.day) (\(format(row.signedMinorUnits))) may not belong: without it the ledger matches"
                )
            }
            if row.signedMinorUnits == discrepancy {
                return Candidate(
                    kind: .amountMatch, explains: discrepancy, transactions: [row.id], day: row.day,
                    note:
                        "\"\(row.description)\" on \(row.day) (\(format(row.signedMinorUnits))) may have a twin the ledger is missing"
                )
            }
            return nil
        }
    }

    /// Two rows whose amounts together equal the gap when removed.
    private func pairs(_ booked: [DiagnosticRow]) -> [Candidate] {
        let target = -discrepancy
        var seen: [Int64: DiagnosticRow] = [:]
        var result: [Candidate] = []
        for row in booked {
            let (needed, overflow) = target.subtractingReportingOverflow(row.signedMinorUnits)
            if !overflow, let partner = seen[needed] {
                result.append(
                    Candidate(
                        kind: .pair, explains: discrepancy, transactions: [partner.id, row.id], day: row.day,
                        note:
                            "\"\(partner.description)\" (\(format(partner.signedMinorUnits)), \(partner.day)) and \"\(row.description)\" (\(format(row.signedMinorUnits)), \(row.day)) together explain \(format(discrepancy))"
                    ))
                if result.count >= maximumPairs { break }
            }
            if seen[row.signedMinorUnits] == nil { seen[row.signedMinorUnits] = row }
        }
        return result
    }

    // MARK: - Divergence

    /// The first day whose end-of-day ledger balance differs from the statement's.
    private func firstDivergence(booked: [DiagnosticRow]) -> Candidate? {
        var stated = statementBalances
        for (day, balance) in DiscrepancyDiagnostics.endOfDayBalances(rows) where stated[day] == nil {
            stated[day] = balance
        }
        guard !stated.isEmpty else { return nil }
        var netByDay: [Day: Int64] = [:]
        for row in booked { netByDay[row.day, default: 0] &+= row.signedMinorUnits }
        var balance = openingBalance
        var lastAgreement: Day?
        for day in Set(netByDay.keys).union(stated.keys).sorted() {
            balance &+= netByDay[day] ?? 0
            guard let statement = stated[day] else { continue }
            guard statement != balance else {
                lastAgreement = day
                continue
            }
            // The rows since the last day both agreed are where the difference came in.
            let suspects = rows.filter { row in row.day <= day && lastAgreement.map { row.day > $0 } ?? true }
            let since = lastAgreement.map { "agrees with the statement on \($0) and " } ?? ""
            let count = suspects.count == 1 ? "1 row" : "\(suspects.count) rows"
            return Candidate(
                kind: .divergence, explains: statement &- balance, transactions: suspects.map(\.id), day: day,
                note:
                    "the ledger \(since)first departs from it on \(day): statement \(format(statement)), ledger \(format(balance)); \(count) in between"
            )
        }
        return nil
    }

    /// End-of-day balances implied by rows' stated running balances, whatever order the statement
    /// listed them in: of a day's rows, the last one's balance is the one that no other row of that
    /// day starts from. Days where that is ambiguous are left out.
    public static func endOfDayBalances(_ rows: [DiagnosticRow]) -> [Day: Int64] {
        var byDay: [Day: [DiagnosticRow]] = [:]
        for row in rows where row.statementBalance != nil { byDay[row.day, default: []].append(row) }
        var result: [Day: Int64] = [:]
        for (day, dayRows) in byDay {
            var ends: [Int64: Int] = [:]
            for row in dayRows {
                if let balance = row.statementBalance { ends[balance, default: 0] += 1 }
            }
            for row in dayRows {
                guard let balance = row.statementBalance else { continue }
                let start = balance &- row.signedMinorUnits
                if let count = ends[start] { ends[start] = count > 1 ? count - 1 : nil }
            }
            if ends.count == 1, let (balance, count) = ends.first, count == 1 { result[day] = balance }
        }
        return result
    }

    // MARK: - Helpers

    private func format(_ minorUnits: Int64) -> String { Money.format(minorUnits, currency: currency) }

    private func distance(_ day: Day?, _ anchor: Day?) -> Int {
        guard let day, let anchor else { return Int.max }
        return abs(day.daysSinceEpoch - anchor.daysSinceEpoch)
    }

    /// Whether two descriptions plausibly name the same transaction: equal once folded, one
    /// contained in the other, or sharing at least half their words.
    static func looksAlike(_ a: String, _ b: String) -> Bool {
        let left = Draft.normalisedDescription(a)
        let right = Draft.normalisedDescription(b)
        if left == right || left.contains(right) || right.contains(left) { return true }
        let wordsA = Set(left.split(separator: " "))
        let wordsB = Set(right.split(separator: " "))
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return false }
        return wordsA.intersection(wordsB).count * 2 >= max(wordsA.count, wordsB.count)
    }
}
