import AdapterProtocol
import CSVAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerTestSupport
import Testing

/// What `ProtocolRecordWriter` writes, `ProtocolLineDecoder` reads back as the same events: the
/// built-in adapters and an external one speak one format, with nothing lost either way.
@Suite("the protocol round trip")
struct ProtocolRoundTripTests {
    static let files = [
        "samples/ofx/two-accounts.ofx", "samples/ofx/card-v103.ofx", "samples/ofx/checking-v220.ofx",
        "samples/ofx/investment.ofx", "samples/csv/de-girokonto.csv", "samples/csv/paypal-activity.csv",
        "samples/csv/us-checking.csv", "samples/feed.jsonl", "samples/checking.csv",
        "samples/qif/quicken-all-accounts.qif", "samples/camt/de-girokonto-2024-03.xml",
        "samples/mt940/de-sparkasse-2024-03.sta",
    ]

    /// Where the decoder's account keys come from: the adapter's NAME before the key it was sent.
    static let adapterName = "roundtrip"

    @Test("every event of a bundled sample comes back equal through the writer and the decoder", arguments: files)
    func roundTrip(file: String) throws {
        let root = Fixture.repositoryRoot
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent(file)))
        let options = AdapterOptions(
            account: file.hasSuffix("checking.csv") && !file.contains("/") ? "Checking" : nil,
            mappingDirectories: [root.appendingPathComponent("mappings").path], fileName: file,
            accountCurrency: .USD)
        let head = Array(bytes.prefix(8192))
        let adapter = try #require(FormatRegistry.detect(head: head, fileName: file)?.adapter)
        let original = runSourceAdapter(adapter, bytes: bytes, name: file, options: options)
        #expect(original.error == nil, "\(original.error ?? "")")
        #expect(original.events.contains { if case .draft = $0 { true } else { false } })

        let writer = ProtocolRecordWriter()
        for event in original.events { writer.write(event) }
        writer.writeEnd()
        let lines = writer.takeBytes().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.last?.isEmpty == true)
        var decoder = ProtocolLineDecoder(adapter: Self.adapterName, options: AdapterOptions(fileName: file))
        var decoded: [AdapterEvent] = []
        for (index, line) in lines.dropLast().enumerated() {
            if case .event(let event) = try decoder.decode(Array(line), lineNumber: index + 1) {
                decoded.append(event)
            }
        }
        try decoder.finish()
        #expect(decoded.count == original.events.count)
        for (sent, received) in zip(original.events.map(Self.keyed), decoded) {
            #expect(sent == received)
        }
    }

    /// An event as the decoder gives it back: an account's key is the adapter's NAME, then the key
    /// the writer sent (the account's own, else its name).
    static func keyed(_ event: AdapterEvent) -> AdapterEvent {
        guard case .account(var account) = event else { return event }
        account.key = ProtocolLineDecoder.accountKey(adapter: adapterName, key: account.key ?? account.name)
        return .account(account)
    }
}
