import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// Polish 8-bit files: `--option encoding=…`, and the notice when PLN text was read as
/// Windows-1252.
@Suite("MT940 encodings")
struct MT940EncodingTests {
    static func notices(_ run: AdapterRun) -> [AdapterNotice] {
        run.events.compactMap { if case .notice(let notice) = $0 { return notice } else { return nil } }
    }

    @Test("a Windows-1250 PLN statement read by evidence gives a notice naming the option, never silently garbled")
    func noticeWithoutOption() throws {
        let bytes = try Fixture.bytes("MT940/pl-windows-1250.sta")
        let run = runAdapter(MT940Format.self, bytes: bytes, name: "pl.sta")
        #expect(run.error == nil, "\(run.error ?? "")")
        let notice = try #require(Self.notices(run).first)
        #expect(notice.count == 2)
        #expect(notice.location.line == 5)
        #expect(notice.reason.contains("Op³ata za œwiat³o"))
        #expect(notice.reason.contains("--option encoding=windows-1250"))
    }

    @Test("--option encoding=windows-1250 reads the Polish letters, and no notice is given")
    func windows1250Option() throws {
        let bytes = try Fixture.bytes("MT940/pl-windows-1250.sta")
        let options = AdapterOptions(settings: ["encoding": "windows-1250"])
        let run = runAdapter(MT940Format.self, bytes: bytes, name: "pl.sta", options: options)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.description) == ["Opłata za światło kwiecień Faktura 04/2024/ŁDZ", "Zwrot za bilety"])
        #expect(run.drafts.map(\.payee) == ["Zakład Energetyczny Łódź", "Małgorzata Żółkiewska"])
        #expect(
            run.drafts.map(\.memo) == [
                "PRZELEW; account PL21102055580000123456789012 10205558", "PRZELEW PRZYCHODZĄCY",
            ])
        #expect(Self.notices(run).isEmpty)
        let chunked = runAdapter(MT940Format.self, bytes: bytes, name: "pl.sta", options: options, chunkSize: 7)
        #expect(chunked == run)
    }

    @Test("--option encoding=iso-8859-2 reads ISO-8859-2 bytes, where ś is 0xB6")
    func iso88592Option() {
        let lines: [[UInt8]] = [
            Array(":20:1\r\n:25:/PL27114020040000300201355387\r\n:28C:1\r\n:60F:C240410PLN100,00\r\n".utf8),
            Array(":61:2404110411DN10,00N020NONREF\r\n:86:020~00PRZELEW~20Op".utf8), [0xB3],
            Array("ata za ".utf8), [0xB6], Array("wiat".utf8), [0xB3], Array("o\r\n:62F:C240411PLN90,00\r\n-\r\n".utf8),
        ]
        let bytes = lines.flatMap { $0 }
        let latin2 = runAdapter(
            MT940Format.self, bytes: bytes, name: "pl.sta",
            options: AdapterOptions(settings: ["encoding": "ISO-8859-2"]))
        #expect(latin2.drafts.first?.description == "Opłata za światło")
        let byEvidence = runAdapter(MT940Format.self, bytes: bytes, name: "pl.sta")
        #expect(byEvidence.drafts.first?.description == "Op³ata za ¶wiat³o")
        #expect(Self.notices(byEvidence).count == 1)
    }

    @Test("a EUR statement with ¿ in its text gives no Polish notice")
    func otherCurrencyNoNotice() {
        let lines = [
            ":20:1", ":25:10050000/0123456789", ":28C:1", ":60F:C240410EUR100,00",
            ":61:2404110411DN10,00NTRFNONREF", ":86:Quiz ¿Qué? 2024", ":62F:C240411EUR90,00", "-",
        ]
        #expect(Self.notices(readMT940(lines)).isEmpty)
    }

    @Test("an encoding the adapter does not know is refused before reading, naming the ones it knows")
    func unknownEncoding() {
        #expect(throws: MT940Error.self) {
            try MT940Format(options: AdapterOptions(settings: ["encoding": "koi8-r"], fileName: "pl.sta"))
        }
        do {
            _ = try MT940Format(options: AdapterOptions(settings: ["encoding": "koi8-r"], fileName: "pl.sta"))
        } catch {
            #expect("\(error)".contains("expected auto, windows-1250, iso-8859-2 or windows-1252"))
        }
    }
}
