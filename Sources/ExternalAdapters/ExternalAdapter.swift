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
    /// What `identify` answered, per file: each file is asked about once.
    let answers = IdentifyAnswers()

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

    /// Runs `identify` on a file, once for this value: a second call gives the first answer. Any
    /// failure counts as 0 (``identifyFailure(in:)`` then says why).
    public func identify(head: [UInt8], path file: String) -> Int {
        let answer = answers.answer(for: Self.absolute(file)) {
            Result { () throws(ExternalAdapterError) -> Int in try confidence(in: file) }
        }
        return (try? answer.get()) ?? 0
    }

    /// Runs `identify FILE` (within ``AdapterLimits/quickVerbSeconds``) and reads its answer.
    ///
    /// - Parameter file: the file's path (made absolute: the adapter runs in its own directory).
    /// - Returns: how sure the adapter is, 0–100.
    /// - Throws: ``ExternalAdapterError`` located at `file` when the adapter fails, takes too long,
    ///   or answers anything but one integer from 0 to 100 (the host then counts it as 0 and may
    ///   warn with this error).
    public func confidence(in file: String) throws(ExternalAdapterError) -> Int {
        try checkUnchanged(at: .file(file))
        let output = try AdapterProcess.runQuickVerb(
            adapter: name, path: path, arguments: ["identify", Self.absolute(file)],
            protocols: description.protocols, limits: limits, at: .file(file))
        guard let confidence = Self.confidence(output) else {
            var shown = String(decoding: output.prefix(60), as: UTF8.self)
            if shown.hasSuffix("\n") { shown.removeLast() }
            throw ExternalAdapterError(
                .badAnswer(
                    "identify answered \(quotedExcerpt(ProtocolError.displayable(shown))); expected one line holding "
                        + "an integer from 0 to 100"),
                adapter: name, at: .file(file))
        }
        return confidence
    }

    /// Refuses to run an executable whose bytes are no longer the ones trusted (``sha256``): the
    /// file may change between the moment the catalog hashed it and this run. Hashing a script
    /// costs microseconds; a window remains between this check and the start, as with any path.
    func checkUnchanged(at location: SourceLocation) throws(ExternalAdapterError) {
        let now: String
        do {
            now = try AdapterTrust.sha256(ofFileAt: path)
        } catch {
            throw ExternalAdapterError(.cannotStart(error.message), adapter: name, at: location)
        }
        guard now == sha256 else {
            throw ExternalAdapterError(
                .cannotStart(
                    "\(path) changed since it was trusted (sha256 was \(sha256), now \(now)); read it again, then "
                        + "run `ledgerport adapters trust \(name)`"),
                adapter: name, at: location)
        }
    }

    /// The options given that the adapter declares: the host's own settings for other adapters
    /// (CSV's `mapping-path`) never reach it.
    func declaredSettings(_ settings: [String: String]) -> [String: String] {
        let declared = Set(description.options.map(\.name))
        return settings.filter { declared.contains($0.key) }
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
