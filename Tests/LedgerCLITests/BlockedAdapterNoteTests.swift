import Foundation
import LedgerTestSupport
import Testing

/// When detection picks the adapter, an external adapter trusted once but changed or moved since is
/// not asked about the file: a note on stderr says so and what to do, rather than silence.
@Suite("a changed or moved adapter left out of detection")
struct BlockedAdapterNoteTests {
    private static let csv = "Date,Description,Amount\n2024-03-02,Coffee,-3.80\n"

    @Test("a changed adapter is named with both digests, the file and what to run, by import, inspect and extract")
    func changedNoted() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let wise = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        try FileManager.default.removeItem(atPath: wise.marker)
        try wise.change()
        let file = try cli.write("march.csv", Self.csv)
        let note =
            "ledgerport: note: adapter wise (\(wise.path)) changed since you trusted it (sha256 was "
        let tail = "): it was not asked about \(file); read it, then run `ledgerport adapters trust wise`\n"
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0, "\(cli.errors)")
        #expect(cli.errors.hasPrefix(note), "\(cli.errors)")
        #expect(cli.errors.hasSuffix(tail), "\(cli.errors)")
        #expect(cli.output.contains("(csv, mapping generic)"))
        #expect(cli.run("inspect", file, "--account", "Checking", "--currency", "EUR") == 0)
        #expect(cli.errors.hasPrefix(note) && cli.errors.hasSuffix(tail), "\(cli.errors)")
        #expect(cli.run("extract", file, "--account", "Checking", "--currency", "EUR") == 0)
        #expect(cli.errors.hasPrefix(note) && cli.errors.hasSuffix(tail), "\(cli.errors)")
        #expect(!wise.hasRun)
    }

    @Test("with no adapter recognising the file, the changed one has its note and isn't listed as untrusted")
    func changedUnrecognised() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let wise = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        try wise.change()
        let file = try cli.write("march.wst", "data\n")
        #expect(cli.run("import", file) == 1)
        #expect(cli.errors.hasPrefix("ledgerport: note: adapter wise (\(wise.path)) changed since you trusted it"))
        #expect(!cli.errors.contains("not trusted: wise"), "\(cli.errors)")
        #expect(cli.run("extract", file) == 1)
        #expect(cli.errors.contains("note: adapter wise"), "\(cli.errors)")
    }

    @Test("a moved adapter is named with where the trusted one was")
    func movedNoted() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let wise = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        let other = cli.folder.appendingPathComponent("elsewhere")
        let moved = try ScriptAdapter("wise", in: other)
        cli.environment["LEDGERPORT_ADAPTER_PATH"] = other.path
        let file = try cli.write("march.csv", Self.csv)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0, "\(cli.errors)")
        #expect(
            cli.errors
                == "ledgerport: note: adapter wise (\(moved.path)) is not the one you trusted (at \(wise.path)): "
                + "it was not asked about \(file); read it, then run `ledgerport adapters trust wise` "
                + "(or remove it to use the trusted one)\n")
    }

    @Test("an adapter never trusted, or a file named with --format, gets no note when an adapter reads the file")
    func noNote() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        _ = try ScriptAdapter("wise", in: cli.adapterFolder)
        let keyvalue = try ScriptAdapter("keyvalue", in: cli.adapterFolder)
        let file = try cli.write("march.csv", Self.csv)
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0, "\(cli.errors)")
        #expect(cli.errors.isEmpty, "\(cli.errors)")
        #expect(cli.run("adapters", "trust", "keyvalue") == 0, "\(cli.errors)")
        try keyvalue.change()
        #expect(cli.run("import", file, "--format", "csv", "--account", "Checking", "--currency", "EUR") == 0)
        #expect(cli.errors.isEmpty, "\(cli.errors)")
    }
}
