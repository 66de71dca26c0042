import Foundation
import LedgerTestSupport
import Testing

/// An external adapter for the CLI tests: a shell script speaking protocol 1 that notes every run.
struct ScriptAdapter {
    let name: String
    let path: String
    /// A file the script touches whenever it runs: its absence proves it never ran.
    let marker: String

    /// Writes `ledgerport-adapter-NAME` into `folder`.
    init(_ name: String, in folder: URL, describe: String? = nil) throws {
        self.name = name
        path = folder.appendingPathComponent("ledgerport-adapter-\(name)").path
        marker = folder.appendingPathComponent("\(name).ran").path
        let description =
            describe
                ?? """
                {"protocols":[1],"name":"\(name)","version":"1.0.0","summary":"Test statements","extensions":["wst"],\
                "options":[{"name":"profile","value":"ID","summary":"The profile to read"}]}
                """
        let script = """
            #!/bin/sh
            : > '\(marker)'
            case "$1" in
            describe) echo '\(description)' ;;
            identify) echo 90 ;;
            extract)
              echo '{"type":"account","key":"w","name":"Wise EUR","currency":"EUR"}'
              echo '{"type":"transaction","account":"w","bookingDay":"2026-01-31","amount":"12.50",\
            "direction":"debit","description":"CARD 1234 BEAN BAR","payee":"Bean Bar","source":{"line":1,"column":1}}'
              echo '{"type":"end","records":2}' ;;
            *) exit 2 ;;
            esac

            """
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    var hasRun: Bool { FileManager.default.fileExists(atPath: marker) }

    /// Changes the script (a comment at its end), so that its sha256 changes.
    func change() throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("# changed\n".utf8))
        try handle.close()
    }
}

extension CLIHarness {
    /// Searches `adapters/` in the scratch folder for adapters and keeps the trust file in `config/`.
    var adapterFolder: URL { folder.appendingPathComponent("adapters") }
    var trustFile: String { folder.appendingPathComponent("config/ledgerport/trusted-adapters.json").path }

    func useAdapterFolder() {
        environment["LEDGERPORT_ADAPTER_PATH"] = adapterFolder.path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    }
}

