import Foundation
import LedgerCLI
import LedgerTestSupport

/// Runs `ledgerport` in process against a scratch database and captures what it prints.
final class CLIHarness {
    let folder: URL
    private(set) var output = ""
    private(set) var errors = ""
    /// Extra environment variables for every run (`LEDGERPORT_BUSY_TIMEOUT_MS`, …).
    var environment: [String: String] = [:]
    /// Lines a person types at a terminal, answered in order; `nil`: the input is not a terminal.
    var typed: [String]?

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var databasePath: String { folder.appendingPathComponent("data/ledger.sqlite").path }

    /// Runs a command line; returns its exit code. `output` and `errors` hold this run's text.
    @discardableResult
    func run(_ arguments: String...) -> Int32 { run(arguments) }

    @discardableResult
    func run(_ arguments: [String]) -> Int32 {
        var out = ""
        var err = ""
        var answers = typed ?? []
        let console = Console(
            output: { out += $0 }, errors: { err += $0 },
            input: { answers.isEmpty ? nil : answers.removeFirst() }, inputIsTerminal: typed != nil)
        let defaults = [
            "LEDGERPORT_DB": databasePath, "HOME": folder.path,
            "LEDGERPORT_MAPPINGS": Fixture.repositoryRoot.appendingPathComponent("mappings").path,
        ]
        let code = Ledgerport.run(
            arguments, console: console, environment: defaults.merging(environment) { $1 })
        output = out
        errors = err
        return code
    }

    /// Writes a file in the scratch folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The output parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(output.utf8), options: [.fragmentsAllowed])
    }
}

/// The ledger file's bytes and its WAL's (empty for a file that isn't there), to show that a
/// dry run or a refused command wrote nothing.
func ledgerBytes(_ cli: CLIHarness) -> [Data] {
    ["", "-wal"].map { suffix in
        (try? Data(contentsOf: URL(fileURLWithPath: cli.databasePath + suffix))) ?? Data()
    }
}
