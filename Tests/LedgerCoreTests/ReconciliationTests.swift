import LedgerCore
import Testing

@Suite("Reconciliation")
struct ReconciliationTests {
    @Test("previous plus net equal to the statement is reconciled")
    func reconciled() throws {
        let result = try #require(Reconciliation(previous: 100_000, net: -2_500, actual: 97_500))
        #expect(result.expected == 97_500)
        #expect(result.discrepancy == 0)
        #expect(result.status == .reconciled)
    }

    @Test("the discrepancy is the statement minus the expected balance")
    func discrepancy() throws {
        let result = try #require(Reconciliation(previous: 100_000, net: -2_500, actual: 97_000))
        #expect(result.discrepancy == -500)
        #expect(result.status == .discrepancy)
    }

    @Test("with nothing earlier the checkpoint is a baseline")
    func baseline() throws {
        let result = try #require(Reconciliation(previous: nil, net: 123, actual: 5_000))
        #expect(result.status == .baseline)
        #expect(result.expected == nil && result.discrepancy == nil)
    }

    @Test("overflow gives no result instead of a wrong one")
    func overflow() {
        #expect(Reconciliation(previous: Int64.max, net: 1, actual: 0) == nil)
        #expect(Reconciliation(previous: 0, net: 0, actual: Int64.min) != nil)
        #expect(Reconciliation(previous: 1, net: 0, actual: Int64.min) == nil)
    }
}
