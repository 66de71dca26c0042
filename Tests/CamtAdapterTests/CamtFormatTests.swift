import CamtAdapter
import LedgerCore
import LedgerTestSupport
import Testing

/// Detection: camt by its namespace, never OFX 2 XML; and the versions read.
@Suite("camt detection")
struct CamtDetectionTests {
    @Test(
        "a camt.052, .053 or .054 namespace in the head is certain",
        arguments: ["camt.052.001.02", "camt.053.001.08", "camt.054.001.13"])
    func namespace(message: String) {
        let head = "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:\(message)\">"
        #expect(CamtFormat.sniff(Array(head.utf8), fileName: "statement.xml") == 100)
    }

    @Test("an OFX 2 file is not camt, even named .xml")
    func ofxIsNotCamt() throws {
        let bytes = try Fixture.bytes("OFX/xml-windows-1252.ofx")
        #expect(CamtFormat.sniff(bytes, fileName: "download.xml") == 0)
    }

    @Test("an .xml name alone says nothing")
    func extensionAlone() {
        #expect(CamtFormat.sniff(Array("<?xml version=\"1.0\"?><invoice/>".utf8), fileName: "x.xml") == 0)
    }

    @Test("every version from .001.02 to .001.13 of each message is read", arguments: ["052", "053", "054"])
    func versions(kind: String) {
        for version in 2...13 {
            let number = version < 10 ? "0\(version)" : "\(version)"
            let run = CamtTestDocument.read(
                CamtTestDocument.statement(CamtTestDocument.entry(), kind: kind, version: number))
            #expect(run.error == nil, "camt.\(kind).001.\(number): \(run.error ?? "")")
            #expect(run.drafts.count == 1)
        }
    }

    @Test("a version outside .001.02 to .001.13 is a located error, never an empty success")
    func unknownVersion() {
        let run = CamtTestDocument.read(CamtTestDocument.statement(CamtTestDocument.entry(), version: "14"))
        #expect(run.error?.contains("test.xml:2:1: error: camt.053.001.14 is not read") == true)
        #expect(run.drafts.isEmpty)
    }
}
