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

    /// The options a fixture is read with: `commodity-*` fixtures name units the ledger declares
    /// (BTC with 8 decimals), as `import` passes the ledger's commodities.
    static func options(for fixture: String) -> AdapterOptions {
        guard fixture.hasPrefix("commodity-") else { return AdapterOptions() }
        let btc = try! Currency.declared(code: "BTC", minorDigits: 8, at: .file(fixture))
        return AdapterOptions(commodities: CommodityTable([btc]))
    }

    @Test("there are fixtures to read")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 30)
    }

    @Test("each fixture gives exactly its expected events or error", arguments: fixtures)
    func expectedEvents(fixture: String) throws {
        let run = runAdapter(
            OFXFormat.self, bytes: try Fixture.bytes("OFX/\(fixture)"), name: fixture,
            options: Self.options(for: fixture))
        let problem = EventLines.compare(run, expectedAt: Fixture.url("OFX/\(fixture).expected"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a fixture named error-* stops with an error and every other one reads without")
    func errorFixturesFail() throws {
        for fixture in Self.fixtures {
            let run = runAdapter(
                OFXFormat.self, bytes: try Fixture.bytes("OFX/\(fixture)"), name: fixture,
                options: Self.options(for: fixture))
            let shouldFail = fixture.hasPrefix("error-") || fixture.hasPrefix("security-")
            #expect((run.error != nil) == shouldFail, "\(fixture): \(run.error ?? "no error")")
        }
    }

    @Test("a statement in an undeclared commodity stops at its CURDEF, saying how to declare it")
    func undeclaredCommodity() throws {
        let run = runAdapter(
            OFXFormat.self, bytes: try Fixture.bytes("OFX/commodity-btc-cash.ofx"), name: "commodity-btc-cash.ofx")
        #expect(run.events.isEmpty)
        #expect(
            run.error
                == "commodity-btc-cash.ofx:35:1: error: <CURDEF> \"BTC\" is neither an ISO 4217 currency nor a declared "
                + "commodity; declare it with its decimals: `ledgerport commodities add BTC --digits N`, "
                + "or a mapping's \"commodities\" key ({\"BTC\": N})")
    }
}
