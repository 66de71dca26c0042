import LedgerCore
import LedgerImport
import Testing

/// An adapter that declares account "A" in EUR, then on line 3 emits a draft in USD for it, and
/// on line 4 one for an account it never declared.
private struct MismatchedCurrencyFormat: FormatAdapter {
    static var id: String { "mismatch-test" }
    static var summary: String { "test" }
    static var fileExtensions: [String] { [] }
    static func sniff(_ head: [UInt8], fileName: String) -> Int { 0 }
    init(options: AdapterOptions) throws {}

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try emit(.account(AccountReference(name: "A", currency: .EUR)))
        let day = Day(year: 2024, month: 1, day: 2)!
        for (line, account, currency) in [(1, "A", Currency.EUR), (2, "A", .EUR), (3, "A", .USD), (4, "B", .EUR)] {
            try emit(
                .draft(
                    Draft(
                        account: account, bookingDay: day, amount: Money(minorUnits: 100, currency: currency),
                        direction: .debit, description: "row \(line)",
                        location: SourceLocation(file: input.name, line: line, column: 1))))
        }
    }
}

/// `inspect` through an adapter without an inspection of its own makes the importer's checks.
@Suite("AdapterPreview")
struct AdapterPreviewTests {
    @Test("the preview stops at the first draft the dry run stops at, with the same error")
    func agreesWithDryRun() throws {
        let dryRun = BatchImporter().run(
            InMemoryByteStream("", name: "x.test"), adapter: MismatchedCurrencyFormat.self, options: AdapterOptions(),
            into: nil)
        let stopped = try #require(dryRun.failure)
        #expect(stopped.location.line == 3)
        let preview = try AdapterPreview.inspect(
            InMemoryByteStream("", name: "x.test"), adapter: BuiltInAdapter(MismatchedCurrencyFormat.self),
            options: AdapterOptions(), rows: 10_000)
        #expect(preview.failure == stopped.description)
    }
}
