import AdapterProtocol
import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// The lines of a fixture file under Tests/Fixtures/Protocol/, numbered from 1.
private func fixtureLines(_ name: String) throws -> [(number: Int, bytes: [UInt8])] {
    let bytes = try Fixture.bytes("Protocol/\(name)")
    return bytes.split(separator: UInt8(ascii: "\n")).enumerated().map { ($0.offset + 1, Array($0.element)) }
}

/// The user's options for the fixtures: `--currency EUR`, for the account declared without one.
private let options = AdapterOptions(fileName: "input.txt", currency: Currency(code: "EUR"))

/// The `_refused` annotation of a refused line: a part of the message the host must give.
private func annotation(_ line: [UInt8]) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return nil }
    return object["_refused"] as? String
}

/// The same two files scripts/check-protocol-schema.sh checks against docs/plugins.schema.json:
/// the host's decoder must give the schema's verdict on every line.
@Suite("Protocol fixtures: the host agrees with the schema")
struct ProtocolFixtureTests {
    @Test("every line of accepted.jsonl decodes, in one stream, up to its end record")
    func acceptedLinesDecode() throws {
        var decoder = ProtocolLineDecoder(adapter: "fixture", options: options)
        let lines = try fixtureLines("accepted.jsonl")
        #expect(lines.count >= 15)
        for (number, bytes) in lines {
            #expect(throws: Never.self, "accepted.jsonl:\(number)") {
                _ = try decoder.decode(bytes, lineNumber: number)
            }
        }
        #expect(throws: Never.self) { try decoder.finish() }
    }

    @Test("every line of refused.jsonl is refused, after an account K, with the message its _refused field names")
    func refusedLinesFail() throws {
        let prelude = Array(#"{"type":"account","key":"K","name":"Checking","currency":"EUR"}"#.utf8)
        let lines = try fixtureLines("refused.jsonl")
        #expect(lines.count >= 40)
        for (number, bytes) in lines {
            let expected = try #require(annotation(bytes), "refused.jsonl:\(number) has no _refused annotation")
            var decoder = ProtocolLineDecoder(adapter: "fixture", options: options)
            _ = try decoder.decode(prelude, lineNumber: 1)
            do {
                _ = try decoder.decode(bytes, lineNumber: 2)
                Issue.record("refused.jsonl:\(number) was accepted; expected an error saying \(expected)")
            } catch let error as ProtocolError {
                #expect(error.message.contains(expected), "refused.jsonl:\(number): \(error.message)")
            }
        }
    }
}
