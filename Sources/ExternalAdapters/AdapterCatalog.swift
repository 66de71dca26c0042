import LedgerCore

/// Every adapter ledgerport knows of: the built-in ones, and the external ones found on disk with
/// whether each may run.
///
/// An external adapter runs only when it is trusted (its pin's path and digest match the file)
/// and its NAME is no built-in adapter's id: a built-in adapter always wins over an external one
/// of the same name (the external one is listed as shadowed, and never run).
public struct AdapterCatalog: Sendable {
    /// The built-in adapters, in their registry's order.
    public var builtIns: [any SourceAdapter]
    /// The external adapters found, in search order, the first of each NAME.
    public var externals: [External]
    /// External adapters of a NAME found earlier in the search, which never run.
    public var hidden: [DiscoveredAdapter]

    /// Finds the external adapters and reads their trust.
    ///
    /// - Parameters:
    ///   - builtIns: the built-in adapters.
    ///   - environment: where to search and where the trust file is (see ``AdapterDiscovery``).
    /// - Throws: ``AdapterTrustError`` when the trust file is damaged or can't be read. An
    ///   executable that can't be read to hash it is listed as not trusted.
    public init(builtIns: [any SourceAdapter], environment: [String: String]) throws(AdapterTrustError) {
        let found = AdapterDiscovery(environment: environment).discover()
        let pins = found.adapters.isEmpty ? [] : try AdapterTrustStore(environment: environment).pins()
        self.init(builtIns: builtIns, discovered: found, pins: pins)
    }

    /// A catalog of adapters already found, against these pins.
    public init(builtIns: [any SourceAdapter], discovered: AdapterDiscovery.Result, pins: [AdapterPin]) {
        self.builtIns = builtIns
        self.hidden = discovered.hidden
        let builtInIDs = Set(builtIns.map(\.id))
        externals = discovered.adapters.map { adapter in
            let sha256 = try? AdapterTrust.sha256(ofFileAt: adapter.path)
            let trust = sha256.map { AdapterTrust(of: adapter, sha256: $0, pins: pins) } ?? .notTrusted
            return External(
                adapter: adapter, sha256: sha256, trust: trust, isShadowed: builtInIDs.contains(adapter.name),
                pin: pins.first { $0.name == adapter.name })
        }
    }

    /// The external adapters that may run: trusted, unchanged, and not shadowed by a built-in one.
    public var runnableExternals: [External] { externals.filter(\.isRunnable) }

    /// The external adapter found under a NAME, if any.
    public func external(named name: String) -> External? { externals.first { $0.name == name } }

    /// An external adapter as found, with its digest and trust.
    public struct External: Sendable, Hashable {
        /// Its NAME and path.
        public var adapter: DiscoveredAdapter
        /// The executable's SHA-256 now, in hex; `nil` when it couldn't be read.
        public var sha256: String?
        /// What its pin says of it.
        public var trust: AdapterTrust
        /// Whether a built-in adapter has its NAME as id (the built-in one wins).
        public var isShadowed: Bool
        /// Its NAME's pin, if any (for its trusted version and time).
        public var pin: AdapterPin?

        /// The adapter's NAME.
        public var name: String { adapter.name }
        /// The executable's path.
        public var path: String { adapter.path }
        /// Whether it may run.
        public var isRunnable: Bool { trust.isTrusted && !isShadowed }

        /// One word for a listing: `trusted`, `untrusted`, `changed`, `moved` or `shadowed`.
        public var state: String { isShadowed ? "shadowed" : trust.label }

        /// Why it may not run and what to do about it; `nil` when it may.
        public var refusal: String? {
            if isShadowed {
                return "adapter \(name) (\(path)) is shadowed by the built-in adapter \(name), which always wins; "
                    + "rename the executable (ledgerport-adapter-OTHER) to use it"
            }
            return trust.refusal(name: name, path: path)
        }
    }
}
