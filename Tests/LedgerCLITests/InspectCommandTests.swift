import Foundation
import Testing

/// `inspect` reads a file as `import` would, and its suggested mapping says what is left to decide.
@Suite("ledgerport inspect")
struct InspectCommandTests {
    @Test("the suggestion for Fecha;Concepto;Importe;Saldo imports its file once the listed decisions are made")
    func spanishSuggestion() throws {
        let cli = try CLIHarness()
        let file = try cli.write(
            "es.csv", "Fecha;Concepto;Importe;Saldo\n03/01/2024;Café;-3,80;96,20\n05/02/2024;Alquiler;-900,00;-803,80\n"
        )
        #expect(cli.run("inspect", file, "--json") == 1)
        let report = try #require(try cli.json() as? [String: Any])
        let json = try #require(report["suggestedMapping"] as? String)
        #expect(json.contains("\"format\": \"dd/MM/yyyy\""))
        #expect(!json.contains("\"currency\""))
        let decisions = try #require(report["decisions"] as? [String])
        #expect(decisions.count == 3)
        let mapping = try cli.write("es.json", json)
        #expect(cli.run("import", file, "--mapping", mapping, "--account", "Cuenta") == 2)
        #expect(cli.errors.contains("doesn't say which currency its amounts are in; name one with --currency CODE"))
        #expect(cli.run("import", file, "--mapping", mapping, "--account", "Cuenta", "--currency", "EUR") == 0)
        #expect(cli.run("transactions", "--json") == 0)
        let days = (try cli.json() as? [[String: Any]])?.compactMap { $0["date"] as? String }.sorted()
        #expect(days == ["2024-01-03", "2024-02-05"])
    }

    @Test("inspect shows what the import will ask for, and an unknown --mapping is bad usage")
    func asksAsImportDoes() throws {
        let cli = try CLIHarness()
        let file = try cli.write("march.csv", "Date,Description,Amount\n2024-03-02,Coffee,-3.80\n")
        #expect(cli.run("inspect", file) == 1)
        #expect(cli.output.contains("doesn't say which account it belongs to"))
        #expect(cli.run("inspect", file, "--account", "Checking", "--currency", "USD") == 0)
        #expect(cli.output.contains("-3.80 USD  Coffee"))
        #expect(cli.run("inspect", file, "--mapping", "nope") == 2)
        #expect(cli.output.isEmpty)
    }
}
