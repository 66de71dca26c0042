import LedgerTestSupport
import Testing

@testable import CSVAdapter
@testable import LedgerCore

/// Files larger than their head are split into rows on a second thread (``RowReadAhead``):
/// the events, and an error's place among them, must be exactly those of reading on one thread.
@Suite("CSV read-ahead")
struct ReadAheadTests {
    /// A German giro export of `rows` rows (Windows-1252, preamble and footer), with `broken`
    /// appended after row `brokenAfter` when given.
    static func export(rows: Int, broken: String? = nil, brokenAfter: Int = 0) -> [UInt8] {
        var text = """
            "Kontonummer:";"1234567890";
            "Zeitraum:";"01.01.2024 - 31.12.2024";
            "Anfangssaldo:";"1.234,56 EUR";

            "Buchungstag";"Valuta";"Auftraggeber/Empfänger";"Verwendungszweck";"Betrag";"Soll/Haben";"Währung"

            """
        let payees = ["Bäckerei Müller", "Stadtwerke Musterstadt", "Drogerie Fröhlich", "Versicherung AG"]
        for index in 0..<rows {
            let day = String(format2: 1 + index % 28) + "." + String(format2: 1 + (index / 28) % 12) + ".2024"
            let amount = "\(index % 3000),\(String(format2: index % 100))"
            let purpose = index % 7 == 0 ? "Einkauf \"\"Woche \(index)\"\"" : "Zahlung \(index)"
            text += "\"\(day)\";\"\(day)\";\"\(payees[index % 4])\";\"\(purpose)\";\"\(amount)\";"
            text += "\"\(index % 5 == 0 ? "H" : "S")\";\"EUR\"\r\n"
            if let broken, index + 1 == brokenAfter { text += broken }
        }
        text += "\r\n\"Endsaldo:\";\"2.918,88 EUR\";\r\n"
        // Windows-1252: the umlauts are single bytes.
        return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// The events of one session, read ahead or not, and the error that ended it.
    static func session(_ bytes: [UInt8], readsAhead: Bool, stopAfter: Int? = nil) throws -> (
        events: [AdapterEvent], error: String?
    ) {
        let format = try CSVFormat(options: Self.options)
        let input = try PreparedInput(InMemoryByteStream(bytes, name: "big.csv", chunkSize: 4096))
        let (match, _) = try format.chooseMapping(for: input)
        var events: [AdapterEvent] = []
        do {
            try CSVReadSession(match: match, options: format.options, file: "big.csv", readsAhead: readsAhead)
                .run(input) { event in
                    events.append(event)
                    if let stopAfter, events.count >= stopAfter { throw Stop() }
                }
        } catch let error as CSVError {
            return (events, error.description)
        } catch is Stop {
            return (events, "stopped")
        }
        return (events, nil)
    }

    static let options = AdapterOptions(
        mappingDirectories: [bundledMappings], fileName: "big.csv", accountCurrency: .USD)

    private struct Stop: Error {}

    /// Reads a large file ahead and on one thread, expects the same events and no error, and
    /// returns the drafts.
    static func readBothWays(_ bytes: [UInt8]) throws -> [Draft] {
        #expect(bytes.count > PreparedInput.headSize)
        let ahead = try session(bytes, readsAhead: true)
        let direct = try session(bytes, readsAhead: false)
        #expect(ahead.error == nil)
        // (Compared first, so that a failure doesn't print thousands of drafts.)
        let same = ahead.events == direct.events
        #expect(same)
        return ahead.events.compactMap { if case .draft(let draft) = $0 { return draft } else { return nil } }
    }

    @Test("a large file gives the same events read ahead as on one thread")
    func sameEvents() throws {
        let bytes = Self.export(rows: 3_000)
        #expect(try Self.readBothWays(bytes).count == 3_000)
        let direct = try Self.session(bytes, readsAhead: false)
        // Through the adapter, a file this size is read ahead, with the same result.
        let adapter = runAdapter(CSVFormat.self, bytes: bytes, name: "big.csv", options: Self.options, chunkSize: 4096)
        let sameThroughAdapter = Array(adapter.events.dropFirst()) == direct.events
        #expect(adapter.events.first == .mapping("de-girokonto"))
        #expect(sameThroughAdapter)
    }

    /// A generic UTF-8 export of `rows` rows (ISO days, a running balance), with accented and
    /// multi-line descriptions among them; the encoding is not declared.
    static func genericExport(rows: Int) -> [UInt8] {
        var text = "Date,Description,Amount,Balance\r\n"
        var balance = 0
        for index in 0..<rows {
            let day = "2024-" + String(format2: 1 + (index / 28) % 12) + "-" + String(format2: 1 + index % 28)
            let amount = (index % 2 == 0 ? -1 : 1) * (100 + index % 900)
            balance += amount
            let description =
                switch index % 5 {
                case 0: "Café \(index)"
                case 1: "\"Line\none \(index)\""
                case 2: "\"Quote \"\"\(index)\"\"\""
                default: "Shop \(index)"
                }
            text += "\(day),\(description),\(cents(amount)),\(cents(balance))\r\n"
        }
        return Array(text.utf8)
    }

    static func cents(_ value: Int) -> String {
        let sign = value < 0 ? "-" : ""
        return "\(sign)\(abs(value) / 100).\(String(format2: abs(value) % 100))"
    }

    @Test("an undeclared UTF-8 file, with multi-line and accented descriptions, reads the same ahead")
    func undeclaredEncoding() throws {
        let drafts = try Self.readBothWays(Self.genericExport(rows: 4_000))
        #expect(drafts.prefix(3).map(\.description) == ["Café 0", "Line one 1", "Quote \"2\""])
    }

    @Test("drafts read ahead share their block's description bytes, and keep them after the read")
    func sharedDescriptions() throws {
        // Every description is another (the row's number), so a draft pointing at another row's
        // or another block's bytes would read back wrong.
        let drafts = try Self.session(Self.genericExport(rows: 4_000), readsAhead: true).events.compactMap {
            if case .draft(let draft) = $0 { draft } else { nil }
        }
        #expect(drafts.count == 4_000)
        let expected = (0..<4_000).map { index in
            switch index % 5 {
            case 0: "Café \(index)"
            case 1: "Line one \(index)"
            case 2: "Quote \"\(index)\""
            default: "Shop \(index)"
            }
        }
        let described = drafts.map(\.description) == expected
        #expect(described)
        // Rows after the head come in blocks of the read-ahead thread, their descriptions shared.
        let shared = drafts.filter { if case .shared = $0.descriptionText.storage { true } else { false } }
        #expect(shared.count > 3_000)
    }

    /// The preparer of the generic mapping for a generic export's rows.
    static func preparer(for bytes: [UInt8]) throws -> RowPreparer {
        let input = try PreparedInput(InMemoryByteStream(bytes, name: "g.csv"))
        let (match, _) = try CSVFormat(options: Self.options).chooseMapping(for: input)
        let binding = try HeaderBinding(
            mapping: match.mapping, header: ["Date", "Description", "Amount", "Balance"],
            headerLocation: SourceLocation(file: "g.csv", line: 1, column: 1))
        let normaliser = RowNormaliser(mapping: match.mapping, binding: binding, file: "g.csv", userCurrency: .EUR)
        return RowPreparer(for: normaliser, declaredEncoding: nil)
    }

    /// A generic export's rows after the header, read into one block as the read-ahead thread reads
    /// them (at most `rows`).
    static func block(
        of bytes: [UInt8], _ preparer: RowPreparer, rows: Int, preparesValues: Bool, preparesDescriptions: Bool = true
    ) throws -> RowBlock {
        var reader = CSVReader(InMemoryByteStream(bytes, name: "g.csv"), dialect: CSVDialect())
        var header = CSVRow()
        _ = try reader.next(into: &header)
        var block = RowBlock(
            capacity: rows, number: 1, preparesValues: preparesValues, preparesDescriptions: preparesDescriptions)
        while block.count < rows, try block.read(from: &reader, preparer: preparer) {}
        return block
    }

    @Test("a block read while the drafting thread waits leaves days and numbers to it, not the description")
    func blockWithoutValues() throws {
        let bytes = Self.genericExport(rows: 10)
        let preparer = try Self.preparer(for: bytes)
        func firstRow(preparesValues: Bool) throws -> CSVRow {
            let block = try Self.block(of: bytes, preparer, rows: 1, preparesValues: preparesValues)
            #expect(block.count == 1)
            var row = CSVRow()
            block.show(0, into: &row)
            return row
        }
        let full = try firstRow(preparesValues: true)
        #expect(full.prepared.bookingDay == Day(year: 2024, month: 1, day: 1))
        let amount = DecimalNumber(isNegative: true, significand: 1, fractionDigits: 0)
        #expect(full.prepared.numbers.number(at: 2) == .some(amount))
        let lean = try firstRow(preparesValues: false)
        #expect(lean.prepared.bookingDay == nil)
        #expect(lean.prepared.numbers.number(at: 2) == nil)
        #expect(lean.prepared.description != nil)
        #expect(lean.sharedText(in: lean.prepared.description ?? 0..<0)?.string == "Café 0")
    }

    @Test("a block read without its descriptions gets the same ones from the thread that takes it")
    func descriptionsPreparedLater() throws {
        let bytes = Self.genericExport(rows: 10)
        let preparer = try Self.preparer(for: bytes)
        func block(preparesDescriptions: Bool) throws -> RowBlock {
            try Self.block(
                of: bytes, preparer, rows: 16, preparesValues: false, preparesDescriptions: preparesDescriptions)
        }
        func descriptions(_ block: RowBlock) -> [String?] {
            (0..<block.count).map { index in
                var row = CSVRow()
                block.show(index, into: &row)
                return row.prepared.description.flatMap { row.sharedText(in: $0)?.string }
            }
        }
        let full = try block(preparesDescriptions: true)
        var lean = try block(preparesDescriptions: false)
        #expect(full.count == 10)
        #expect(!lean.hasDescriptions)
        #expect(descriptions(lean).allSatisfy { $0 == nil })
        lean.prepareDescriptions(with: preparer)
        #expect(lean.hasDescriptions)
        #expect(descriptions(lean) == descriptions(full))
        #expect(descriptions(lean).first == "Café 0")
        // All but the two with a line break, which the normaliser joins.
        #expect(descriptions(lean).compactMap { $0 }.count == 8)
        // Asked again, it adds nothing.
        lean.prepareDescriptions(with: preparer)
        #expect(descriptions(lean) == descriptions(full))
    }

    @Test("undeclared, a file settled on Windows-1252 reads later UTF-8-looking bytes as Windows-1252, ahead too")
    func settledOnWindows1252() throws {
        // "Müller" in Windows-1252 first (not UTF-8: the file is settled on Windows-1252), then
        // "Café" written as UTF-8, whose bytes are "CafÃ©" in Windows-1252.
        var bytes = Array("Date,Description,Amount,Balance\r\n".utf8)
        var balance = 0
        for index in 0..<4_000 {
            balance -= 100
            let name: [UInt8] = index == 0 ? [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72] : Array("Café \(index)".utf8)
            bytes += Array("2024-01-\(String(format2: 1 + index % 28)),".utf8) + name
            bytes += Array(",-1.00,\(Self.cents(balance))\r\n".utf8)
        }
        let drafts = try Self.readBothWays(bytes)
        #expect(drafts.prefix(2).map(\.description) == ["Müller", "CafÃ© 1"])
    }

    @Test(
        "an error deep in a large file comes after every row before it, at the same place",
        arguments: [
            // The reader's errors: text after a closing quote, a quote left open.
            "\"01.02.2024\";\"x\"y\";\"\";\"1,00\";\"S\";\"EUR\"\r\n", "\"01.02.2024\";\"open quote\r\n",
            // The normaliser's: a bad amount, a day that doesn't exist (not prepared ahead).
            "\"01.02.2024\";\"01.02.2024\";\"P\";\"V\";\"1,2,3\";\"S\";\"EUR\"\r\n",
            "\"31.02.2024\";\"31.02.2024\";\"P\";\"V\";\"1,00\";\"S\";\"EUR\"\r\n",
        ])
    func errorInOrder(_ broken: String) throws {
        let bytes = Self.export(rows: 3_000, broken: broken, brokenAfter: 2_500)
        let ahead = try Self.session(bytes, readsAhead: true)
        let direct = try Self.session(bytes, readsAhead: false)
        // Five lines of preamble and header, 2,500 rows, then the broken one (an open quote runs
        // on into the next line, where the error shows).
        let line = ahead.error.flatMap { Int($0.split(separator: ":")[1]) } ?? 0
        #expect((2_506...2_507).contains(line), "\(ahead.error ?? "")")
        #expect(ahead.error == direct.error)
        #expect(ahead.events.filter { if case .draft = $0 { return true } else { return false } }.count == 2_500)
        let same = ahead.events == direct.events
        #expect(same)
    }

    @Test("rows with long fields close a block early, so a block stays near its byte limit")
    func longRows() {
        let field = String(repeating: "x", count: 100_000)
        let text = (1...20).map { "2024-01-02,\"\($0) \(field)\",-1.00\n" }.joined()
        let reader = CSVReader(InMemoryByteStream(Array(text.utf8), name: "long.csv"), dialect: CSVDialect())
        let readAhead = RowReadAhead(reader, preparer: nil)
        var blocks: [Int] = []
        while case .rows(let block) = readAhead.next() { blocks.append(block.count) }
        #expect(blocks.reduce(0, +) == 20)
        // 256 KiB a block: three rows of 100 KB at most.
        #expect(blocks.allSatisfy { $0 <= 3 })
        #expect(blocks.count >= 7)
    }

    @Test("a consumer that stops early stops the read-ahead thread, and the session returns")
    func stopsEarly() throws {
        let bytes = Self.export(rows: 20_000)
        let ahead = try Self.session(bytes, readsAhead: true, stopAfter: 10)
        #expect(ahead.error == "stopped")
        #expect(ahead.events.count == 10)
    }
}

extension String {
    /// A number with at least two digits (`07`).
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
