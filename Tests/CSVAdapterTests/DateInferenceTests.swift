import LedgerCore
import Testing

@testable import CSVAdapter

@Suite("DateInference")
struct DateInferenceTests {
    @Test("inference settles the order as soon as a day above 12 appears")
    func inferenceDecides() {
        var inference = DateInference()
        let first = inference.observe("03/04/2024")
        #expect(first)
        #expect(inference.decided == nil)
        let second = inference.observe("25/04/2024")
        #expect(second)
        #expect(inference.decided?.pattern == "dd/MM/yyyy")
        var american = DateInference()
        american.observe("03/04/2024")
        american.observe("04/25/2024")
        #expect(american.decided?.pattern == "MM/dd/yyyy")
    }

    @Test("inference recognises ISO, compact and month-name shapes at once")
    func inferenceShapes() {
        for (text, pattern) in [("2024-01-15", "yyyy-MM-dd"), ("20240115", "yyyyMMdd"), ("15 Jan 2024", "d MMM yyyy")] {
            var inference = DateInference()
            inference.observe(text)
            #expect(inference.decided?.pattern == pattern)
        }
    }

    @Test("inference stays undecided while every day is 12 or less")
    func inferenceAmbiguous() {
        var inference = DateInference()
        for text in ["01/02/2024", "03/04/2024", "12/11/2024"] { inference.observe(text) }
        #expect(inference.decided == nil)
        #expect(inference.candidates.map(\.pattern) == ["dd/MM/yyyy", "MM/dd/yyyy"])
    }
}
