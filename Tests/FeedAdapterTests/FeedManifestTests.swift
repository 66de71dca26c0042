import Foundation
import Testing

@testable import FeedAdapter

@Suite("FeedManifest")
struct FeedManifestTests {
    private func decode(_ text: String) throws -> FeedManifest {
        try FeedManifest.decode(Array(text.utf8), file: "feed.json")
    }

    @Test("a version 1 manifest gives the epoch and the time zone")
    func valid() throws {
        let manifest = try decode(FeedJSONText.manifest)
        #expect(manifest.epoch == "E1")
        #expect(manifest.timeZone.identifier == "Europe/Paris")
    }

    @Test(
        "another format, another version or an unknown time zone is refused",
        arguments: [
            #"{"format":"ofx","version":1,"epoch":"E","timeZone":"UTC"}"#,
            #"{"format":"financekit-history","version":2,"epoch":"E","timeZone":"UTC"}"#,
            #"{"format":"financekit-history","version":1,"epoch":"E","timeZone":"Mars/Olympus"}"#,
            #"{"format":"financekit-history","version":1,"epoch":"","timeZone":"UTC"}"#,
            #"{"format":"financekit-history","version":1,"timeZone":"UTC"}"#,
            #"[]"#,
        ])
    func refused(text: String) {
        #expect(throws: FeedError.self) { try decode(text) }
    }
}
