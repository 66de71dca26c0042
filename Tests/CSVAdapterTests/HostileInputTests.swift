import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// Files made to hurt the reader (scripts/reliability/hostile.py runs the large ones through the
/// CLI): each is a short, located error, read in bounded memory.
@Suite("hostile CSV input")
struct HostileInputTests {
    private func run(_ bytes: [UInt8]) -> AdapterRun {
        runAdapter(CSVFormat.self, bytes: bytes, name: "hostile.csv", options: fixtureOptions("hostile.csv"))
    }

    @Test(
        "a row past 1 MiB is refused at its line, quoted or not, rather than stored",
        arguments: [
            ("Date,Description,Amount\n2024-01-02,", ",-1.00\n"),
            ("Date,Description,Amount\n2024-01-02,\"", "\",-1.00\n"),
            ("Date,Description,Amount\n2024-01-02,\"", ""),  // a quote never closed
        ])
    func longRow(prefix: String, suffix: String) {
        let bytes = Array(prefix.utf8) + [UInt8](repeating: 0x78, count: 3 * 1024 * 1024) + Array(suffix.utf8)
        let result = run(bytes)
        #expect(result.drafts.isEmpty)
        #expect(result.errorLocation == SourceLocation(file: "hostile.csv", line: 2, column: 1))
        #expect(result.error?.contains("the row is longer than 1 MiB") == true, "\(result.error ?? "no error")")
    }

    @Test("a row just under the limit is still read")
    func rowUnderLimit() {
        let description = String(repeating: "x", count: CSVReader.maximumRowBytes - 100)
        let result = run(Array("Date,Description,Amount\n2024-01-02,\(description),-1.00\n".utf8))
        #expect(result.error == nil)
        #expect(result.drafts.first?.description.utf8.count == description.utf8.count)
    }

    @Test("a ten-thousand-digit amount is a one-line error quoting only its start")
    func hugeAmount() {
        let result = run(
            Array(("Date,Description,Amount\n2024-01-02,Coffee,-" + String(repeating: "9", count: 10_000)).utf8))
        #expect(result.errorLocation?.line == 2)
        #expect((result.error?.utf8.count ?? 0) < 300, "\(result.error?.prefix(300) ?? "no error")")
        #expect(result.error?.contains("(10001 characters)") == true)
    }

    @Test("a NUL byte in a text field is refused where it is, never stored")
    func nulByte() {
        let result = run(Array("Date,Description,Amount\n2024-01-02,Coffee,-1.00\n2024-01-03,Cof\u{0}fee,-2.00\n".utf8))
        #expect(result.errorLocation == SourceLocation(file: "hostile.csv", line: 3, column: 12))
        #expect(
            result.error?.contains("NUL byte in a text field; expected text") == true, "\(result.error ?? "no error")")
    }

    @Test("a file whose start holds no header line says so, not \"the header ()\"")
    func noHeaderLine() {
        let result = run(Array(("Date,Description,Amount" + String(repeating: ",x", count: 1_000_000)).utf8))
        #expect(result.errorLocation?.line == 1)
        #expect(result.error?.contains("found no header line at the start of the file") == true)
        #expect(result.error?.contains("()") == false, "\(result.error ?? "no error")")
    }
}
