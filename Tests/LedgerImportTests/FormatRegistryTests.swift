import Foundation
import LedgerCore
import LedgerImport
import LedgerTestSupport
import Testing

@Suite("FormatRegistry")
struct FormatRegistryTests {
    @Test("every adapter folder in Sources is registered, and every registered adapter has its folder")
    func registryMatchesFolders() throws {
        let sources = Fixture.repositoryRoot.appendingPathComponent("Sources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix("Adapter") }
        let registeredModules = FormatRegistry.formats.map { adapter in
            String(String(reflecting: adapter).split(separator: ".").first ?? "")
        }
        #expect(Set(folders) == Set(registeredModules))
        #expect(!folders.isEmpty)
    }

    @Test("ids are unique and lower-case")
    func uniqueIDs() {
        let ids = FormatRegistry.ids
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
    }

    @Test("an explicit id finds its adapter; detection declines bytes nobody recognises")
    func lookup() {
        #expect(FormatRegistry.adapter(id: "CSV")?.id == "csv")
        #expect(FormatRegistry.adapter(id: "nope") == nil)
        #expect(FormatRegistry.detect(head: [0x00, 0x01, 0x02, 0xFF], fileName: "blob.bin") == nil)
    }

    @Test(
        "a UTF-16 file with a byte-order mark goes to its own adapter, not to CSV",
        arguments: [
            ("UTF16/camt053-v08.xml", "camt"), ("QIF/error-utf16.qif", "qif"), ("MT940/error-utf16.sta", "mt940"),
        ])
    func utf16GoesToItsAdapter(fixture: String, id: String) throws {
        let head = Array(try Fixture.bytes(fixture).prefix(8192))
        for name in ["export.txt", "export.csv"] {
            #expect(FormatRegistry.detect(head: head, fileName: name)?.adapter.id == id, "\(fixture) as \(name)")
        }
    }

    @Test("an MT940 fragment of tagged lines without :20: and :25: goes to MT940, not to CSV")
    func taggedFragmentGoesToMT940() throws {
        let head = try Fixture.bytes("MT940/error-no-header.sta")
        let detected = try #require(FormatRegistry.detect(head: head, fileName: "auszug.txt"))
        #expect(detected.adapter.id == "mt940")
        let csv = try #require(FormatRegistry.adapter(id: "csv"))
        #expect(detected.confidence > csv.identify(head: head, path: "auszug.csv"))
    }
}
