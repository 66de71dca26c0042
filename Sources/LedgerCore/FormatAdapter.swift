/// Reads one source into events: what an adapter made ready with the user's options does.
public protocol DraftReader {
    /// Reads the whole stream, emitting each account before its drafts, then drafts in file
    /// order, and statement balances as they are found.
    ///
    /// - Parameters:
    ///   - input: the file's bytes.
    ///   - emit: receives each event; an error it throws stops reading and is rethrown.
    /// - Throws: a ``LocatedError`` for bad input, or whatever `emit` throws.
    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws

    /// Reads as ``drafts(from:emit:)`` does, in the same order, but may hand each draft to
    /// `draft` by itself, moved, rather than to `emit` inside an ``AdapterEvent``; the importer's
    /// reading thread asks for this. A draft (about 250 bytes) put into an event and bound out of
    /// it again was copied four times: about 200 instructions a CSV row. By default every event,
    /// drafts included, goes to `emit`; a reader need not implement it.
    func drafts(
        from input: any ByteStream, emit: (AdapterEvent) throws -> Void, draft: (consuming Draft) throws -> Void
    ) throws
}

extension DraftReader {
    /// Every event, drafts included, to `emit`.
    public func drafts(
        from input: any ByteStream, emit: (AdapterEvent) throws -> Void, draft: (consuming Draft) throws -> Void
    ) throws {
        try drafts(from: input, emit: emit)
    }
}

/// A built-in format adapter: reads one file format and turns it into drafts and statement facts.
///
/// An adapter knows nothing about SQLite. It is registered with one line in `FormatRegistry`,
/// which presents it as a ``SourceAdapter`` like an external one; the importer asks every adapter
/// how sure it is of a file and uses the most confident one, unless the user names one with
/// `--format`.
///
/// ```swift
/// let adapter = try CSVFormat(options: options)
/// try adapter.drafts(from: stream) { event in ... }
/// ```
public protocol FormatAdapter: DraftReader, SendableMetatype {
    /// A short lower-case id used by `--format` (`csv`, `ofx`).
    static var id: String { get }
    /// One line for `ledgerport formats`.
    static var summary: String { get }
    /// File name extensions this format usually has, lower-case without the dot.
    static var fileExtensions: [String] { get }
    /// The options of its own the adapter reads from ``AdapterOptions/settings`` (none by default).
    static var options: [AdapterOptionSpec] { get }

    /// How sure the adapter is that a file is in its format, from its first bytes.
    ///
    /// - Parameters:
    ///   - head: up to the first 8 KiB of the file.
    ///   - fileName: the file's name, for its extension.
    /// - Returns: 0 (not this format) to 100 (certain).
    static func sniff(_ head: [UInt8], fileName: String) -> Int

    /// Prepares to read with the user's options.
    ///
    /// - Throws: a ``LocatedError`` when an option can't be used (a mapping that doesn't parse).
    init(options: AdapterOptions) throws

    /// What `ledgerport inspect` shows of a file, when the adapter has more to say than its first
    /// events (CSV: the encoding, dialect and mapping choice); `nil` (the default) for the common
    /// preview of accounts, balances and first rows.
    static func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws -> AdapterInspection?
}

extension FormatAdapter {
    /// No options of its own.
    public static var options: [AdapterOptionSpec] { [] }

    /// The common preview.
    public static func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws
        -> AdapterInspection?
    { nil }
}

/// What an adapter finds in a source, in order.
public enum AdapterEvent: Sendable, Hashable {
    /// An account, declared before the drafts that name it.
    case account(AccountReference)
    /// One transaction.
    case draft(Draft)
    /// A balance the statement states.
    case balance(StatementBalance)
    /// Records deliberately not imported (an investment statement's trades), with a count.
    case skipped(SkippedRecords)
    /// The mapping or dialect the adapter chose (a CSV mapping's name), for the imports log.
    case mapping(String)
    /// A correction of a transaction the source sent before (OFX `CORRECTACTION`): the store
    /// deletes the transaction with that external id; a replacing draft follows as a `.draft`
    /// (see ``DraftCorrection``).
    case correction(DraftCorrection)
    /// Something the adapter tolerated and the person should know (amounts rounded to the
    /// currency's minor unit, a balance left empty, an encoding label that contradicts the
    /// bytes), with a count and the first place.
    case notice(AdapterNotice)
}