@Suite("ledgerport adapters")
struct AdaptersCommandTests {
    @Test("the list shows built-in adapters and an untrusted one without running it")
    func list() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let wise = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters") == 0)
        let lines = cli.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.split(separator: " ", omittingEmptySubsequences: true) == [
                "NAME", "VERSION", "PROTOCOL", "STATE", "PATH",
            ])
        #expect(lines.contains { $0.hasPrefix("csv ") && $0.contains("built-in") })
        #expect(lines.contains { $0.hasPrefix("wise ") && $0.contains(" untrusted ") && $0.hasSuffix(wise.path) })
        #expect(cli.run("adapters", "--json") == 0)
        let listed = try #require(try cli.json() as? [[String: Any]])
        let entry = try #require(listed.first { $0["name"] as? String == "wise" })
        #expect(entry["state"] as? String == "untrusted")
        #expect((entry["sha256"] as? String)?.count == 64)
        #expect(entry["version"] is NSNull)
        let csv = try #require(listed.first { $0["name"] as? String == "csv" })
        #expect((csv["options"] as? [[String: Any]])?.map { $0["name"] as? String } == ["mapping", "mapping-path"])
        #expect(!wise.hasRun)
    }

    @Test("an untrusted adapter named with --format is refused with what to do, exit 2, and never runs")
    func untrustedRefused() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let wise = try ScriptAdapter("wise", in: cli.adapterFolder)
        let file = try cli.write("march.wst", "data\n")
        #expect(cli.run("import", file, "--format", "wise") == 2)
        #expect(
            cli.errors
                == "ledgerport: adapter wise (\(wise.path)) is not trusted: read it, then run `ledgerport adapters trust wise`\n"
        )
        #expect(cli.run("inspect", file, "--format", "wise") == 2)
        #expect(cli.run("import", file) == 1)
        #expect(cli.errors.contains("external adapters found but not trusted: wise (untrusted, \(wise.path))"))
        #expect(!wise.hasRun)
    }

    @Test("trusting pins path and sha256; a changed file is then refused naming both digests")
    func trustThenChange() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let wise = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        #expect(cli.output.hasPrefix("trusted wise 1.0.0\n"))
        let pinned = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.trustFile)))
                as? [[String: String]])
        #expect(pinned.count == 1)
        let sha = try #require(pinned.first?["sha256"])
        #expect(pinned.first?["path"] == wise.path)
        #expect(cli.output.contains(sha))
        #expect(cli.run("adapters") == 0)
        #expect(cli.output.contains { _ in true })
        #expect(
            cli.output.split(separator: "\n").contains {
                $0.hasPrefix("wise ") && $0.contains("1.0.0") && $0.contains(" trusted ")
            })

        try wise.change()
        let file = try cli.write("march.wst", "data\n")
        #expect(cli.run("import", file, "--format", "wise") == 2)
        #expect(cli.errors.hasPrefix("ledgerport: adapter wise changed since you trusted it (sha256 was \(sha), now "))
        #expect(cli.errors.contains("`ledgerport adapters trust wise`"))
        #expect(cli.run("adapters") == 0)
        #expect(cli.output.split(separator: "\n").contains { $0.hasPrefix("wise ") && $0.contains(" changed ") })
    }

    @Test("a trusted adapter imports: payee stored, imports log keeps its version and sha256")
    func trustedImport() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        _ = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        let file = try cli.write("march.wst", "data\n")
        #expect(cli.run("import", file, "--format", "wise", "--option", "profile=main") == 0, "\(cli.errors)")
        #expect(cli.run("transactions", "--json") == 0)
        let rows = try #require(try cli.json() as? [[String: Any]])
        #expect(rows.first?["payee"] as? String == "Bean Bar")
        #expect(cli.run("imports", "--json") == 0)
        let imports = try #require(try cli.json() as? [[String: Any]])
        #expect(imports.first?["format"] as? String == "wise")
        #expect(imports.first?["adapterVersion"] as? String == "1.0.0")
        #expect((imports.first?["adapterSHA256"] as? String)?.count == 64)
        #expect(cli.run("imports") == 0)
        #expect(cli.output.contains("wise 1.0.0"))
    }

    @Test("an adapter whose describe fails is refused and nothing is pinned")
    func brokenNotPinned() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        _ = try ScriptAdapter("broken", in: cli.adapterFolder, describe: "not json")
        _ = try ScriptAdapter(
            "future", in: cli.adapterFolder,
            describe: #"{"protocols":[2],"name":"future","version":"9","summary":"s","extensions":[]}"#)
        #expect(cli.run("adapters", "trust", "broken") == 1)
        #expect(cli.errors.contains("adapter broken not trusted: its describe printed no valid description"))
        #expect(cli.run("adapters", "trust", "future") == 1)
        #expect(
            cli.errors.hasPrefix(
                "ledgerport: adapter future not trusted: it speaks no protocol version this ledgerport speaks, "
                    + "so nothing was pinned\n"),
            "\(cli.errors)")
        #expect(cli.errors.contains("adapter future speaks protocol 2; this ledgerport speaks 1"))
        #expect(!cli.errors.contains("describe failed"))
        #expect(!FileManager.default.fileExists(atPath: cli.trustFile))
    }

    @Test("untrust removes the pin; untrusting again is bad usage")
    func untrust() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        _ = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        #expect(cli.run("adapters", "untrust", "wise") == 0)
        #expect(cli.output.hasPrefix("untrusted wise 1.0.0"))
        #expect(cli.run("adapters", "untrust", "wise") == 2)
        #expect(cli.errors.contains("adapter wise is not trusted"))
        #expect(cli.run("adapters", "--json") == 0)
        let listed = try #require(try cli.json() as? [[String: Any]])
        #expect(listed.first { $0["name"] as? String == "wise" }?["state"] as? String == "untrusted")
    }

    @Test("an external adapter named like a built-in one is listed as shadowed and can't be trusted")
    func shadowed() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        let csv = try ScriptAdapter("csv", in: cli.adapterFolder)
        #expect(cli.run("adapters") == 0)
        #expect(cli.output.split(separator: "\n").contains { $0.hasPrefix("csv ") && $0.contains(" shadowed ") })
        #expect(cli.run("adapters", "trust", "csv") == 2)
        #expect(cli.errors.contains("shadowed by the built-in adapter csv"))
        #expect(cli.run("adapters", "trust", "nothing") == 2)
        #expect(cli.errors.contains("no external adapter nothing"))
        #expect(!csv.hasRun)
    }

    @Test("LEDGERPORT_ADAPTER_TIMEOUT must be whole seconds: anything else is bad usage before a file is read")
    func timeout() throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        cli.environment["LEDGERPORT_ADAPTER_TIMEOUT"] = "soon"
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 2)
        #expect(cli.errors.contains("LEDGERPORT_ADAPTER_TIMEOUT=soon is not a time limit"))
        cli.environment["LEDGERPORT_ADAPTER_TIMEOUT"] = "30"
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR") == 0)
    }

    @Test("--option names are checked against the adapter's options, exit 2 listing them")
    func options() throws {
        let cli = try CLIHarness()
        let file = try cli.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "EUR", "--option", "nope=1") == 2)
        #expect(cli.errors.contains("--option nope: adapter csv has no option nope; its options are mapping=NAME|PATH"))
        #expect(cli.run("import", file, "--format", "ofx", "--option", "nope=1") == 2)
        #expect(cli.errors.contains("adapter ofx has no option nope; it takes no options"))
        #expect(cli.run("inspect", file, "--option", "nope=1") == 2)
        #expect(cli.run("import", file, "--option", "novalue") == 2)
        #expect(cli.errors.contains("expected NAME=VALUE"))
        #expect(cli.run("import", file, "--mapping", "generic", "--option", "mapping=generic") == 2)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("--mapping is the option mapping: an adapter without it refuses it, exit 2; CSV checks that it exists")
    func mappingIsAnOption() throws {
        let cli = try CLIHarness()
        cli.useAdapterFolder()
        _ = try ScriptAdapter("wise", in: cli.adapterFolder)
        #expect(cli.run("adapters", "trust", "wise") == 0, "\(cli.errors)")
        let file = try cli.write("e.wst", "data\n")
        #expect(cli.run("extract", file, "--format", "wise", "--mapping", "foo") == 2)
        #expect(
            cli.errors
                == "ledgerport: --mapping: adapter wise has no option mapping; its options are profile=ID "
                + "(`ledgerport adapters --json` describes them)\n")
        #expect(cli.output.isEmpty)
        #expect(cli.run("import", file, "--format", "wise", "--option", "mapping=generic") == 2)
        #expect(cli.errors.hasPrefix("ledgerport: --option mapping: adapter wise has no option mapping"))
        #expect(cli.run("inspect", file, "--mapping", "generic") == 2)
        #expect(cli.errors.hasPrefix("ledgerport: --mapping: adapter wise has no option mapping"))

        let plain = try CLIHarness()
        let ofx = Fixture.url("OFX/amounts.ofx").path
        #expect(plain.run("import", ofx, "--mapping", "generic") == 2)
        #expect(plain.errors.contains("--mapping: adapter ofx has no option mapping; it takes no options"))
        let csv = try plain.write("jan.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(plain.run("extract", csv, "--mapping", "nope") == 2)
        #expect(plain.errors.hasPrefix("ledgerport: no mapping named \"nope\""))
        #expect(plain.run("extract", csv, "--format", "csv", "--option", "mapping=nope") == 2)
        #expect(plain.errors.hasPrefix("ledgerport: no mapping named \"nope\""))
        #expect(!FileManager.default.fileExists(atPath: plain.databasePath))
    }
}

@Suite("external adapters and the current directory")
struct CurrentDirectoryAdapterTests {
    /// The `ledgerport` executable beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ledgerport")
    }

    @Test("an adapter in the current directory is never found or run, with PATH holding . and empty entries")
    func currentDirectory() throws {
        let cli = try CLIHarness()
        let evil = try ScriptAdapter("evil", in: cli.folder)
        let file = try cli.write("x.wst", "data\n")
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build ledgerport first")
        func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = arguments
            process.currentDirectoryURL = cli.folder
            process.environment = [
                "PATH": ".::bin:/nonexistent", "LEDGERPORT_ADAPTER_PATH": ":.", "HOME": cli.folder.path,
                "LEDGERPORT_DB": cli.databasePath,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }
        let listed = try run(["adapters"])
        #expect(listed.status == 0)
        #expect(!listed.output.contains("evil"))
        #expect(try run(["import", "x.wst", "--format", "evil"]).status == 2)
        #expect(try run(["import", file]).status == 1)
        #expect(try run(["adapters", "trust", "evil"]).status == 2)
        #expect(!evil.hasRun)
    }
}
