import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// The 64 KiB limit on one line, however the file arrives in chunks.
@Suite("MT940 line limit")
struct MT940LineLimitTests {
    static func statement(information: String) -> [UInt8] {
        let lines = [
            ":20:STARTUMS", ":25:50070010/0012345600", ":28C:1/1", ":60F:C240401EUR200,00",
            ":61:2404020402DR20,00NMSCNONREF", ":86:" + information, ":62F:C240402EUR180,00", "-",
        ]
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    @Test(
        "a :86: line of 100,000 bytes is refused at its line, whether it crosses a chunk boundary or not",
        arguments: [7, 64 * 1024, 1 << 20])
    func longLineRefused(chunkSize: Int) {
        let bytes = Self.statement(information: String(repeating: "A", count: 100_000))
        let run = runAdapter(MT940Format.self, bytes: bytes, name: "long.sta", chunkSize: chunkSize)
        #expect(run.error?.contains("a line runs on for more than 65536 bytes") == true, "\(run.error ?? "")")
        #expect(run.errorLocation?.line == 6)
    }

    @Test("a :86: line of 60,000 bytes is read in chunks of any size", arguments: [7, 64 * 1024, 1 << 20])
    func lineBelowLimitRead(chunkSize: Int) {
        let bytes = Self.statement(information: String(repeating: "A", count: 60_000))
        let run = runAdapter(MT940Format.self, bytes: bytes, name: "long.sta", chunkSize: chunkSize)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.count == 1)
    }
}
