import Foundation
import LedgerCore
import LedgerTestSupport
import OFXAdapter
import Testing

/// Random edits of every sample and fixture: whatever the bytes, the reader never crashes and
/// reads the same in any chunking. `OFX_FUZZ=1 swift test --filter OFXFuzz` runs 400 edits per
/// file instead of 20.
@Suite("OFX fuzzing")
struct OFXFuzzTests {
    static let hostile: [[UInt8]] = [
        [0], [0xFF], [0x3C], [0x3E], [0x2F], [0x26], [0xC3], [0xE2, 0x82], Array("</".utf8), Array("<STMTTRN>".utf8),
        Array("</OFX>".utf8), Array("<BANKTRANLIST>".utf8), Array("<LEDGERBAL>".utf8), Array("]".utf8),
        Array("<!--".utf8), Array("<?".utf8), Array("<CCSTMTRS>".utf8), Array("&#x".utf8), Array("<BR/>".utf8),
    ]

    @Test("random edits never crash and read the same in any chunking")
    func randomEdits() throws {
        let rounds = ProcessInfo.processInfo.environment["OFX_FUZZ"] == "1" ? 400 : 20
        var files: [[UInt8]] = []
        for name in OFXFixtureTests.fixtures { files.append(try Fixture.bytes("OFX/\(name)")) }
        for name in OFXSampleTests.samples { files.append(try OFXSampleTests.bytes(name)) }
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        for file in files {
            for _ in 0..<rounds {
                var bytes = file
                for _ in 0..<(1 + next() % 6) {
                    let at = next() % max(1, bytes.count)
                    switch next() % 3 {
                    case 0: bytes.insert(contentsOf: Self.hostile[next() % Self.hostile.count], at: at)
                    case 1: if !bytes.isEmpty { bytes.remove(at: at) }
                    default: if !bytes.isEmpty { bytes[at] = UInt8(truncatingIfNeeded: next()) }
                    }
                }
                let whole = runAdapter(OFXFormat.self, bytes: bytes, name: "f")
                let chunked = runAdapter(OFXFormat.self, bytes: bytes, name: "f", chunkSize: 1 + next() % 50)
                #expect(whole == chunked, "\(whole.error ?? "-") vs \(chunked.error ?? "-")")
                if whole != chunked { return }
            }
        }
    }
}
