import LedgerCore

/// Quicken Interchange Format: the register exports of Quicken, Microsoft Money, GnuCash and
/// many US credit unions.
///
/// Reads `!Type:Bank`, `Cash`, `CCard`, `Oth A` and `Oth L` registers, one per file or several
/// behind `!Account` records (`!Option:AutoSwitch` lists). Each account is announced once, named
/// by its `N` line (a file without `!Account` takes `--account`, or its file's name where the
/// caller allows), then one draft per record (`^` ends one). Investment registers (`!Type:Invst`)
/// and lists (categories, classes, memorized transactions, securities, prices) are reported as
/// skipped, with a count. QIF states no currency: the caller's `--currency` or the existing
/// account's is required. QIF defines no date format: the day/month order is settled once per
/// file (``QIFDate``, ``QIFDateOrder``). See `docs/formats/qif.md`.
public struct QIFFormat: FormatAdapter {
    /// `qif`, for `--format`.
    public static let id = "qif"
    /// The line `ledgerport formats` shows.
    public static let summary = "QIF (Quicken, Microsoft Money) bank, cash and card registers"
    /// Quicken Interchange Format files.
    public static let fileExtensions = ["qif"]
    /// `date-order`, for files whose dates never say which number is the day, and `decimal`, for
    /// exports written with a decimal comma (German Microsoft Money, Lexware).
    public static let options = [
        AdapterOptionSpec(
            name: "date-order", value: "dmy|mdy",
            summary: "The order of day and month in the dates, for a file where no day is above 12."),
        AdapterOptionSpec(
            name: "decimal", value: "point|comma",
            summary: "The amounts' decimal mark (default point); with comma, '.' separates thousands."),
    ]

    private let options: AdapterOptions
    private let order: QIFDateOrder?
    private let decimalComma: Bool

    /// Prepares to read.
    ///
    /// - Parameter options: `currency` (else `accountCurrency`) is the amounts' currency;
    ///   `account` names the file's one account; `settings["date-order"]` is `dmy` or `mdy`;
    ///   `settings["decimal"]` is `point` (the default) or `comma`.
    /// - Throws: ``QIFError`` when `date-order` or `decimal` is neither.
    public init(options: AdapterOptions) throws {
        self.options = options
        if let text = options.settings["date-order"] {
            guard let order = QIFDateOrder(rawValue: text.lowercased()) else {
                throw QIFError(.badDateOrderOption(found: text), at: .file(options.fileName))
            }
            self.order = order
        } else {
            order = nil
        }
        switch options.settings["decimal"]?.lowercased() {
        case nil, "point": decimalComma = false
        case "comma": decimalComma = true
        case .some:
            throw QIFError(.badDecimalOption(found: options.settings["decimal"] ?? ""), at: .file(options.fileName))
        }
    }

    /// How sure this is QIF: 100 when the first line is a `!Type:`, `!Account` or `!Option:`
    /// header, 30 for a `.qif` name alone, else 0.
    public static func sniff(_ head: [UInt8], fileName: String) -> Int {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        while let first = bytes.first, first == 0x20 || first == 0x09 || first == 0x0D || first == 0x0A {
            bytes = bytes.dropFirst()
        }
        let start = String(decoding: bytes.prefix(16), as: UTF8.self).lowercased()
        if start.hasPrefix("!type:") || start.hasPrefix("!account") || start.hasPrefix("!option:") { return 100 }
        if fileName.lowercased().hasSuffix(".qif") { return 30 }
        return 0
    }

    /// Reads the stream and emits accounts, drafts and skipped records.
    ///
    /// - Throws: ``MissingChoice`` when no currency is given, ``QIFError`` for bad input (with
    ///   file, line and column), or what `emit` throws.
    public func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        guard let currency = options.currency ?? options.accountCurrency else {
            throw MissingChoice(
                .currency, source: "QIF states no currency", at: SourceLocation(file: input.name, line: 1, column: 1))
        }
        try withoutActuallyEscaping(emit) { emit in
            let reader = QIFReader(
                file: input.name, options: options, currency: currency, order: order, decimalComma: decimalComma,
                emit: emit)
            while let chunk = try input.nextChunk() { try reader.feed(chunk) }
            try reader.finish()
        }
    }
}
