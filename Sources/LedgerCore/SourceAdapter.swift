/// An adapter as the importer sees it, built in or an external program: how sure it is of a file,
/// and a reader for it made ready with the user's options.
///
/// Built-in adapters are ``FormatAdapter`` types presented through `FormatRegistry`; external
/// ones are `ledgerport-adapter-NAME` executables speaking the protocol in `docs/plugins.md`.
/// Both feed the same importer: batches, identity, checkpoints.
public protocol SourceAdapter: Sendable {
    /// The id `--format` takes (`csv`, `ofx`, an external adapter's NAME).
    var id: String { get }
    /// One line for `ledgerport formats` and `ledgerport adapters`.
    var summary: String { get }
    /// File name extensions this format usually has, lower-case without the dot.
    var fileExtensions: [String] { get }
    /// The options of its own the adapter reads from ``AdapterOptions/settings``.
    var options: [AdapterOptionSpec] { get }
    /// Where the adapter comes from and which build it is, for listings and the imports log.
    var provenance: AdapterProvenance { get }

    /// How sure the adapter is that a file is in its format.
    ///
    /// - Parameters:
    ///   - head: up to the first 8 KiB of the file.
    ///   - path: the file's path, for its extension (and for an external adapter to open).
    /// - Returns: 0 (not this format) to 100 (certain).
    func identify(head: [UInt8], path: String) -> Int

    /// A reader for one file with the user's options.
    ///
    /// - Throws: a ``LocatedError`` when an option can't be used, or the adapter can't run.
    func reader(options: AdapterOptions) throws -> any DraftReader

    /// What `ledgerport inspect` shows beyond the common preview, or `nil` for the preview alone.
    func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws -> AdapterInspection?
}

/// Where an adapter comes from and which build it is.
public struct AdapterProvenance: Sendable, Hashable {
    /// Built in, or a program at a path.
    public enum Origin: Sendable, Hashable {
        /// Compiled into ledgerport.
        case builtIn
        /// An external adapter's executable.
        case external(path: String)
    }

    /// Built in or external.
    public var origin: Origin
    /// The adapter's version (a built-in adapter has ledgerport's).
    public var version: String
    /// The protocol versions it speaks.
    public var protocols: [Int]
    /// The SHA-256 of an external adapter's executable, in hex; `nil` for a built-in one.
    public var sha256: String?

    /// Creates a provenance.
    public init(origin: Origin, version: String, protocols: [Int], sha256: String? = nil) {
        self.origin = origin
        self.version = version
        self.protocols = protocols
        self.sha256 = sha256
    }
}
