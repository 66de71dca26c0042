import Foundation
import LedgerCLI
import Testing

/// Unknown commands, subcommands and options get a "did you mean"; `-V` is `--version`.
@Suite("suggestions for unknown commands and options")
struct SuggestionTests {
    @Test("an unknown command suggests the closest one and exits 2")
    func command() throws {
        let cli = try CLIHarness()
        #expect(cli.run("acounts") == 2)
        #expect(
            cli.errors.hasPrefix(
                "ledgerport: unknown command 'acounts'; did you mean 'accounts'? expected one of import, "))
        #expect(cli.run("imprt", "x.csv") == 2)
        #expect(cli.errors.contains("did you mean 'import'?"))
        #expect(cli.run("frobnicate") == 2)
        #expect(cli.errors.hasPrefix("ledgerport: unknown command 'frobnicate'; expected one of"))
    }

    @Test("help for a word that is no command is bad usage, with a suggestion")
    func helpForUnknown() throws {
        let cli = try CLIHarness()
        #expect(cli.run("help", "acounts") == 2)
        #expect(cli.output.isEmpty)
        #expect(
            cli.errors.hasPrefix("ledgerport: no help for 'acounts': it is not a command; did you mean 'accounts'?"))
        #expect(cli.run("help", "accounts", "rename") == 0)
        #expect(cli.output.hasPrefix("USAGE: ledgerport accounts rename"))
    }

    @Test("an unknown option suggests the command's closest option and exits 2")
    func option() throws {
        let cli = try CLIHarness()
        #expect(cli.run("transactions", "--acount", "Checking") == 2)
        #expect(
            cli.errors
                == "ledgerport: unknown option --acount for `transactions`; did you mean '--account'? see `ledgerport transactions --help`\n"
        )
        #expect(cli.run("import", "x.csv", "--dryrun") == 2)
        #expect(cli.errors.contains("did you mean '--dry-run'?"))
        #expect(cli.run("accounts", "merge", "A", "B", "--dry-rn") == 2)
        #expect(cli.errors.contains("for `accounts merge`; did you mean '--dry-run'?"))
    }

    @Test("an unknown subcommand suggests the closest one and exits 2")
    func subcommand() throws {
        let cli = try CLIHarness()
        #expect(cli.run("accounts", "renam", "A", "B") == 2)
        #expect(
            cli.errors
                == "ledgerport: unknown subcommand 'renam' of `accounts`; did you mean 'rename'? expected one of rename, merge, set\n"
        )
    }

    @Test("-V prints the version as --version does")
    func version() throws {
        let cli = try CLIHarness()
        #expect(cli.run("--version") == 0)
        let long = cli.output
        #expect(cli.run("-V") == 0)
        #expect(cli.output == long)
        #expect(long.hasPrefix("ledgerport "))
    }
}
