import ExternalAdapters
import Foundation
import LedgerCore
import Testing

@Suite("AdapterCatalog")
struct AdapterCatalogTests {
    /// A built-in adapter as the catalog sees it: an id.
    struct BuiltIn: SourceAdapter {
        let id: String
        var summary: String { "built in" }
        var fileExtensions: [String] { [] }
        var options: [AdapterOptionSpec] { [] }
        var provenance: AdapterProvenance { AdapterProvenance(origin: .builtIn, version: "0.1.0", protocols: [1]) }
        func identify(head: [UInt8], path: String) -> Int { 0 }
        func reader(options: AdapterOptions) throws -> any DraftReader {
            throw CoreError(.missingField("a reader"), at: .file(""))
        }
        func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws -> AdapterInspection? { nil }
    }

    @Test("trusted externals run; untrusted, changed and shadowed ones are listed but don't")
    func states() throws {
        let scratch = try AdapterFolder()
        let bin = try scratch.folder("bin")
        let config = try scratch.folder("config")
        let trusted = try scratch.file("ledgerport-adapter-trusted", in: bin)
        let changed = try scratch.file("ledgerport-adapter-changed", in: bin)
        try scratch.file("ledgerport-adapter-new", in: bin)
        let csv = try scratch.file("ledgerport-adapter-csv", in: bin)
        let store = AdapterTrustStore(path: config + "/ledgerport/trusted-adapters.json")
        for path in [trusted, changed, csv] {
            let name = String((path as NSString).lastPathComponent.dropFirst("ledgerport-adapter-".count))
            try store.trust(
                AdapterPin(
                    name: name, path: path, sha256: try AdapterTrust.sha256(ofFileAt: path), version: "1",
                    trustedAt: "2026-12-01T19:00:00Z"))
        }
        try scratch.file("ledgerport-adapter-changed", in: bin, "#!/bin/sh\necho changed\n")
        let catalog = try AdapterCatalog(
            builtIns: [BuiltIn(id: "csv")], environment: ["PATH": bin, "XDG_CONFIG_HOME": config])
        let states = catalog.externals.map { "\($0.name) \($0.state)" }
        #expect(states == ["changed changed", "csv shadowed", "new untrusted", "trusted trusted"])
        #expect(catalog.runnableExternals.map(\.name) == ["trusted"])
        let shadowed = try #require(catalog.external(named: "csv"))
        #expect(shadowed.trust == .trusted)
        #expect(shadowed.refusal?.contains("shadowed by the built-in adapter csv") == true)
        #expect(catalog.external(named: "changed")?.refusal?.contains("changed since you trusted it") == true)
    }

    @Test("with no external adapter found, the trust file isn't read (even a damaged one)")
    func nothingFound() throws {
        let scratch = try AdapterFolder()
        let config = try scratch.folder("config")
        try scratch.file("trusted-adapters.json", in: try scratch.folder("config/ledgerport"), "nonsense", mode: 0o600)
        let catalog = try AdapterCatalog(builtIns: [], environment: ["PATH": scratch.path, "XDG_CONFIG_HOME": config])
        #expect(catalog.externals.isEmpty)
    }
}
