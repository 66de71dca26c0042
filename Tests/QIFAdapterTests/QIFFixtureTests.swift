import Foundation
import LedgerCore
import LedgerTestSupport
import QIFAdapter
import Testing

/// Every file in `Tests/Fixtures/QIF/` (Quicken, Money and credit-union shapes, and the errors),
/// each read in US dollars against its `<case>.qif.expected`.
@Suite("QIF fixtures")
struct QIFFixtureTests {
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.url("QIF").path)) ?? []
        return names.filter { $0.hasSuffix(".qif") }.sorted()
    }()

    static func read(_ fixture: String, settings: [String: String] = [:]) throws -> AdapterRun {
        runAdapter(
            QIFFormat.self, bytes: try Fixture.bytes("QIF/\(fixture)"), name: fixture,
            options: AdapterOptions(settings: settings, fileName: fixture, currency: .USD), validatesDrafts: true)
    }

    @Test("there are fixtures to read")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 20)
    }

    @Test("each fixture gives exactly its expected events or error", arguments: fixtures)
    func expectedEvents(fixture: String) throws {
        let problem = EventLines.compare(try Self.read(fixture), expectedAt: Fixture.url("QIF/\(fixture).expected"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a fixture named error-* stops with an error and every other one reads without")
    func errorFixturesFail() throws {
        for fixture in Self.fixtures {
            let run = try Self.read(fixture)
            #expect((run.error != nil) == fixture.hasPrefix("error-"), "\(fixture): \(run.error ?? "no error")")
        }
    }

    @Test("every fixture passes the shared adapter suite", arguments: fixtures)
    func conformance(fixture: String) throws {
        let problems = checkFormatAdapter(
            QIFFormat.self, bytes: try Fixture.bytes("QIF/\(fixture)"), name: fixture,
            options: AdapterOptions(fileName: fixture, currency: .USD))
        #expect(problems.isEmpty, "\(problems)")
    }
}
