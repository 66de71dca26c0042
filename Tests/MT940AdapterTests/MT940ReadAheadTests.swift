import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// Lines and `:86:` are read on a second thread and handed to the builder in batches of 2,048
/// fields at most: whatever that thread has read ahead, the events and the first error follow file order.
@Suite("MT940 read ahead")
struct MT940ReadAheadTests {
    /// A Sparkasse-style daily statement of `count` lines of 1,00 EUR each, CRLF; `replace` swaps
    /// a line (1-based) for another. Line 5 is the first `:61:`; line `5 + 3k` the `(k+1)`th.
    static func statement(lines count: Int, replace: [Int: String] = [:]) -> [UInt8] {
        var lines = [":20:STARTUMSE", ":25:10050000/0123456789", ":28C:00001/001", ":60F:C240101EUR0,00"]
        for index in 1...count {
            let reference = index % 3 == 0 ? "//B\(index)" : ""
            lines.append(":61:2401020102DR1,00NTRFNONREF" + reference)
            lines.append(":86:105?00LASTSCHRIFT?100001?20EREF+E2E-\(index)?21SVWZ+Strom Vertragskonto")
            lines.append("4711?30BYLADEM1001?31DE02120300000000202051?32Stadtwerke Musterstadt")
        }
        lines.append(":62F:D240102EUR\(count),00")
        lines.append("-")
        for (number, text) in replace { lines[number - 1] = text }
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// The line of the `n`th `:61:` (1-based).
    static func statementLine(_ number: Int) -> Int { 5 + 3 * (number - 1) }

    @Test("an error in a late batch is the one reported, at its line and column, after every draft before it")
    func errorInLateBatch() {
        let bad = Self.statementLine(4_900)
        let bytes = Self.statement(lines: 5_000, replace: [bad: ":61:2401020102DR1.00NTRFNONREF"])
        let run = runAdapter(MT940Format.self, bytes: bytes, name: "late.sta")
        #expect(run.error?.contains("\"1.00\" is not an amount") == true, "\(run.error ?? "")")
        #expect(run.errorLocation == SourceLocation(file: "late.sta", line: bad, column: 17))
        #expect(run.drafts.count == 4_899)
        #expect(run.drafts.last?.location.line == Self.statementLine(4_899))
    }

    @Test("an error in the first batch wins over a later line the reading thread refused first")
    func errorInFirstBatch() {
        let bad = Self.statementLine(3)
        // The over-long line sits in the third batch, within the eight the reading thread may
        // have read, and refused, before the builder reaches the bad amount.
        let long = Self.statementLine(2_500) + 1
        let bytes = Self.statement(
            lines: 5_000,
            replace: [bad: ":61:2401020102DR1.00NTRFNONREF", long: ":86:" + String(repeating: "A", count: 70_000)])
        for chunkSize in [7, 64 * 1024, 1 << 20] {
            let run = runAdapter(MT940Format.self, bytes: bytes, name: "early.sta", chunkSize: chunkSize)
            #expect(run.errorLocation == SourceLocation(file: "early.sta", line: bad, column: 17), "\(run.error ?? "")")
            #expect(run.drafts.count == 2)
        }
    }

    @Test("a line refused by the reading thread is reported after every draft before it")
    func readingErrorAfterDrafts() {
        let long = Self.statementLine(2_000) + 1
        let bytes = Self.statement(lines: 5_000, replace: [long: ":86:" + String(repeating: "A", count: 70_000)])
        let run = runAdapter(MT940Format.self, bytes: bytes, name: "long.sta")
        #expect(run.error?.contains("a line runs on for more than 65536 bytes") == true, "\(run.error ?? "")")
        #expect(run.errorLocation == SourceLocation(file: "long.sta", line: long, column: 1))
        // As when one thread read it all: the :61: whose :86: was refused never became a draft,
        // nor the one before it, whose draft waited for the field after its :86:.
        #expect(run.drafts.count == 1_998)
    }

    @Test("many batches give the same events in chunks of 7 bytes as in one chunk")
    func sameEventsWhateverTheChunks() {
        let bytes = Self.statement(lines: 3_000)
        let whole = runAdapter(MT940Format.self, bytes: bytes, name: "many.sta", chunkSize: bytes.count)
        let small = runAdapter(MT940Format.self, bytes: bytes, name: "many.sta", chunkSize: 7)
        #expect(whole.error == nil, "\(whole.error ?? "")")
        #expect(whole.drafts.count == 3_000)
        #expect(whole.balances.count == 2)
        #expect(whole == small)
        #expect(whole.drafts.map(\.location.line) == (1...3_000).map(Self.statementLine))
    }

    @Test("an error the caller throws stops the reading thread and is rethrown")
    func callerStops() throws {
        struct Enough: Error {}
        let bytes = Self.statement(lines: 5_000)
        let adapter = try MT940Format(options: AdapterOptions())
        var drafts = 0
        #expect(throws: Enough.self) {
            try adapter.drafts(from: InMemoryByteStream(bytes, name: "stop.sta", chunkSize: 4096)) { event in
                if case .draft = event { drafts += 1 }
                if drafts == 10 { throw Enough() }
            }
        }
        #expect(drafts == 10)
    }
}