/// Input an adapter read by a documented tolerance, reported so that nothing changes silently.
public struct AdapterNotice: Sendable, Hashable {
    /// How many records it concerns.
    public var count: Int
    /// What was tolerated and what became of it
    /// (`TRNAMT finer than USD's cents, rounded half to even`).
    public var reason: String
    /// Where the first of them is.
    public var location: SourceLocation

    /// Creates a notice.
    public init(count: Int, reason: String, location: SourceLocation) {
        self.count = count
        self.reason = reason
        self.location = location
    }
}

/// Records an adapter read but does not import, reported so that nothing disappears silently.
public struct SkippedRecords: Sendable, Hashable {
    /// How many records.
    public var count: Int
    /// Why they are skipped, for the report (`security trades (BUYSTOCK, SELLMF)`).
    public var reason: String
    /// Where the first of them is.
    public var location: SourceLocation

    /// Creates a note of skipped records.
    public init(count: Int, reason: String, location: SourceLocation) {
        self.count = count
        self.reason = reason
        self.location = location
    }
}

/// The user's choices that shape how a file is read.
///
/// The fields are the choices every adapter shares; an adapter's own options (CSV's mapping) are
/// in ``settings``, under the names the adapter declares (``FormatAdapter/options``).
public struct AdapterOptions: Sendable, Hashable {
    /// The ledger account to import into, overriding what the source or mapping says.
    public var account: String?
    /// The adapter's own options by name (`mapping`), as the user or the host set them.
    public var settings: [String: String]
    /// The file's path, for naming things after it.
    public var fileName: String
    /// The currency the user named for a source that states none (a CSV file without a currency
    /// column or line); it comes before a mapping's default (formats that carry none).
    public var currency: Currency?
    /// The currency of the existing account the rows go to: the last resort when neither the
    /// source, the user nor the mapping names one (formats that carry none).
    public var accountCurrency: Currency?
    /// Whether a source that doesn't say which account it belongs to may be named after its file
    /// (`march.csv` → `march`); when `false` the adapter throws ``MissingChoice`` instead, so that
    /// the user names the account. The command line sets it to `false`.
    public var namesAccountAfterFile: Bool
    /// The commodities the ledger declares beyond ISO 4217 (`BTC` with 8 decimals): a code in the
    /// source resolves through it, ISO 4217 first. Empty (ISO 4217 only) by default; the command
    /// line fills it from the ledger.
    public var commodities: CommodityTable

    /// Creates options.
    public init(
        account: String? = nil, settings: [String: String] = [:], fileName: String = "",
        currency: Currency? = nil, accountCurrency: Currency? = nil, namesAccountAfterFile: Bool = true,
        commodities: CommodityTable = CommodityTable()
    ) {
        self.commodities = commodities
        self.account = account
        self.settings = settings
        self.fileName = fileName
        self.currency = currency
        self.accountCurrency = accountCurrency
        self.namesAccountAfterFile = namesAccountAfterFile
    }
}

/// One option an adapter reads from ``AdapterOptions/settings``, declared so that the command line
/// can check a name and `ledgerport adapters` can list it.
public struct AdapterOptionSpec: Sendable, Hashable {
    /// The option's name, lower-case with dashes (`mapping`).
    public var name: String
    /// The value's placeholder (`NAME|PATH`).
    public var value: String
    /// One line of help.
    public var summary: String

    /// Declares an option.
    public init(name: String, value: String, summary: String) {
        self.name = name
        self.value = value
        self.summary = summary
    }
}
