import LedgerCore
import LedgerTestSupport
import QIFAdapter
import Testing

/// The 64 KiB line limit holds for every line: one within a chunk, one begun in a chunk and
/// completed in the next, and the file's last line.
@Suite("QIF line limit")
struct QIFLineLimitTests {
    /// A Quicken register whose one payee line (line 4) is `length` bytes long, `P` included.
    static func register(payeeLine length: Int) -> [UInt8] {
        Array("!Type:Bank\nD1/31/2024\nT-1.00\n".utf8) + [UInt8(ascii: "P")]
            + [UInt8](repeating: UInt8(ascii: "x"), count: length - 1) + Array("\n^\n".utf8)
    }

    static func read(_ bytes: [UInt8], chunkSize: Int) -> AdapterRun {
        runAdapter(
            QIFFormat.self, bytes: bytes, name: "long.qif",
            options: AdapterOptions(account: "Checking", fileName: "long.qif", currency: .USD), chunkSize: chunkSize)
    }

    @Test(
        "a 70,000-byte line is refused at its line whatever the chunks: whole, split at 64 KiB, in small pieces",
        arguments: [1 << 20, 64 * 1024, 4096])
    func longLineRefused(chunkSize: Int) {
        let run = Self.read(Self.register(payeeLine: 70_000), chunkSize: chunkSize)
        #expect(run.drafts.isEmpty)
        #expect(
            run.error
                == "long.qif:4:1: error: a line runs on for more than 65536 bytes; expected QIF lines of at most that")
    }

    @Test("a line of exactly 64 KiB is read", arguments: [1 << 20, 64 * 1024, 4096])
    func limitIsIncluded(chunkSize: Int) {
        let run = Self.read(Self.register(payeeLine: 65_536), chunkSize: chunkSize)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.first?.description.utf8.count == 65_535)
    }

    @Test("a line over the limit that is the file's last, without a line end, is refused too")
    func lastLine() {
        let bytes = Array("!Type:Bank\nD1/31/2024\nT-1.00\n^\n".utf8) + [UInt8](repeating: 0x41, count: 70_000)
        let run = Self.read(bytes, chunkSize: 1 << 20)
        #expect(run.error?.hasPrefix("long.qif:5:1: error: a line runs on for more than 65536 bytes") == true)
    }

    @Test("a broken invariant on the date path is a located internal error, not a crash")
    func internalError() {
        let error = QIFError(
            .internalError("the date was checked"), at: SourceLocation(file: "a.qif", line: 7, column: 1))
        #expect(error.description.hasPrefix("a.qif:7:1: error: internal error: "))
        #expect(error.message.contains("please report this"))
    }
}
