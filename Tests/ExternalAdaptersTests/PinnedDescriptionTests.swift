import ExternalAdapters
import Foundation
import LedgerCore
import Testing

@Suite("The description kept in a trust pin")
struct PinnedDescriptionTests {
    @Test("a pin keeps what describe said, options included, and reads it back")
    func roundTrip() throws {
        let scratch = try AdapterScratch()
        let store = AdapterTrustStore(path: scratch.path + "/trusted-adapters.json")
        let description = AdapterDescription(
            name: "wise", version: "1.0.0", summary: "Wise \"statements\"", extensions: ["json"], protocols: [1, 2],
            options: [AdapterOptionSpec(name: "profile", value: "ID", summary: "the profile")])
        try store.trust(
            AdapterPin(
                name: "wise", path: "/x/ledgerport-adapter-wise", sha256: "ab", version: "1.0.0",
                trustedAt: "2026-12-01T20:00:00Z", description: description))
        try store.trust(
            AdapterPin(
                name: "old", path: "/x/ledgerport-adapter-old", sha256: "cd", version: "0.1",
                trustedAt: "2026-12-01T20:00:00Z"))
        let pins = try store.pins()
        #expect(pins.first { $0.name == "wise" }?.description == description)
        #expect(pins.first { $0.name == "old" }?.description == nil)
    }

    @Test("a pinned description that doesn't read back is dropped, not an error: the adapter is described again")
    func damagedDescription() throws {
        let scratch = try AdapterScratch()
        let path = try scratch.write(
            "trusted-adapters.json",
            #"[{"name":"wise","path":"/x","sha256":"ab","version":"1","trustedAt":"t","description":"{\"name\":\"other\"}"}]"#
        )
        let pins = try AdapterTrustStore(path: path).pins()
        #expect(pins.count == 1)
        #expect(pins.first?.description == nil)
    }
}
