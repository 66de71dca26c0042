import Foundation
import LedgerTestSupport
import Testing

/// QIF states no currency: `--currency`, else the existing account's. `inspect` and
/// `import --dry-run` take it the same way, and a `--currency` that contradicts the account's is
/// bad usage before anything is read.
@Suite("QIF currency from the command line or the account")
struct QIFCurrencyChoiceTests {
    let cli: CLIHarness
    let march: String
    let april: String

    init() throws {
        cli = try CLIHarness()
        march = try cli.write("march.qif", "!Type:Bank\nD3/15/2024\nT-42.17\nPShell Oil 5521\n^\n")
        april = try cli.write("april.qif", "!Type:Bank\nD4/15/2024\nT-310.00\nPCity Garage\n^\n")
    }

    @Test("--currency EUR for an account that holds USD is bad usage (exit 2), said before the file is read")
    func contradictingCurrency() throws {
        #expect(cli.run("import", march, "--account", "Chk", "--currency", "USD") == 0, "\(cli.errors)")
        let message = "--currency EUR, but account \"Chk\" holds USD"
        for command in [["import"], ["import", "--dry-run"], ["inspect"]] {
            #expect(cli.run(command + [april, "--account", "Chk", "--currency", "eur"]) == 2, "\(command)")
            #expect(cli.errors.contains(message), "\(command): \(cli.errors)")
            #expect(!cli.errors.contains("april.qif:"), "nothing was read: \(cli.errors)")
            #expect(cli.output.isEmpty, "\(command): \(cli.output)")
        }
        #expect(cli.run("transactions", "--json") == 0)
        #expect((try cli.json() as? [[String: Any]])?.count == 1)
        #expect(cli.run("import", april, "--account", "Chk", "--currency", "USD") == 0, "the same currency is fine")
    }

    @Test("without --currency, inspect and the dry run both read in the existing account's currency")
    func accountCurrencyAgrees() throws {
        #expect(cli.run("import", march, "--account", "Chk", "--currency", "USD") == 0, "\(cli.errors)")
        #expect(cli.run("import", april, "--account", "Chk", "--dry-run") == 0, "\(cli.errors)")
        #expect(cli.run("inspect", april, "--account", "Chk") == 0, "\(cli.output)")
        #expect(cli.output.contains("-310.00 USD"), "\(cli.output)")
        #expect(!cli.output.contains("problem:"), "\(cli.output)")
    }

    @Test("with no currency to take, inspect reports the problem (exit 1) where the import refuses to start (exit 2)")
    func noCurrency() throws {
        #expect(cli.run("inspect", march, "--account", "Chk") == 1)
        #expect(cli.output.contains("problem:   "), "\(cli.output)")
        #expect(cli.output.contains("doesn't say which currency"), "\(cli.output)")
        #expect(cli.run("import", march, "--account", "Chk", "--dry-run") == 2)
        #expect(cli.errors.contains("doesn't say which currency"), "\(cli.errors)")
    }
}
