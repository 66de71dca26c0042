import LedgerCore
import LedgerTestSupport
import QIFAdapter
import Testing

/// `--option decimal=comma`: the decimal-comma exports of German Microsoft Money and Lexware. The
/// mark is never guessed: without the option a decimal comma is refused.
@Suite("QIF decimal comma")
struct QIFDecimalCommaTests {
    static let fixture = "error-decimal-comma.qif"

    @Test("decimal=comma reads ',' as the decimal mark and '.' as the thousands separator, splits too")
    func comma() throws {
        let run = try QIFFixtureTests.read(Self.fixture, settings: ["decimal": "comma"])
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map { $0.amount.signedMinorUnits($0.direction) } == [-123_456, 285_000, -450])
        #expect(run.drafts[1].splits.map(\.signedMinorUnits) == [340_000, -55_000])
    }

    @Test("without the option (or with decimal=point) the comma amount is refused at its line")
    func pointIsTheDefault() throws {
        for settings in [[:], ["decimal": "point"]] {
            let run = try QIFFixtureTests.read(Self.fixture, settings: settings)
            #expect(run.error?.contains(":3:2: error: T \"-1.234,56\" is not an amount") == true, "\(run.error ?? "")")
        }
    }

    @Test("with decimal=comma a point-decimal amount is refused, not read as thousands")
    func commaRefusesPoint() {
        let run = runAdapter(
            QIFFormat.self, bytes: Array("!Type:Bank\nD31.01.2024\nT-12.50\n^\n".utf8), name: "bank.qif",
            options: AdapterOptions(settings: ["decimal": "comma"], currency: .EUR))
        #expect(run.drafts.isEmpty)
        #expect(run.error?.contains("T \"-12.50\" is not an amount") == true, "\(run.error ?? "")")
    }

    @Test("an unknown decimal value is refused, naming both")
    func badValue() {
        #expect(throws: QIFError(.badDecimalOption(found: "dot"), at: .file("bank.qif"))) {
            try QIFFormat(options: AdapterOptions(settings: ["decimal": "dot"], fileName: "bank.qif"))
        }
        #expect(
            QIFError(.badDecimalOption(found: "dot"), at: .file("b.qif")).message
                == "decimal \"dot\" is not a decimal mark; expected point or comma")
    }
}
