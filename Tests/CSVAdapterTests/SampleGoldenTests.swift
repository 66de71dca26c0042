import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// Each shipped CSV sample read against its expected events, line by line, in
/// `Tests/Fixtures/CSV/samples/<sample>.expected` (as OFX's samples are): every draft's day,
/// direction, amount, description, memo, running balance and location, not only the totals.
/// Record a changed baseline with `LEDGERPORT_RECORD=1 swift test --filter SampleGoldenTests`
/// and review the diff.
@Suite("CSV samples, golden output")
struct SampleGoldenTests {
    /// Every CSV sample shipped in `samples/` and `samples/csv/`, found on disk, so that a new
    /// sample without an expected file fails.
    static let samples: [String] = {
        let root = Fixture.repositoryRoot
        var paths: [String] = []
        for folder in ["samples", "samples/csv"] {
            let names =
                (try? FileManager.default.contentsOfDirectory(
                    atPath: root.appendingPathComponent(folder).path)) ?? []
            paths += names.filter { $0.hasSuffix(".csv") || $0.hasSuffix(".tsv") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }()

    @Test("the shipped CSV samples are all listed")
    func samplesFound() {
        #expect(Self.samples.count >= 12)
        #expect(Set(Self.samples).isSuperset(of: sampleExpectations.map(\.path)))
    }

    @Test("each CSV sample gives exactly its expected events", arguments: samples)
    func expectedEvents(sample: String) throws {
        let run = runAdapter(
            CSVFormat.self, bytes: try sampleBytes(sample), name: sample, options: sampleOptions(sample))
        #expect(run.error == nil, "\(run.error ?? "")")
        let name = (sample as NSString).lastPathComponent
        let problem = EventLines.compare(run, expectedAt: Fixture.url("CSV/samples/\(name).expected"))
        #expect(problem == nil, "\(problem ?? "")")
    }
}
