import Foundation
import LedgerCLI
import Testing

/// An empty account name on the command line is bad usage for every command that takes one.
@Suite("account names on the command line")
struct AccountArgumentTests {
    @Test(
        "an empty or all-whitespace --account or ACCOUNT exits 2 and writes nothing",
        arguments: ["", " ", "\t \t"])
    func emptyName(name: String) throws {
        let cli = try CLIHarness()
        let file = try cli.write("one.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        for arguments in [
            ["import", file, "--currency", "USD", "--account", name], ["import", file, "--account=\(name)"],
            ["inspect", file, "--account", name], ["transactions", "--account", name],
            ["reconcile", name], ["reconcile", name, "--balance", "1.00", "--as-of", "2024-01-31"],
        ] {
            #expect(cli.run(arguments) == 2, "\(arguments)")
            #expect(cli.errors.contains("is empty; expected an account's name"), "\(arguments): \(cli.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("a name with spaces inside is still a name")
    func spacedName() throws {
        let cli = try CLIHarness()
        let file = try cli.write("one.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--currency", "USD", "--account", " Joint account ") == 0)
        #expect(cli.run("transactions", "--account", " Joint account ") == 0)
        #expect(cli.output.contains("Coffee"))
    }
}
