import LedgerCore
import Testing

/// The pure transfer matching: which booked rows pair, and that nothing but the rows decides it.
@Suite("TransferMatching")
struct TransferMatchingTests {
    /// A row: id, account id, day, signed minor units (negative: money out), currency.
    func row(_ id: Int64, _ account: Int64, _ day: String, _ signed: Int64, _ currency: String = "USD")
        -> TransferCandidate
    {
        TransferCandidate(
            id: id, accountID: account, day: Day(iso: day)!, minorUnits: Int64(signed.magnitude),
            currency: currency, direction: signed < 0 ? .debit : .credit)
    }

    func pairs(_ rows: [TransferCandidate], days: Int = 3, refused: Set<TransferPair> = []) -> [TransferPair] {
        TransferMatching.match(rows, maxDays: days, refused: refused).pairs
    }

    @Test("money out of checking and the same amount into savings two days later pair")
    func plainPair() {
        #expect(
            pairs([row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-03", 50_000)]) == [.init(outID: 1, inID: 2)])
    }

    @Test("an amount one cent off never pairs")
    func centOff() {
        #expect(pairs([row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-01", 49_999)]).isEmpty)
    }

    @Test("four days apart don't pair with the default 3, and do with 4")
    func window() {
        let rows = [row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-05", 50_000)]
        #expect(pairs(rows).isEmpty)
        #expect(pairs(rows, days: 4) == [.init(outID: 1, inID: 2)])
    }

    @Test("a refund into the same account is no transfer")
    func sameAccount() {
        #expect(pairs([row(1, 1, "2024-03-15", -2_399), row(2, 1, "2024-03-18", 2_399)]).isEmpty)
    }

    @Test("the same digits in two currencies never pair")
    func currency() {
        #expect(pairs([row(1, 1, "2024-04-01", -50_000, "USD"), row(2, 2, "2024-04-01", 50_000, "EUR")]).isEmpty)
    }

    @Test("two money-out rows never pair, nor two money-in rows")
    func directions() {
        #expect(pairs([row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-01", -50_000)]).isEmpty)
        #expect(pairs([row(1, 1, "2024-04-01", 50_000), row(2, 2, "2024-04-01", 50_000)]).isEmpty)
    }

    @Test("the closest counterpart wins over one further away")
    func closest() {
        let rows = [row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-03", 50_000), row(3, 3, "2024-04-01", 50_000)]
        let outcome = TransferMatching.match(rows, maxDays: 3)
        #expect(outcome.pairs == [.init(outID: 1, inID: 3)])
        #expect(outcome.ambiguous.isEmpty)
    }

    @Test("three equally close candidates pair nothing and are all listed, whatever their order")
    func threeCandidates() {
        let rows = [row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-02", 50_000), row(3, 3, "2024-04-02", 50_000)]
        for order in [rows, rows.reversed(), [rows[2], rows[0], rows[1]]] {
            let outcome = TransferMatching.match(order, maxDays: 3)
            #expect(outcome.pairs.isEmpty)
            #expect(outcome.ambiguous == [1: [2, 3], 2: [1], 3: [1]])
        }
    }

    @Test("after a pair is made, the next round pairs what became unique")
    func rounds() {
        // 1 → 2 is mutual and unique; then 3 has only 4 left.
        let rows = [
            row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-01", 50_000), row(3, 1, "2024-04-02", -50_000),
            row(4, 2, "2024-04-03", 50_000),
        ]
        #expect(pairs(rows) == [.init(outID: 1, inID: 2), .init(outID: 3, inID: 4)])
    }

    @Test("a refused pair is never made, and the refused rows may pair with others")
    func refused() {
        let rows = [row(1, 1, "2024-04-01", -50_000), row(2, 2, "2024-04-01", 50_000), row(3, 3, "2024-04-02", 50_000)]
        #expect(pairs(rows, refused: [.init(outID: 1, inID: 2)]) == [.init(outID: 1, inID: 3)])
    }

    @Test("the pairs don't depend on the rows' order or their ids", arguments: 0..<20)
    func orderIndependence(seed: Int) {
        var generator = SystemRandomNumberGenerator()
        var rows: [TransferCandidate] = []
        for index in 0..<40 {
            let day = "2024-04-\(String(format: "%02d", 1 + (index * 7 + seed) % 20))"
            let amount = Int64(1_000 * (1 + (index + seed) % 4))
            rows.append(row(Int64(index + 1), Int64(1 + index % 3), day, index % 2 == 0 ? -amount : amount))
        }
        let expected = Set(pairs(rows).map { "\($0.outID)-\($0.inID)" })
        // Renumber the rows at random: the same pairs come back under the new numbers.
        let renumbered = Array(1...Int64(rows.count)).shuffled(using: &generator)
        var moved = rows.shuffled(using: &generator)
        var back: [Int64: Int64] = [:]
        for index in moved.indices {
            let new = renumbered[index] + 1000
            back[new] = moved[index].id
            moved[index].id = new
        }
        let found = Set(pairs(moved).map { "\(back[$0.outID]!)-\(back[$0.inID]!)" })
        #expect(found == expected)
    }
}
