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
}
