import ExternalAdapters
import Foundation
import LedgerCore
import LedgerImport

/// `ledgerport adapters trust NAME`: pins an external adapter's path and sha256 so that it may run.
struct AdaptersTrustCommand: Command {
    static let name = "adapters trust"
    static let abstract = "Trust an external adapter: pin its path and sha256 so that it may run."
    static let arguments = "NAME"
    static let discussion = """
        Read the adapter first: it is a program that will read your bank files. Trusting runs its
        `describe` once; an adapter that fails, or speaks no protocol this ledgerport speaks, is refused
        and nothing is pinned. The pin (path, sha256, version, time) goes to
        $XDG_CONFIG_HOME/ledgerport/trusted-adapters.json; if the file changes later, it is refused until
        trusted again.
        Exit status: 0 when pinned, 1 when the adapter fails to describe itself, 2 for a NAME no
        external adapter has (or a built-in one's).
        """
    static let opensLedger = false
    static let options: [OptionSpec] = []

    let adapterName: String

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("adapters trust needs exactly one NAME") }
        adapterName = arguments.positionals[0]
    }

    func run(in context: CommandContext) throws -> Int32 {
        let catalog = try context.adapterCatalog()
        let external = try Self.external(named: adapterName, in: catalog, context: context)
        if external.isShadowed, let refusal = external.refusal { throw UsageError(refusal) }
        let before = try AdapterTrust.sha256(ofFileAt: external.path)
        let description: AdapterDescription
        do {
            description = try ExternalAdapter.describe(
                name: external.name, path: external.path, limits: try context.adapterLimits())
        } catch let error as UsageError {
            throw error
        } catch {
            throw RuntimeError(
                "adapter \(external.name) not trusted: \(Self.refusal(of: error)), so nothing was pinned\n"
                    + CommandContext.text(of: error))
        }
        // The file must be the one described: hashed again after it ran.
        let after = try AdapterTrust.sha256(ofFileAt: external.path)
        guard after == before else {
            throw RuntimeError(
                "adapter \(external.name) not trusted: \(external.path) changed while it was described "
                    + "(sha256 \(before), then \(after)); nothing was pinned")
        }
        let pin = AdapterPin(
            name: external.name, path: external.path, sha256: after, version: description.version,
            trustedAt: ISO8601DateFormatter().string(from: Date()), description: description)
        let store = try AdapterTrustStore(environment: context.environment)
        let earlier = try store.trust(pin)
        context.console.print("trusted \(pin.name) \(pin.version)")
        context.console.print("  path:       \(pin.path)")
        context.console.print("  sha256:     \(pin.sha256)")
        context.console.print("  protocols:  \(description.protocols.map(String.init).joined(separator: ", "))")
        context.console.print("  extensions: \(description.extensions.joined(separator: ", "))")
        if !description.options.isEmpty {
            context.console.print("  options:    \(description.options.map(\.name).joined(separator: ", "))")
        }
        if let earlier, earlier != pin {
            context.console.print(
                "  replaces the pin of \(earlier.version) at \(earlier.path) (sha256 \(earlier.sha256))")
        }
        context.console.print("  pinned in \(store.path)")
        return 0
    }

    /// What kept a `describe` from pinning the adapter, in a few words.
    static func refusal(of error: any Error) -> String {
        switch (error as? ExternalAdapterError)?.reason {
        case .noCommonProtocol: return "it speaks no protocol version this ledgerport speaks"
        case .badDescription: return "its describe printed no valid description"
        default: return "its describe failed"
        }
    }

    /// The external adapter found under a NAME.
    ///
    /// - Throws: ``UsageError`` for a built-in adapter's id, or a NAME nothing was found under.
    static func external(named name: String, in catalog: AdapterCatalog, context: CommandContext) throws(UsageError)
        -> AdapterCatalog.External
    {
        if let external = catalog.external(named: name) { return external }
        if catalog.builtIns.contains(where: { $0.id == name }) {
            throw UsageError("\(name) is a built-in adapter: it needs no trust")
        }
        let prefix = "ledgerport-adapter-"
        let found = catalog.externals.map(\.name)
        let folders = AdapterDiscovery(environment: context.environment).searchDirectories
        throw UsageError(
            "no external adapter \(name): no executable \(prefix)\(name) in "
                + (folders.isEmpty ? "any folder (none is set)" : folders.joined(separator: ":"))
                + (found.isEmpty ? "" : "; found: \(found.joined(separator: ", "))"))
    }
}
