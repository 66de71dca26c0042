import LedgerCore

/// What ``GeneratedFormat`` emits: how many drafts, and how long their descriptions are.
protocol GeneratedShape {
    static var count: Int { get }
    static var descriptionSize: Int { get }
}

/// 150,000 drafts with one-letter descriptions: more than one dry-run hand-over.
enum ManyShortDrafts: GeneratedShape {
    static let count = 150_000
    static let descriptionSize = 1
}

/// 3,000 drafts of 10 KB descriptions: chunks fill by bytes before they fill by count.
enum LongDescriptions: GeneratedShape {
    static let count = 3_000
    static let descriptionSize = 10_000
}

/// An adapter with no parsing: it declares account "A", emits its shape's drafts (line `n` for
/// the `n`th) and a ledger balance that matches them.
struct GeneratedFormat<Shape: GeneratedShape>: FormatAdapter {
    static var id: String { "generated-test" }
    static var summary: String { "test" }
    static var fileExtensions: [String] { [] }
    static func sniff(_ head: [UInt8], fileName: String) -> Int { 0 }
    init(options: AdapterOptions) throws {}

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try emit(.account(AccountReference(name: "A", currency: .EUR)))
        let day = Day(year: 2024, month: 1, day: 2)!
        let filler = String(repeating: "x", count: Shape.descriptionSize)
        for line in 1...Shape.count {
            try emit(
                .draft(
                    Draft(
                        account: "A", bookingDay: day, amount: Money(minorUnits: 100, currency: .EUR),
                        direction: .debit,
                        description: Shape.descriptionSize > 1 ? "\(line) \(filler)" : filler,
                        location: SourceLocation(file: input.name, line: line, column: 1))))
        }
        try emit(
            .balance(
                StatementBalance(
                    account: "A", asOf: day, signedMinorUnits: -100 * Int64(Shape.count), currency: .EUR, kind: .ledger,
                    location: SourceLocation(file: input.name, line: 1, column: 1))))
    }
}
