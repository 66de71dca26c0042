import LedgerCore

// A stand-in for the CSV adapter while the real one is built on its own branch: it reads only the
// `generic` shape (Date,Description,Amount[,Balance], ISO days, signed amounts) so that the
// importer and the CLI can be exercised end to end. The merge of the csv branch replaces it.
public struct CSVFormat: FormatAdapter {
    public static let id = "csv"
    public static let summary = "CSV bank exports"
    public static let fileExtensions = ["csv"]
    private let options: AdapterOptions

    public static func sniff(_ head: [UInt8], fileName: String) -> Int {
        fileName.lowercased().hasSuffix(".csv") ? 50 : 0
    }

    public init(options: AdapterOptions) throws { self.options = options }

    public func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        let text = String(decoding: try input.readAll(), as: UTF8.self)
        let stem = String(input.name.split(separator: "/").last?.split(separator: ".").first ?? "account")
        let account = options.account ?? stem
        try emit(.account(AccountReference(name: account, currency: .EUR)))
        try emit(.mapping("generic"))
        var lineNumber = 0
        var first: (Day, Int64, Int64)?
        var last: (Day, Int64)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineNumber == 1 || line.isEmpty { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let location = SourceLocation(file: input.name, line: lineNumber, column: 1)
            let day = try Day.parse(fields[0], at: location)
            let column = fields[0].utf8.count + fields[1].utf8.count + 3
            let (amount, direction) = try Money.parse(
                fields[2], currency: .EUR, at: SourceLocation(file: input.name, line: lineNumber, column: column))
            var balance: Int64?
            if fields.count > 3 {
                let (money, sign) = try Money.parse(fields[3], currency: .EUR, at: location)
                balance = money.signedMinorUnits(sign)
            }
            let draft = Draft(
                account: account, bookingDay: day, amount: amount, direction: direction, description: fields[1],
                runningBalance: balance, location: location)
            if let balance {
                if first == nil { first = (day, balance, draft.signedMinorUnits) }
                last = (day, balance)
            }
            try emit(.draft(draft))
        }
        if let first, let last {
            try emit(
                .balance(
                    StatementBalance(
                        account: account, asOf: first.0.previous, signedMinorUnits: first.1 - first.2, currency: .EUR,
                        kind: .opening, location: .file(input.name))))
            try emit(
                .balance(
                    StatementBalance(
                        account: account, asOf: last.0, signedMinorUnits: last.1, currency: .EUR,
                        location: .file(input.name))))
        }
    }
}
