import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

/// Reads every row of `text` with a dialect, as field texts with their line and column.
func readRows(_ text: String, delimiter: Character = ",", chunkSize: Int = 64 * 1024) throws -> [(Int, [String], [Int])]
{
    try readRows(Array(text.utf8), delimiter: delimiter, chunkSize: chunkSize)
}

func readRows(_ bytes: [UInt8], delimiter: Character = ",", chunkSize: Int = 64 * 1024) throws -> [(
    Int, [String], [Int]
)] {
    let dialect = CSVDialect(delimiter: delimiter.asciiValue ?? 0x2C)
    var reader = CSVReader(InMemoryByteStream(bytes, name: "t.csv", chunkSize: chunkSize), dialect: dialect)
    var row = CSVRow()
    var rows: [(Int, [String], [Int])] = []
    while try reader.next(into: &row) {
        rows.append((row.line, row.texts, (0..<row.count).map { row.location(of: $0, file: "t.csv").column }))
    }
    return rows
}

@Suite("CSVReader")
struct CSVReaderTests {
    @Test("quoted fields keep delimiters, doubled quotes become one quote")
    func quotedFields() throws {
        let rows = try readRows("a,\"b, with comma\",\"say \"\"hi\"\"\"\n")
        #expect(rows.map(\.1) == [["a", "b, with comma", "say \"hi\""]])
        #expect(rows[0].2 == [1, 3, 19])
    }

    @Test("a quoted field may span lines, and later rows keep their true line numbers")
    func multiLineField() throws {
        let rows = try readRows("h1,h2\n1,\"two\nlines\"\n3,4\n")
        #expect(rows.map(\.1) == [["h1", "h2"], ["1", "two\nlines"], ["3", "4"]])
        #expect(rows.map(\.0) == [1, 2, 4])
    }

    @Test(
        "CRLF, LF and lone CR all end a line", arguments: ["a,b\r\nc,d\r\n", "a,b\nc,d\n", "a,b\rc,d\r", "a,b\r\nc,d"])
    func lineEnds(_ text: String) throws {
        let rows = try readRows(text)
        #expect(rows.map(\.1) == [["a", "b"], ["c", "d"]])
        #expect(rows.map(\.0) == [1, 2])
    }

    @Test("every chunk size gives the same rows", arguments: [1, 2, 3, 5, 7, 64])
    func chunkBoundaries(_ size: Int) throws {
        let text = "Date,Text\r\n2024-01-01,\"multi\r\nline \"\"quoted\"\"\"\r\n2024-01-02,plain\r\n"
        let whole = try readRows(text)
        let chunked = try readRows(text, chunkSize: size)
        #expect(chunked.map(\.1) == whole.map(\.1))
        #expect(chunked.map(\.0) == whole.map(\.0))
        #expect(chunked.map(\.2) == whole.map(\.2))
    }

    @Test("empty fields and a trailing delimiter give empty fields")
    func emptyFields() throws {
        let rows = try readRows("a,,c,\n")
        #expect(rows.map(\.1) == [["a", "", "c", ""]])
    }

    @Test("semicolon, tab and pipe delimiters", arguments: [Character(";"), "\t", "|"])
    func otherDelimiters(_ delimiter: Character) throws {
        let text = "a\(delimiter)\"b\(delimiter)c\"\(delimiter)d\n"
        #expect(try readRows(text, delimiter: delimiter).map(\.1) == [["a", "b\(delimiter)c", "d"]])
    }

    @Test("a quote that is never closed is an error at the opening quote")
    func unterminatedQuote() throws {
        #expect {
            _ = try readRows("a,b\n1,\"open\n2,3\n")
        } throws: { error in
            guard let error = error as? CSVError, case .unterminatedQuote(let line) = error.reason else { return false }
            return line == 2 && error.location.line == 2 && error.location.column == 3
        }
    }

    @Test("text after a closing quote is an error at that text")
    func textAfterQuote() throws {
        #expect {
            _ = try readRows("a,\"b\"x,c\n")
        } throws: { error in
            (error as? CSVError)?.location == SourceLocation(file: "t.csv", line: 1, column: 6)
        }
    }

    @Test("a quote inside an unquoted field is kept as text")
    func innerQuote() throws {
        #expect(try readRows("12\" pizza,5\n").map(\.1) == [["12\" pizza", "5"]])
    }
}

@Suite("CSVReader, randomized")
struct CSVReaderRandomTests {
    /// Random rows of random fields (long ones too, with delimiters, quotes and line breaks at
    /// every offset of an 8-byte word), written as CSV the way RFC 4180 says.
    static func rows(seed: UInt64) -> [[String]] {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "b", "ä", " ", ";", ",", "\"", "\n", "\r\n", "\r", "0123456789", "Zahlung"]
        return (0..<300).map { _ in
            (0..<(1 + Int(generator.next() % 5))).map { _ in
                (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
                    .joined()
            }
        }
    }

    static func csv(_ rows: [[String]], delimiter: Character) -> String {
        rows.map { fields in
            fields.map { field in
                let plain = !field.contains(where: {
                    $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n"
                })
                return plain && !field.isEmpty
                    ? field : "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            }.joined(separator: String(delimiter))
        }.joined(separator: "\r\n") + "\r\n"
    }

    @Test(
        "rows read one after another into shared storage with room for one span and one byte read the same",
        arguments: [1, 7, 4096])
    func appendingWithLittleRoom(_ chunkSize: Int) throws {
        // A row of 100 fields too: more than a row's (32) or the storage's room for spans.
        let rows = Self.rows(seed: 4) + [(0..<100).map { String($0) }] + Self.rows(seed: 5)
        let text = Self.csv(rows, delimiter: ",")
        let one = try readRows(text, chunkSize: chunkSize)
        let stream = InMemoryByteStream(Array(text.utf8), name: "t.csv", chunkSize: chunkSize)
        var reader = CSVReader(stream, dialect: CSVDialect(delimiter: 0x2C))
        var storage = CSVRow(capacity: 1, fields: 1)
        var read: [(Int, [String], [Int])] = []
        while try reader.next(appendingTo: &storage) {
            let columns = (0..<storage.count).map { storage.location(of: $0, file: "t.csv").column }
            read.append((storage.line, storage.texts, columns))
        }
        #expect(one.map(\.1) == rows)
        #expect(read.map(\.1) == rows)
        #expect(read.map(\.0) == one.map(\.0))
        #expect(read.map(\.2) == one.map(\.2))
    }

    @Test("what is written as CSV reads back field for field, whatever the chunk size", arguments: [1, 7, 8, 9, 4096])
    func roundTrip(_ chunkSize: Int) throws {
        for (seed, delimiter) in [(1, Character(",")), (2, ";"), (3, "\t")] as [(UInt64, Character)] {
            let rows = Self.rows(seed: seed)
            let read = try readRows(Self.csv(rows, delimiter: delimiter), delimiter: delimiter, chunkSize: chunkSize)
            #expect(read.map(\.1) == rows)
            // Each row starts one line below the previous row's last line.
            var line = 1
            for (index, row) in rows.enumerated() {
                #expect(read[index].0 == line)
                // LF and CRLF end a line, and so does a lone CR.
                for field in row {
                    let bytes = Array(field.utf8)
                    line +=
                        bytes.indices.filter {
                            bytes[$0] == 0x0A || (bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A))
                        }.count
                }
                line += 1
            }
        }
    }
}
