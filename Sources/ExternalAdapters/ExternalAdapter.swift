import AdapterProtocol
import LedgerCore

#if canImport(Glibc)
    import Glibc
#endif

/// What an external adapter says of itself in answer to `describe` (docs/plugins.md).
public struct AdapterDescription: Sendable, Hashable {
    /// Its NAME, the id `--format` takes; equal to the executable's `ledgerport-adapter-NAME`.
    public var name: String
    /// Its own version (`1.0.0`).
    public var version: String
    /// One line for `ledgerport adapters`.
    public var summary: String
    /// File name extensions it usually reads, lower-case without the dot.
    public var extensions: [String]
    /// The protocol versions it speaks.
    public var protocols: [Int]
    /// The options of its own it reads from `LEDGERPORT_OPTION_<NAME>`.
    public var options: [AdapterOptionSpec]

    /// Creates a description.
    public init(
        name: String, version: String, summary: String, extensions: [String], protocols: [Int],
        options: [AdapterOptionSpec] = []
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.extensions = extensions
        self.protocols = protocols
        self.options = options
    }
}

/// An external adapter: a trusted `ledgerport-adapter-NAME` executable run as a sandboxed process
/// that speaks the protocol in `docs/plugins.md`, presented to the importer like a built-in one.
///
/// Its output is validated line by line (``ProtocolLineDecoder``) and flows as events through the
/// normal importer: batches, draft validation, identity, checkpoints.
///
/// ```swift
/// let description = try ExternalAdapter.describe(name: "wise", path: path)
/// let adapter = ExternalAdapter(name: "wise", path: path, sha256: pinned, description: description)
/// let report = importer.run(stream, adapter: adapter, options: options, into: ledger)
/// ```
public struct ExternalAdapter: SourceAdapter {
    /// The adapter's NAME.
    public let name: String
    /// The executable's absolute path.
    public let path: String
    /// The executable's SHA-256 as trusted, in hex.
    public let sha256: String
    /// What `describe` said.
    public let description: AdapterDescription
    /// Time and output the adapter may take.
    public let limits: AdapterLimits

    /// Presents a described, trusted executable as an adapter. Nothing runs until it is used.
    ///
    /// - Parameters:
    ///   - name: the adapter's NAME.
    ///   - path: the executable's absolute path.
    ///   - sha256: its SHA-256 as trusted, in hex, for the imports log.
    ///   - description: what ``describe(name:path:limits:)`` returned.
    ///   - limits: time and output limits.
    public init(
        name: String, path: String, sha256: String, description: AdapterDescription, limits: AdapterLimits = .standard
    ) {
        self.name = name
        self.path = path
        self.sha256 = sha256
        self.description = description
        self.limits = limits
    }

    public var id: String { name }
    public var summary: String { description.summary }
    public var fileExtensions: [String] { description.extensions }
    public var options: [AdapterOptionSpec] { description.options }
    public var provenance: AdapterProvenance {
        AdapterProvenance(
            origin: .external(path: path), version: description.version, protocols: description.protocols,
            sha256: sha256)
    }

    /// Runs `describe` and checks what it prints: the required fields with their JSON types, `name`
    /// equal to NAME, and a protocol version in common with ``AdapterContract/versions``.
    ///
    /// - Parameters:
    ///   - name: the adapter's NAME (from `ledgerport-adapter-NAME`).
    ///   - path: the executable's absolute path.
    ///   - limits: `describe` must finish within ``AdapterLimits/quickVerbSeconds``.
    /// - Returns: the adapter's description.
    /// - Throws: ``ExternalAdapterError`` located at `path` when it can't run, fails, exceeds a
    ///   limit or describes itself wrongly; with no common protocol, the message names both sides'
    ///   versions.
    public static func describe(name: String, path: String, limits: AdapterLimits = .standard)
        throws(ExternalAdapterError) -> AdapterDescription
    {
        let output = try AdapterProcess.runQuickVerb(
            adapter: name, path: path, arguments: ["describe"], limits: limits, at: .file(path))
        return try AdapterDescription.decode(output, adapter: name, at: .file(path))
    }

    public func identify(head: [UInt8], path file: String) -> Int {
        let output: [UInt8]
        do {
            output = try AdapterProcess.runQuickVerb(
                adapter: name, path: path, arguments: ["identify", Self.absolute(file)], limits: limits,
                at: .file(file))
        } catch {
            return 0
        }
        return Self.confidence(output) ?? 0
    }

    public func reader(options: AdapterOptions) throws -> any DraftReader {
        ExternalDraftReader(adapter: self, options: options)
    }

    public func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws -> AdapterInspection? {
        nil
    }

    /// The path as the adapter, working in its own directory, must see it. Calls `getcwd`.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory + "/" + path
    }

    /// `identify`'s answer: one line holding an integer 0–100, or `nil` for anything else.
    static func confidence(_ output: [UInt8]) -> Int? {
        var text = Substring(String(decoding: output, as: UTF8.self))
        if text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty, text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(text), value <= 100
        else { return nil }
        return value
    }
}
