import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

@Suite("Records that aren't rows")
struct NonRowRecordTests {
    @Test("skipped records of one reason leave one note with their total, wherever they come")
    func skippedMerged() throws {
        let report = BatchImporter().run(
            InMemoryByteStream("", name: "x.test"), adapter: EndlessSkipsFormat.self, options: AdapterOptions(),
            into: try Ledger(path: ":memory:"))
        #expect(report.failure == nil)
        #expect(report.skipped.map(\.reason) == ["noise", "other"])
        #expect(report.skipped.map(\.count) == [EndlessSkipsFormat.count - 1, 1])
        #expect(report.skipped.first?.location.line == 1)
    }

    @Test("a source printing more statement balances than an import keeps stops at the first one too many")
    func tooManyBalances() throws {
        let report = BatchImporter().run(
            InMemoryByteStream("", name: "x.test"), adapter: EndlessBalancesFormat.self, options: AdapterOptions(),
            into: try Ledger(path: ":memory:"))
        #expect(report.status == .stopped)
        #expect(report.failure?.location.line == 100_002)
        #expect(report.failure?.reason.contains("more than 100000 statement balances") == true)
    }
}

/// Skips a record per line for one reason, and one for another in the middle.
private struct EndlessSkipsFormat: FormatAdapter {
    static let id = "skips-test"
    static let summary = "test"
    static let fileExtensions: [String] = []
    static let count = 20_000
    static func sniff(_ head: [UInt8], fileName: String) -> Int { 0 }
    init(options: AdapterOptions) throws {}

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        for line in 1...Self.count {
            let reason = line == 500 ? "other" : "noise"
            try emit(
                .skipped(
                    SkippedRecords(
                        count: 1, reason: reason, location: SourceLocation(file: input.name, line: line, column: 1))))
        }
    }
}

/// Declares an account, then states its balance on line after line, more than an import keeps.
private struct EndlessBalancesFormat: FormatAdapter {
    static let id = "balances-test"
    static let summary = "test"
    static let fileExtensions: [String] = []
    static func sniff(_ head: [UInt8], fileName: String) -> Int { 0 }
    init(options: AdapterOptions) throws {}

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        guard let day = Day(year: 2024, month: 1, day: 1) else { return }
        try emit(.account(AccountReference(name: "A", currency: .EUR)))
        // A few past the limit: an import keeping them all would complete.
        for line in 2...100_006 {
            try emit(
                .balance(
                    StatementBalance(
                        account: "A", asOf: day, signedMinorUnits: 100,
                        currency: .EUR, location: SourceLocation(file: input.name, line: line, column: 1))))
        }
    }
}
