import Foundation
import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// The samples in `samples/ofx/`, each read against its expected events in
/// `Tests/Fixtures/OFX/samples/<sample>.expected`.
@Suite("OFX samples")
struct OFXSampleTests {
    static let samples = [
        "checking-v102.ofx", "card-v103.ofx", "checking-v220.ofx", "quicken-savings.qfx", "two-accounts.ofx",
        "windows-1252.ofx", "investment.ofx", "checking-v102-february.ofx",
    ]

    /// Samples that hold an account's whole history, from a zero balance.
    static let completeHistories = samples.filter { $0 != "checking-v102-february.ofx" }

    static func bytes(_ sample: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent("samples/ofx/\(sample)")))
    }

    @Test("each sample gives exactly its expected accounts, drafts and balances", arguments: samples)
    func expectedEvents(sample: String) throws {
        let run = runAdapter(OFXFormat.self, bytes: try Self.bytes(sample), name: sample)
        #expect(run.error == nil)
        let problem = EventLines.compare(run, expectedAt: Fixture.url("OFX/samples/\(sample).expected"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test(
        "each sample's LEDGERBAL equals the sum of its booked transactions (complete history)",
        arguments: completeHistories)
    func ledgerBalanceIsConsistent(sample: String) throws {
        let run = runAdapter(OFXFormat.self, bytes: try Self.bytes(sample), name: sample)
        for balance in run.balances where balance.kind == .ledger {
            let net = run.drafts.filter { $0.account == balance.account && $0.status == .booked }
                .reduce(Int64(0)) { $0 + $1.signedMinorUnits }
            #expect(net == balance.signedMinorUnits, "\(balance.account)")
        }
    }

    @Test("February's LEDGERBAL is January's plus February's new transactions; the overlap repeats its ids")
    func februaryContinuesJanuary() throws {
        let january = runAdapter(OFXFormat.self, bytes: try Self.bytes("checking-v102.ofx"), name: "jan")
        let february = runAdapter(OFXFormat.self, bytes: try Self.bytes("checking-v102-february.ofx"), name: "feb")
        let known = Set(january.drafts.compactMap(\.externalID))
        let overlap = february.drafts.filter { known.contains($0.externalID ?? "") }
        #expect(overlap.count == 2)
        let new = february.drafts.filter { !known.contains($0.externalID ?? "") }
        let opening = january.balances.first { $0.kind == .ledger }?.signedMinorUnits ?? 0
        let net = new.reduce(Int64(0)) { $0 + $1.signedMinorUnits }
        #expect(opening + net == february.balances.first { $0.kind == .ledger }?.signedMinorUnits)
        #expect(january.accounts.map(\.name) == february.accounts.map(\.name))
    }

    @Test("every draft names an account declared before it", arguments: samples)
    func accountsComeFirst(sample: String) throws {
        let run = runAdapter(OFXFormat.self, bytes: try Self.bytes(sample), name: sample)
        var declared: Set<String> = []
        for event in run.events {
            switch event {
            case .account(let account): declared.insert(account.name)
            case .draft(let draft): #expect(declared.contains(draft.account))
            case .balance(let balance): #expect(declared.contains(balance.account))
            default: break
            }
        }
    }

    @Test("the reading as JSON lists every draft with exact decimal amounts")
    func readingJSON() throws {
        let json = try OFXFormat.readingJSON(
            from: InMemoryByteStream(try Self.bytes("card-v103.ofx"), name: "card-v103.ofx"))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let transactions = object?["transactions"] as? [[String: Any]]
        #expect(transactions?.count == 6)
        #expect(transactions?.first?["amount"] as? String == "42.50")
        #expect(transactions?.first?["direction"] as? String == "debit")
        let balances = object?["balances"] as? [[String: Any]]
        #expect(balances?.first?["amount"] as? String == "-545.18")
    }
}
