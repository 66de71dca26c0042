import CamtAdapter
import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Every file in `Tests/Fixtures/camt/` (the ways banks write camt, and the errors), each read
/// against its `<case>.xml.expected`.
@Suite("camt fixtures")
struct CamtFixtureTests {
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.url("camt").path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }()

    @Test("there are fixtures to read")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 1)
    }

    @Test("each fixture gives exactly its expected events or error", arguments: fixtures)
    func expectedEvents(fixture: String) throws {
        let run = runAdapter(CamtFormat.self, bytes: try Fixture.bytes("camt/\(fixture)"), name: fixture)
        let problem = EventLines.compare(run, expectedAt: Fixture.url("camt/\(fixture).expected"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a fixture named error-* stops with an error and every other one reads without")
    func errorFixturesFail() throws {
        for fixture in Self.fixtures {
            let run = runAdapter(CamtFormat.self, bytes: try Fixture.bytes("camt/\(fixture)"), name: fixture)
            #expect((run.error != nil) == fixture.hasPrefix("error-"), "\(fixture): \(run.error ?? "no error")")
        }
    }

    @Test("each fixture passes the shared adapter suite", arguments: fixtures)
    func conformance(fixture: String) throws {
        let problems = checkFormatAdapter(CamtFormat.self, bytes: try Fixture.bytes("camt/\(fixture)"), name: fixture)
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }
}
