import Foundation
import LedgerCore
import Testing

@testable import ExternalAdapters

@Suite("The protocol version an adapter runs under")
struct ProtocolVersionTests {
    @Test("an adapter runs under the highest version both it and the host speak")
    func highestShared() {
        #expect(AdapterEnvironment.protocolVersion(adapter: [1, 2], host: [1]) == 1)
        #expect(AdapterEnvironment.protocolVersion(adapter: [1], host: [1, 2]) == 1)
        #expect(AdapterEnvironment.protocolVersion(adapter: [1, 2, 3], host: [1, 2]) == 2)
        #expect(AdapterEnvironment.protocolVersion(adapter: [1], host: [1]) == 1)
    }

    @Test("before describe has said, the host's highest version is offered")
    func undescribed() {
        #expect(AdapterEnvironment.protocolVersion(adapter: nil, host: [1, 2]) == 2)
    }

    @Test("an adapter speaking 1 and 2 sees LEDGERPORT_PROTOCOL=1 in identify and extract")
    func environmentOfARun() throws {
        let scratch = try AdapterScratch()
        let seen = scratch.url.appendingPathComponent("seen").path
        let adapter = try scratch.adapter(
            extract: "echo \"extract $LEDGERPORT_PROTOCOL\" >> \(seen); echo '{\"type\":\"end\",\"records\":0}'",
            identify: "echo \"identify $LEDGERPORT_PROTOCOL\" >> \(seen); echo 50",
            describe: #"{"protocols":[1,2],"name":"test","version":"1.0.0","summary":"A test adapter","#
                + #""extensions":["txt"]}"#)
        let input = try scratch.write("input.txt", "a,b\n")
        #expect(adapter.identify(head: [], path: input) == 50)
        let reader = try adapter.reader(options: AdapterOptions(fileName: "input.txt"))
        try reader.drafts(from: InMemoryByteStream("a,b\n", name: "input.txt")) { _ in }
        let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n")
        #expect(lines == ["identify 1", "extract 1"])
    }
}
