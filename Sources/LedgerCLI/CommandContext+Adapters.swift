import ExternalAdapters
import LedgerCore
import LedgerImport

/// What a process learns once about external adapters: the catalog and the described adapters.
///
/// Nothing is searched, hashed or run until a command asks for adapters: `ledgerport accounts`
/// stays as cheap as before.
final class AdapterCache {
    var catalog: AdapterCatalog?
    /// The trusted external adapters, described, in catalog order.
    var described: [any SourceAdapter]?
    /// Why a trusted adapter couldn't be described, by NAME.
    var describeFailures: [String: any Error] = [:]
    /// The unusable `identify` answers already warned about, as NAME and file.
    var identifyWarnings: Set<[String]> = []
}

extension CommandContext {
    /// Every adapter known: the built-in ones and the external ones found, with their trust. Read
    /// once per process.
    ///
    /// - Throws: ``AdapterTrustError`` when the trust file is damaged.
    func adapterCatalog() throws(AdapterTrustError) -> AdapterCatalog {
        if let catalog = adapterCache.catalog { return catalog }
        let catalog = try AdapterCatalog(builtIns: FormatRegistry.adapters, environment: environment)
        adapterCache.catalog = catalog
        return catalog
    }

    /// The adapters a command may use: the built-in ones first, then the trusted external ones
    /// (each described once per process; one that fails to describe is left out with a warning).
    ///
    /// A damaged trust file leaves the external adapters out, with a warning: the built-in ones
    /// still work.
    var adapters: [any SourceAdapter] {
        FormatRegistry.adapters + externalAdapters
    }

    /// The trusted external adapters, described.
    private var externalAdapters: [any SourceAdapter] {
        if let described = adapterCache.described { return described }
        var described: [any SourceAdapter] = []
        do {
            for external in try adapterCatalog().runnableExternals {
                do {
                    described.append(try describedAdapter(external))
                } catch {
                    adapterCache.describeFailures[external.name] = error
                    console.error("warning: adapter \(external.name) left out: \(Self.text(of: error))")
                }
            }
        } catch {
            console.error("warning: external adapters left out: \(error.description)")
        }
        adapterCache.described = described
        return described
    }

    /// The adapter most confident that a file is in its format (``FormatRegistry/detect(head:fileName:among:)``
    /// among ``adapters``), warning on stderr, once per adapter and file, about an external
    /// adapter whose `identify` answer counted as 0 because it was unusable.
    func detect(head: [UInt8], file: String) -> (adapter: any SourceAdapter, confidence: Int)? {
        let candidates = adapters
        let detected = FormatRegistry.detect(head: head, fileName: file, among: candidates)
        for case let external as ExternalAdapter in candidates {
            guard let failure = external.identifyFailure(in: file),
                adapterCache.identifyWarnings.insert([external.name, file]).inserted
            else { continue }
            console.error("warning: \(file): \(failure.message); counted as 0")
        }
        return detected
    }

    /// The adapter a `--format ID` value names, or `nil` when the option is absent.
    ///
    /// - Throws: ``UsageError`` (exit 2) for an id no adapter has, an external adapter that may
    ///   not run (not trusted, changed, moved, shadowed), saying what to do, or a
    ///   `LEDGERPORT_ADAPTER_TIMEOUT` that isn't a time limit;
    ///   ``RuntimeError`` (exit 1) for a trusted one that fails to describe itself.
    func adapter(format id: String?) throws -> (any SourceAdapter)? {
        // A bad LEDGERPORT_ADAPTER_TIMEOUT is bad usage before any file is read.
        _ = try adapterLimits()
        guard let id else { return nil }
        let name = id.lowercased()
        if let builtIn = FormatRegistry.adapter(id: name) { return builtIn }
        let catalog = try adapterCatalog()
        if let external = catalog.external(named: name) {
            if let refusal = external.refusal { throw UsageError(refusal) }
            if let described = adapters.first(where: { $0.id == name }) { return described }
            let reason = adapterCache.describeFailures[name].map(Self.text) ?? "it didn't describe itself"
            throw RuntimeError("adapter \(name) (\(external.path)) can't be used: \(reason)")
        }
        throw UsageError(
            "--format \(id) is not a known format; expected one of \(adapters.map(\.id).joined(separator: ", "))"
                + " (`ledgerport adapters` lists them)")
    }

    /// What to add to "the format of this file isn't recognised": the external adapters found that
    /// may not run, since one of them may read the file once trusted. Empty when there are none.
    ///
    /// An untrusted adapter is never run, not even to ask which files it reads, so every one is named.
    func untrustedAdapterHint() -> String {
        guard let catalog = try? adapterCatalog() else { return "" }
        // Changed and moved ones have their note (noteBlockedAdapters) before the file is read.
        let blocked = catalog.externals.filter { $0.trust == .notTrusted && !$0.isShadowed }
        guard !blocked.isEmpty else { return "" }
        let names = blocked.map { "\($0.name) (\($0.state), \($0.path))" }.joined(separator: ", ")
        return "; external adapters found but not trusted: \(names): read one, then run "
            + "`ledgerport adapters trust NAME` to let it read files"
    }

    /// A trusted external adapter, described: by its pin, which keeps what `describe` said when
    /// it was trusted (the file unchanged since), or else by running its `describe`.
    func describedAdapter(_ external: AdapterCatalog.External) throws -> ExternalAdapter {
        let limits = try adapterLimits()
        let description: AdapterDescription
        if let pin = external.pin, let pinned = pin.description, pin.path == external.path,
            pin.sha256 == external.sha256
        {
            description = pinned
        } else {
            description = try ExternalAdapter.describe(name: external.name, path: external.path, limits: limits)
        }
        return ExternalAdapter(
            name: external.name, path: external.path, sha256: external.sha256 ?? "", description: description,
            limits: limits)
    }

    /// The limits external adapters run under: the protocol's, with `$LEDGERPORT_ADAPTER_TIMEOUT`
    /// (seconds) as the time limit of every verb when set.
    ///
    /// - Throws: ``UsageError`` for a value that isn't a positive number of seconds.
    func adapterLimits() throws(UsageError) -> AdapterLimits {
        var limits = AdapterLimits.standard
        guard let text = environment["LEDGERPORT_ADAPTER_TIMEOUT"], !text.isEmpty else { return limits }
        guard let seconds = Int(text), (1...86_400).contains(seconds) else {
            throw UsageError(
                "LEDGERPORT_ADAPTER_TIMEOUT=\(text) is not a time limit; expected whole seconds from 1 to 86400")
        }
        limits.quickVerbSeconds = Double(seconds)
        limits.idleSeconds = Double(seconds)
        return limits
    }

    /// An error's one-line text: a located error's description, else what it says of itself.
    static func text(of error: any Error) -> String {
        (error as? any LocatedError)?.description ?? (error as? UsageError)?.message ?? "\(error)"
    }
}
