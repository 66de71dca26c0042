import Foundation
import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// Every file in `Tests/Fixtures/MT940/` (German, Dutch and Polish statements, MT942, year
/// boundaries, reversals, multi-message statements, several accounts, and the errors), each read
/// against its `<case>.expected`.
@Suite("MT940 fixtures")
struct MT940FixtureTests {
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.url("MT940").path)) ?? []
        return names.filter { !$0.hasSuffix(".expected") }.sorted()
    }()

    @Test("there are fixtures to read")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 20)
    }

    @Test("each fixture gives exactly its expected events or error", arguments: fixtures)
    func expectedEvents(fixture: String) throws {
        let run = runAdapter(MT940Format.self, bytes: try Fixture.bytes("MT940/\(fixture)"), name: fixture)
        let problem = Snapshot.compare(mt940Lines(run), with: Fixture.url("MT940/\(fixture).expected"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a fixture named error-* stops with an error and every other one reads without")
    func errorFixturesFail() throws {
        for fixture in Self.fixtures {
            let run = runAdapter(MT940Format.self, bytes: try Fixture.bytes("MT940/\(fixture)"), name: fixture)
            #expect((run.error != nil) == fixture.hasPrefix("error-"), "\(fixture): \(run.error ?? "no error")")
        }
    }

    @Test("each fixture reads the same in chunks of 7 bytes as whole", arguments: fixtures)
    func chunkBoundaries(fixture: String) throws {
        let bytes = try Fixture.bytes("MT940/\(fixture)")
        let whole = runAdapter(MT940Format.self, bytes: bytes, name: fixture)
        let chunked = runAdapter(MT940Format.self, bytes: bytes, name: fixture, chunkSize: 7)
        #expect(whole == chunked)
    }

    @Test("each fixture passes the adapter conformance suite", arguments: fixtures.filter { $0.hasSuffix(".sta") })
    func conformance(fixture: String) throws {
        let problems = checkFormatAdapter(
            MT940Format.self, bytes: try Fixture.bytes("MT940/\(fixture)"), name: fixture, garblings: 8)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
