import Foundation
import LedgerCLI
import LedgerTestSupport
import Testing

/// Every command's whole `--help`, and the overview, against `Tests/Fixtures/Help/<command>.txt`.
///
/// The list comes from the CLI's own command list, so a new command without a snapshot fails here
/// until one is recorded (`LEDGERPORT_RECORD=1 swift test --filter HelpSnapshotTests`).
@Suite("help snapshots")
struct HelpSnapshotTests {
    @Test("each command's --help equals its snapshot", arguments: Ledgerport.commandNames)
    func commandHelp(command: String) throws {
        let cli = try CLIHarness()
        #expect(cli.run(words(command) + ["--help"]) == 0)
        #expect(cli.errors.isEmpty)
        let file = words(command).joined(separator: "-")
        let problem = Snapshot.compare(cli.output, with: Fixture.url("Help/\(file).txt"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("the overview equals its snapshot")
    func overview() throws {
        let cli = try CLIHarness()
        #expect(cli.run("--help") == 0)
        let problem = Snapshot.compare(cli.output, with: Fixture.url("Help/overview.txt"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("`help COMMAND` prints the same text as `COMMAND --help`", arguments: Ledgerport.commandNames)
    func helpCommand(command: String) throws {
        let cli = try CLIHarness()
        #expect(cli.run(words(command) + ["--help"]) == 0)
        let direct = cli.output
        #expect(cli.run(["help"] + words(command)) == 0)
        #expect(cli.output == direct)
    }

    @Test("no help line is cut: each option's label is followed by two spaces", arguments: Ledgerport.commandNames)
    func labelsAreWhole(command: String) throws {
        let cli = try CLIHarness()
        #expect(cli.run(words(command) + ["--help"]) == 0)
        let optionLines = cli.output.split(separator: "\n").filter { $0.hasPrefix("  --") }
        #expect(!optionLines.isEmpty)
        for line in optionLines {
            // "  --db PATH|URL  The ledger…": the label's last word stands whole before the gap.
            #expect(line.contains("  --db PATH|URL  ") || !line.hasPrefix("  --db"), "\(line)")
            #expect(line.dropFirst(2).contains("  "), "\(line)")
        }
    }

    /// A command's name as the words typed (`imports undo` is two).
    private func words(_ command: String) -> [String] { command.split(separator: " ").map(String.init) }
}
