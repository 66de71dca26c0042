/// A format adapter: reads one file format and turns it into drafts and statement facts.
///
/// An adapter knows nothing about SQLite. It is registered with one line in `FormatRegistry`;
/// the importer sniffs a file's first bytes with every registered adapter and uses the most
/// confident one, unless the user names one with `--format`.
///
/// ```swift
/// let adapter = try CSVFormat(options: options)
/// try adapter.drafts(from: stream) { event in ... }
/// ```
public protocol FormatAdapter: SendableMetatype {
    /// A short lower-case id used by `--format` (`csv`, `ofx`).
    static var id: String { get }
    /// One line for `ledgerport formats`.
    static var summary: String { get }
    /// File name extensions this format usually has, lower-case without the dot.
    static var fileExtensions: [String] { get }

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

    /// Reads the whole stream, emitting each account before its drafts, then drafts in file
    /// order, and statement balances as they are found.
    ///
    /// - Parameters:
    ///   - input: the file's bytes.
    ///   - emit: receives each event; an error it throws stops reading and is rethrown.
    /// - Throws: a ``LocatedError`` for bad input, or whatever `emit` throws.
    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws
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
public struct AdapterOptions: Sendable, Hashable {
    /// The ledger account to import into, overriding what the source or mapping says.
    public var account: String?
    /// A mapping's name or path (CSV).
    public var mapping: String?
    /// Folders searched for mappings by name, first match wins (CSV).
    public var mappingDirectories: [String]
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

    /// Creates options.
    public init(
        account: String? = nil, mapping: String? = nil, mappingDirectories: [String] = [], fileName: String = "",
        currency: Currency? = nil, accountCurrency: Currency? = nil, namesAccountAfterFile: Bool = true
    ) {
        self.account = account
        self.mapping = mapping
        self.mappingDirectories = mappingDirectories
        self.fileName = fileName
        self.currency = currency
        self.accountCurrency = accountCurrency
        self.namesAccountAfterFile = namesAccountAfterFile
    }
}
