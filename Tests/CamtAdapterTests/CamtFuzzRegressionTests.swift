import CamtAdapter
import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Every input the camt fuzzer (`Fuzz/camt`) found, read again with the fuzzer's own checks: the
/// same events and error in chunks of 7 bytes (and of 1) as in one chunk, and every error located.
@Suite("camt fuzzer findings")
struct CamtFuzzRegressionTests {
    static let crashes: [String] = {
        let folder = Fixture.repositoryRoot.appendingPathComponent("Fuzz/camt/crashes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent("Fuzz/camt/crashes/\(name)")))
    }

    @Test("a found input reads the same in any chunk size, and its error is located", arguments: crashes)
    func sameInAnyChunks(name: String) throws {
        let bytes = try Self.bytes(name)
        let whole = runAdapter(CamtFormat.self, bytes: bytes, name: "fuzz.xml")
        for size in [7, 1] {
            let chunked = runAdapter(CamtFormat.self, bytes: bytes, name: "fuzz.xml", chunkSize: size)
            #expect(chunked == whole, "chunks of \(size) read differently from one chunk")
        }
        #expect(whole.error == nil || whole.errorLocation != nil, "\(whole.error ?? "")")
    }
}
