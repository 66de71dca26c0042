import Foundation
import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// Every file in `Tests/Fixtures/OFX/` (the ways banks really write OFX, and the errors), each
/// read against its `<case>.ofx.expected`.
@Suite("OFX fixtures")
struct OFXFixtureTests {
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.url("OFX").path)) ?? []
        return names.filter { $0.hasSuffix(".ofx") || $0.hasSuffix(".qfx") }.sorted()
    }()

    @Test("there are fixtures to read")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 30)
    }

    @Test("each fixture gives exactly its expected events or error", arguments: fixtures)
    func expectedEvents(fixture: String) throws {
        let run = runAdapter(OFXFormat.self, bytes: try Fixture.bytes("OFX/\(fixture)"), name: fixture)
        let problem = EventLines.compare(run, expectedAt: Fixture.url("OFX/\(fixture).expected"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a fixture named error-* stops with an error and every other one reads without")
    func errorFixturesFail() throws {
        for fixture in Self.fixtures {
            let run = runAdapter(OFXFormat.self, bytes: try Fixture.bytes("OFX/\(fixture)"), name: fixture)
            let shouldFail = fixture.hasPrefix("error-") || fixture.hasPrefix("security-")
            #expect((run.error != nil) == shouldFail, "\(fixture): \(run.error ?? "no error")")
        }
    }
}
