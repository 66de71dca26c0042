import LedgerCore

/// SWIFT MT940 customer statements and MT942 interim transaction reports, as banks hand them to
/// customers (`.sta`, `.mt940`, `.txt`).
///
/// Reads any number of messages of any number of accounts in one file, with or without the SWIFT
/// envelope (``MT940FieldReader``). For each account it emits the account (named from `:25:`),
/// then one booked draft per `:61:` with its `:86:` (``MT940StatementLine``,
/// ``MT940Information``), `:60F:` as the `.opening` and `:62F:` as the `.ledger` statement balance,
/// `:64:`/`:65:` as `.available` (``MT940StatementBuilder``). MT942 reports are read by the same
/// adapter, so one id, `mt940`, serves both: the two share every field but the balances, often sit
/// in one file, and must identify the same bookings alike. See `docs/formats/mt940.md`.
public struct MT940Format: FormatAdapter {
    /// `mt940`, for `--format` (MT942 too).
    public static let id = "mt940"
    /// The line `ledgerport formats` shows.
    public static let summary = "SWIFT MT940 statements and MT942 interim reports (German, Dutch, Polish :86:)"
    /// The names banks give these files.
    public static let fileExtensions = ["sta", "mt940", "940", "mt942", "942"]
    /// `encoding`, for the 8-bit code pages evidence cannot tell apart (Polish files); `mt942`, the
    /// status of MT942 lines.
    public static let options = [
        AdapterOptionSpec(
            name: "encoding", value: "auto|windows-1250|iso-8859-2|windows-1252",
            summary: "The file's 8-bit encoding; auto (the default) reads UTF-8, else Windows-1252, per field."),
        AdapterOptionSpec(
            name: "mt942", value: "pending|booked",
            summary: "The status of MT942 lines: pending (the default: not-yet-booked items, as German banks "
                + "send them through FinTS) or booked (a bank whose MT942 lists bookings)."),
    ]

    private let options: AdapterOptions
    private let encoding: MT940Encoding
    private let interimStatus: TransactionStatus

    /// Prepares to read.
    ///
    /// - Parameter options: `account` replaces the derived account name when the file holds
    ///   statements of exactly one account; `settings["encoding"]` names the 8-bit encoding
    ///   (`auto` by default); `settings["mt942"]` is `pending` (the default) or `booked`.
    /// - Throws: ``MT940Error`` when `encoding` names no encoding this adapter knows, or `mt942` is
    ///   neither `pending` nor `booked`.
    public init(options: AdapterOptions) throws {
        self.options = options
        if let text = options.settings["encoding"] {
            guard let encoding = MT940Encoding(option: text) else {
                throw MT940Error(.badEncodingOption(found: text), at: .file(options.fileName))
            }
            self.encoding = encoding
        } else {
            encoding = .auto
        }
        switch options.settings["mt942"]?.lowercased() {
        case nil, "pending": interimStatus = .pending
        case "booked": interimStatus = .booked
        case let found?: throw MT940Error(.badMT942Option(found: found), at: .file(options.fileName))
        }
    }

    /// How sure this is MT940/MT942, from the tag structure: 95 when lines start with `:20:` and
    /// `:25:` and a balance or MT942 field (`:60F:`, `:60M:`, `:62F:`, `:34F:`, `:13D:`), or with a
    /// SWIFT block `{1:` and `{4:`; 75 when at least two lines, and at least half of the lines,
    /// start with a tag (a fragment without `:20:`/`:25:`, so that MT940's own error is shown);
    /// 60 for `:20:` and `:61:` alone; 30 for an MT940 name alone; else 0. CSV says at most 70,
    /// so an MT940 file is never taken for CSV.
    public static func sniff(_ head: [UInt8], fileName: String) -> Int {
        var tags: Set<String> = []
        var hasBlocks = false
        var lines = 0
        var taggedLines = 0
        var lineStart = 0
        var index = 0
        let limit = min(head.count, 8192)
        while index <= limit {
            if index == limit || head[index] == 0x0A {
                var line = head[lineStart..<index]
                if let brace = line.first, brace == UInt8(ascii: "{") {
                    let text = String(decoding: line, as: UTF8.self)
                    if text.hasPrefix("{1:") || text.contains("{4:") { hasBlocks = true }
                    if let range = text.range(of: "{4:") {
                        line = line.dropFirst(text.utf8.distance(from: text.utf8.startIndex, to: range.upperBound))
                    }
                }
                if line.count >= 4, line.first == UInt8(ascii: ":"),
                    let close = line.dropFirst().prefix(4).firstIndex(of: UInt8(ascii: ":"))
                {
                    tags.insert(String(decoding: line[line.startIndex..<(close + 1)], as: UTF8.self))
                    let digits = line.dropFirst().prefix(2)
                    if digits.count == 2, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { taggedLines += 1 }
                }
                if line.contains(where: { $0 > 0x20 }) { lines += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        let hasHeader = tags.contains(":20:") && tags.contains(":25:")
        let hasStatement = [":60F:", ":60M:", ":62F:", ":34F:", ":13D:", ":28C:"].contains(where: tags.contains)
        if hasHeader && hasStatement { return 95 }
        if hasBlocks && tags.contains(":20:") { return 95 }
        if taggedLines >= 2 && taggedLines * 2 >= lines { return 75 }
        if tags.contains(":20:") && tags.contains(":61:") { return 60 }
        let lowerName = fileName.lowercased()
        if fileExtensions.contains(where: { lowerName.hasSuffix("." + $0) }) { return 30 }
        return 0
    }

    /// Reads the stream and emits accounts, drafts and balances.
    ///
    /// - Throws: ``MT940Error`` for bad input (with file, line and column), or what `emit` throws.
    public func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            let builder = MT940StatementBuilder(
                fileName: input.name, accountOverride: options.account, interimStatus: interimStatus, emit: emit)
            let input = encoding.upperHalf.map { MT940TranscodingStream(input, upperHalf: $0) } ?? input
            var reader = MT940FieldReader(fileName: input.name, builder: builder)
            while let chunk = try input.nextChunk() { try reader.feed(chunk) }
            try reader.finish()
        }
    }
}
