import Foundation
import LedgerTestSupport
import Testing

/// The bundled samples exported to each format, byte for byte (Tests/Fixtures/Export/samples.*).
/// The repository's path in the CSV's source_file column is written as `$ROOT`, so the files
/// don't depend on where the checkout is. Record with `LEDGERPORT_RECORD=1 swift test --filter
/// ExportGoldenTests` and review the diff.
@Suite("export golden files")
struct ExportGoldenTests {
    @Test("the samples' export is the golden file", arguments: ["hledger", "ledger", "beancount", "csv"])
    func golden(format: String) throws {
        let cli = try ExportSamples.ledger()
        #expect(cli.run("export", "--to", format) == 0, "\(cli.errors)")
        let text = cli.output.replacingOccurrences(of: Fixture.repositoryRoot.path, with: "$ROOT")
        let problem = Snapshot.compare(text, with: Fixture.url("Export/samples.\(format)"))
        #expect(problem == nil, "\(problem ?? "")")
    }
}
