import ExternalAdapters
import Foundation
import LedgerCore
import LedgerImport
import Testing

/// This process's peak resident memory so far (`VmHWM`), in bytes; 0 when it can't be read.
private func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kibibytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kibibytes * 1024
    }
    return 0
}

@Suite("An adapter flooding records that aren't rows")
struct NonRowFloodTests {
    @Test("endless mapping and skipped records end at the output limit while host memory stays bounded")
    func floodEndsAtOutputLimit() throws {
        let scratch = try AdapterScratch()
        var limits = AdapterLimits.standard
        limits.maxOutputBytes = 64 << 20
        let adapter = try scratch.adapter(
            extract: """
                yes '{"type":"mapping","name":"x"}
                {"type":"skipped","count":1,"reason":"noise","source":{"line":1,"column":0}}'
                """,
            limits: limits)
        let before = peakResidentBytes()
        let report = BatchImporter().run(
            InMemoryByteStream("a,b\n", name: "input.txt"), adapter: adapter,
            options: AdapterOptions(fileName: "input.txt"), into: nil)
        let growth = peakResidentBytes() - before
        #expect(report.status == .stopped)
        #expect(
            report.failure?.reason.contains("printed more than 67108864 bytes") == true,
            "\(report.failure?.reason ?? "")")
        // The reasons merge into one note; every record was counted.
        #expect(report.skipped.count == 1)
        #expect((report.skipped.first?.count ?? 0) > 500_000)
        // Kept whole, the ~1.3 million events of 64 MiB raised the peak by about 2.5 GB; handed over
        // in chunks they take a few MB. The bound leaves room for tests running alongside.
        #expect(growth < 150 << 20, "peak resident memory grew by \(growth >> 20) MiB")
    }
}
