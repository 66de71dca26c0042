import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// What one shipped sample must import as.
struct SampleExpectation: Sendable, CustomStringConvertible {
    var path: String
    var mapping: String
    var account: String
    var kind: AccountKind = .asset
    var drafts: Int
    var pending: Int = 0
    var credits: Int64
    var debits: Int64
    /// `kind asOf amount`, e.g. `ledger 2024-03-28 2420.58`.
    var balances: [String]
    var skipped: Int = 0

    var description: String { path }
}

let sampleExpectations: [SampleExpectation] = [
    SampleExpectation(
        path: "samples/checking.csv", mapping: "generic", account: "checking", drafts: 13, credits: 242_441,
        debits: 152_416, balances: ["ledger 2024-03-28 2420.58", "opening 2024-02-29 1520.33"]),
    SampleExpectation(
        path: "samples/savings.csv", mapping: "generic", account: "savings", drafts: 4, credits: 50_367,
        debits: 12_000, balances: []),
    SampleExpectation(
        path: "samples/csv/generic-iso.csv", mapping: "generic", account: "generic-iso", drafts: 6, credits: 310_000,
        debits: 17_950, balances: ["ledger 2024-05-21 3720.50", "opening 2024-05-01 800.00"]),
    SampleExpectation(
        path: "samples/csv/us-checking.csv", mapping: "us-checking", account: "us-checking", drafts: 10,
        credits: 520_000, debits: 249_228, balances: ["ledger 2024-10-29 3741.90", "opening 2024-09-30 1034.18"]),
    SampleExpectation(
        path: "samples/csv/us-credit-card.csv", mapping: "us-credit-card", account: "us-credit-card",
        kind: .liability, drafts: 7, credits: 53_499, debits: 138_115, balances: []),
    SampleExpectation(
        path: "samples/csv/uk-current-account.csv", mapping: "uk-current-account", account: "FlexAccount ****0042",
        drafts: 7, credits: 246_055, debits: 117_415,
        balances: ["ledger 2024-09-27 2490.51", "opening 2024-08-31 1204.11"]),
    SampleExpectation(
        path: "samples/csv/de-girokonto.csv", mapping: "de-girokonto", account: "German savings bank ••••7890",
        drafts: 8,
        credits: 325_717, debits: 157_285, balances: ["opening 2024-09-30 1234.56", "ledger 2024-10-31 2918.88"]),
    SampleExpectation(
        path: "samples/csv/de-girokonto-soll-haben.csv", mapping: "de-girokonto-soll-haben",
        account: "German bank ••••7890", drafts: 7, credits: 325_717, debits: 156_535,
        balances: ["opening 2024-10-31 1234.56", "ledger 2024-11-30 2926.38"]),
    SampleExpectation(
        path: "samples/csv/fr-compte-courant.csv", mapping: "fr-compte-courant", account: "fr-compte-courant",
        drafts: 6, credits: 266_840, debits: 136_000, balances: ["ledger 2024-10-31 3150.22"]),
    SampleExpectation(
        path: "samples/csv/nl-betaalrekening.csv", mapping: "nl-betaalrekening", account: "Dutch bank ••••6789",
        drafts: 6, credits: 250_533, debits: 37_552,
        balances: ["ledger 2024-10-23 2642.61", "opening 2024-09-30 512.80"]),
    SampleExpectation(
        path: "samples/csv/ch-privatkonto.csv", mapping: "ch-privatkonto", account: "ch-privatkonto", drafts: 6,
        credits: 685_000, debits: 342_400, balances: ["ledger 2024-11-28 15876.20", "opening 2024-10-31 12450.20"]),
    SampleExpectation(
        path: "samples/csv/paypal-activity.csv", mapping: "paypal-activity", account: "PayPal USD", drafts: 6,
        pending: 1, credits: 19_565, debits: 7_948,
        balances: ["ledger 2024-12-07 348.67", "opening 2024-11-30 210.00"], skipped: 1),
    SampleExpectation(
        path: "samples/csv/ie-current-account.tsv", mapping: "ie-current-account-tsv", account: "ie-current-account",
        drafts: 6, credits: 312_045, debits: 181_070,
        balances: ["ledger 2024-08-26 2154.75", "opening 2024-07-31 845.00"]),
]

func sampleBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent(path)))
}

let bundledMappings = Fixture.repositoryRoot.appendingPathComponent("mappings").path

func sampleOptions(_ path: String, mapping: String? = nil) -> AdapterOptions {
    AdapterOptions(mapping: mapping, mappingDirectories: [bundledMappings], fileName: path, accountCurrency: .USD)
}

@Suite("shipped samples")
struct SampleImportTests {
    @Test("every sample imports with exact totals per direction and its balances", arguments: sampleExpectations)
    func sampleImports(_ expected: SampleExpectation) throws {
        let run = runAdapter(
            CSVFormat.self, bytes: try sampleBytes(expected.path), name: expected.path,
            options: sampleOptions(expected.path))
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.count == expected.drafts)
        #expect(run.drafts.filter { $0.status == .pending }.count == expected.pending)
        let credits = run.drafts.filter { $0.direction == .credit }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        let debits = run.drafts.filter { $0.direction == .debit }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        #expect(credits == expected.credits)
        #expect(debits == expected.debits)
        #expect(run.accounts.map(\.name) == [expected.account])
        #expect(run.accounts.first?.kind == expected.kind)
        #expect(Set(run.drafts.map(\.account)) == [expected.account])
        let balances = run.balances.map { "\($0.kind.rawValue) \($0.asOf) \($0.formatted)" }
        #expect(balances == expected.balances)
        let skipped = run.events.reduce(0) { count, event in
            if case .skipped(let note) = event { return count + note.count }
            return count
        }
        #expect(skipped == expected.skipped)
    }

    @Test("a sample's running balances chain with zero discrepancy", arguments: sampleExpectations)
    func balancesChain(_ expected: SampleExpectation) throws {
        let run = runAdapter(
            CSVFormat.self, bytes: try sampleBytes(expected.path), name: expected.path,
            options: sampleOptions(expected.path))
        guard let opening = run.balances.first(where: { $0.kind == .opening }),
            let closing = run.balances.first(where: { $0.kind == .ledger })
        else { return }
        let net = run.drafts.filter { $0.status == .booked }.reduce(Int64(0)) { $0 + $1.signedMinorUnits }
        let check = Reconciliation(previous: opening.signedMinorUnits, net: net, actual: closing.signedMinorUnits)
        #expect(check?.discrepancy == 0)
    }

    @Test("the right mapping is picked automatically for every sample", arguments: sampleExpectations)
    func autoPick(_ expected: SampleExpectation) throws {
        let report = try CSVInspection.inspect(
            bytes: try sampleBytes(expected.path), name: expected.path, options: sampleOptions(expected.path))
        #expect(report.choice?.mapping.name == expected.mapping)
    }

    @Test("naming the mapping gives the same drafts as picking it", arguments: sampleExpectations)
    func namedMapping(_ expected: SampleExpectation) throws {
        let bytes = try sampleBytes(expected.path)
        let picked = runAdapter(
            CSVFormat.self, bytes: bytes, name: expected.path, options: sampleOptions(expected.path))
        let named = runAdapter(
            CSVFormat.self, bytes: bytes, name: expected.path,
            options: sampleOptions(expected.path, mapping: expected.mapping))
        #expect(picked == named)
    }
}
