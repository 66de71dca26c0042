import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("FieldDecoder and CSVEncoding")
struct FieldDecoderTests {
    func decode(_ bytes: [UInt8], _ declared: CSVEncoding?) throws -> String {
        var decoder = FieldDecoder(declared: declared)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(CSVError) -> String in
            try decoder.string(buffer, at: SourceLocation(file: "t.csv", line: 2, column: 5))
        }
    }

    @Test("Windows-1252 bytes decode, the euro sign and curly quotes included")
    func windows1252() throws {
        #expect(try decode([0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x20, 0x80, 0x93], .windows1252) == "Müller €“")
    }

    @Test("ISO-8859-15 has the euro sign where ISO-8859-1 has the currency sign")
    func latin9() throws {
        #expect(try decode([0xA4], .isoLatin9) == "€")
        #expect(try decode([0xA4], .isoLatin1) == "¤")
    }

    @Test("undeclared, bytes that are not UTF-8 are read as Windows-1252")
    func detection() throws {
        var decoder = FieldDecoder(declared: nil)
        let text = try [UInt8]([0x42, 0xE4, 0x63, 0x6B, 0x65, 0x72]).withUnsafeBufferPointer {
            (buffer) throws(CSVError) -> String in
            try decoder.string(buffer, at: SourceLocation(file: "t.csv", line: 1, column: 1))
        }
        #expect(text == "Bäcker")
        #expect(decoder.encoding == .windows1252)
    }

    @Test("bytes invalid in the declared encoding are an error naming the encoding and the bytes")
    func invalidDeclared() throws {
        #expect {
            _ = try decode([0x43, 0x61, 0x66, 0xE9], .utf8)
        } throws: { error in
            guard let error = error as? CSVError else { return false }
            return error.location.line == 2 && error.message.contains("UTF-8") && error.message.contains("0xE9")
        }
        #expect(throws: CSVError.self) { _ = try decode([0x81], .windows1252) }
    }

    /// `units` as UTF-16 bytes after their byte-order mark.
    func utf16Bytes(_ units: some Sequence<UInt16>, bigEndian: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in units {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    @Test("UTF-16 with a byte-order mark is transcoded, whatever the chunk size", arguments: [1, 3, 64])
    func utf16(_ chunkSize: Int) throws {
        let text = "Date,Description,Amount\r\n2024-01-02,Café 😀,-3.80\r\n"
        for bytes in [utf16Bytes(text.utf16), utf16Bytes(text.utf16, bigEndian: true)] {
            let input = try PreparedInput(InMemoryByteStream(bytes, name: "t.csv", chunkSize: chunkSize))
            #expect(String(decoding: try input.readAll(), as: UTF8.self) == text)
        }
    }

    @Test(
        "UTF-16 with a lone surrogate is refused, naming the code unit and its line, whatever the chunk size",
        arguments: [1, 3, 64])
    func utf16LoneSurrogate(_ chunkSize: Int) throws {
        // Line 2 holds a low surrogate with no high one; line 3 a high one followed by "x".
        let lines: [[UInt16]] = [Array("a,b\n".utf16), Array("1,".utf16) + [0xDC01] + Array("\n".utf16)]
        let cases: [(units: [UInt16], found: String, line: Int)] = [
            (lines.flatMap { $0 }, "0xDC01", 2),
            (lines[0] + Array("1,2\n".utf16) + [0xD83D] + Array("x\n".utf16), "0x78", 3),
        ]
        for (units, found, line) in cases {
            let bytes = utf16Bytes(units)
            #expect {
                _ = try PreparedInput(InMemoryByteStream(bytes, name: "t.csv", chunkSize: chunkSize)).readAll()
            } throws: { error in
                guard let error = error as? CSVError else { return false }
                return error.reason == .invalidBytes(encoding: "UTF-16LE", found: found)
                    && error.location.line == line
            }
        }
    }

    @Test(
        "UTF-16 read four ASCII units at a time gives the same text, with other characters at every offset",
        arguments: [7, 61, 4096])
    func utf16Runs(_ chunkSize: Int) throws {
        // Lines of growing length put é, 中 and a surrogate pair at every position within a word,
        // and within the sixteen units read at once before the words.
        var text = ""
        for length in 0..<40 {
            text += String(repeating: "a", count: length) + "é,中\n" + String(repeating: "b", count: length) + "😀x\r\n"
        }
        for isBigEndian in [false, true] {
            let bytes = utf16Bytes(text.utf16, bigEndian: isBigEndian)
            let input = try PreparedInput(InMemoryByteStream(bytes, name: "t.csv", chunkSize: chunkSize))
            #expect(String(decoding: try input.readAll(), as: UTF8.self) == text)
        }
    }

    @Test(
        "a bad UTF-16 unit after long ASCII lines is named on its own line, whatever the chunk size",
        arguments: [5, 64, 100_000])
    func utf16LineAfterRuns(_ chunkSize: Int) throws {
        // 40 or 400 lines of ASCII, read by words and sixteen units at a time (400 lines are more
        // than one batch of line-feed flags, 255 reads); then a lone low surrogate on the next
        // line. Both byte orders.
        for count in [40, 400] {
            let lines = String(repeating: "2024-01-02,Coffee at the corner,-3.80\n", count: count)
            for isBigEndian in [false, true] {
                let bytes = utf16Bytes(Array(lines.utf16) + [0x41, 0xDC00], bigEndian: isBigEndian)
                #expect {
                    _ = try PreparedInput(InMemoryByteStream(bytes, name: "t.csv", chunkSize: chunkSize)).readAll()
                } throws: { error in
                    guard let error = error as? CSVError else { return false }
                    return error.reason
                        == .invalidBytes(encoding: isBigEndian ? "UTF-16BE" : "UTF-16LE", found: "0xDC00")
                        && error.location.line == count + 1
                }
            }
        }
    }

    @Test("a UTF-8 byte-order mark is dropped")
    func utf8BOM() throws {
        let input = try PreparedInput(InMemoryByteStream([0xEF, 0xBB, 0xBF] + Array("a,b\n".utf8), name: "t.csv"))
        #expect(input.byteOrderMark == .utf8)
        #expect(try input.readAll() == Array("a,b\n".utf8))
    }

    @Test("encoding names are read the way mappings write them")
    func names() {
        #expect(CSVEncoding(name: "UTF8") == .utf8)
        #expect(CSVEncoding(name: "cp1252") == .windows1252)
        #expect(CSVEncoding(name: "Latin-1") == .isoLatin1)
        #expect(CSVEncoding(name: "ISO-8859-15") == .isoLatin9)
        #expect(CSVEncoding(name: "ebcdic") == nil)
    }
}

@Suite("FieldDecoder one-pass join")
struct FieldDecoderJoinTests {
    /// The join the careful path makes: each field decoded alone, the non-empty ones joined.
    func fieldByField(_ fields: [[UInt8]], _ encoding: CSVEncoding, separator: String) -> String? {
        var decoder = FieldDecoder(declared: encoding)
        var parts: [String] = []
        for field in fields where !field.isEmpty {
            guard
                let text = try? field.withUnsafeBufferPointer({ (buffer) throws(CSVError) -> String in
                    try decoder.string(buffer, at: SourceLocation(file: "t.csv", line: 1, column: 1))
                })
            else { return nil }
            parts.append(text)
        }
        return parts.joined(separator: separator)
    }

    func joinedInOnePass(_ fields: [[UInt8]], _ encoding: CSVEncoding?, separator: String) -> String? {
        let decoder = FieldDecoder(declared: encoding)
        var all: [UInt8] = []
        var ranges: [Range<Int>] = []
        for field in fields {
            ranges.append(all.count..<all.count + field.count)
            all += field
        }
        return all.withUnsafeBufferPointer { all in
            ranges.withUnsafeBufferPointer { ranges in
                Array(separator.utf8).withUnsafeBufferPointer { decoder.joined(all, ranges, separator: $0) }
            }
        }
    }

    @Test(
        "in a single-byte encoding, one pass gives what decoding field by field gives",
        arguments: [CSVEncoding.windows1252, .isoLatin1, .isoLatin9])
    func agreesFieldByField(_ encoding: CSVEncoding) {
        var generator = SeededGenerator(seed: 7)
        // ASCII letters and spaces (mostly), the high half with the C1 bytes Windows-1252 lacks,
        // and now and then a NUL or a line break; fields long enough to be read a word at a time.
        let letters: [UInt8] = Array(0x41...0x5A) + [0x20, 0x20]
        let high: [UInt8] = Array(0x80...0xFF)
        var compared = 0
        for _ in 0..<5_000 {
            let fields = (0..<Int(generator.next() % 4)).map { _ in
                (0..<Int(generator.next() % 25)).map { _ -> UInt8 in
                    switch generator.next() % 100 {
                    case 0: [0x00, 0x0A, 0x0D][Int(generator.next() % 3)]
                    case 1..<16: high[Int(generator.next() % UInt64(high.count))]
                    default: letters[Int(generator.next() % UInt64(letters.count))]
                    }
                }
            }
            let fast = joinedInOnePass(fields, encoding, separator: " / ")
            let careful = fieldByField(fields, encoding, separator: " / ")
            let hasBreak = fields.joined().contains { $0 == 0x00 || $0 == 0x0A || $0 == 0x0D }
            if let fast {
                compared += 1
                // A NUL or a line break is always left to the careful path (which names it or
                // turns the break into a space).
                #expect(!hasBreak, "\(fields)")
                #expect(fast == careful, "\(fields)")
            } else {
                // Declined: a byte the encoding lacks (which the careful path refuses too), or a
                // NUL or line break.
                #expect(careful == nil || hasBreak, "\(fields)")
            }
        }
        #expect(compared > 1_000)
    }

    @Test("one pass declines line breaks, NUL, and non-ASCII text while the encoding is UTF-8 or undecided")
    func declines() {
        let umlaut: [UInt8] = [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72]
        #expect(joinedInOnePass([[0x41, 0x0A, 0x42]], .windows1252, separator: " ") == nil)
        #expect(joinedInOnePass([[0x41, 0x0D]], .windows1252, separator: " ") == nil)
        #expect(joinedInOnePass([[0x41, 0x00]], .windows1252, separator: " ") == nil)
        #expect(joinedInOnePass([umlaut], nil, separator: " ") == nil)
        #expect(joinedInOnePass([umlaut], .utf8, separator: " ") == nil)
        #expect(joinedInOnePass([umlaut, [], [0x41]], .windows1252, separator: " - ") == "Müller - A")
        #expect(joinedInOnePass([[0x41], [0x42]], nil, separator: "") == "AB")
    }
}

@Suite("FieldDecoder UTF-8 on the read-ahead thread")
struct FieldDecoderUTF8Tests {
    /// What ``FieldDecoder/appendJoined(_:_:separator:to:length:)`` makes of fields, as text.
    func appended(_ fields: [[UInt8]], _ encoding: CSVEncoding?) -> (FieldDecoder.AppendedJoin, String) {
        let decoder = FieldDecoder(declared: encoding)
        var all: [UInt8] = []
        var ranges: [Range<Int>] = []
        for field in fields {
            ranges.append(all.count..<all.count + field.count)
            all += field
        }
        var text: [UInt8] = []
        var length = 0
        let join = all.withUnsafeBufferPointer { all in
            ranges.withUnsafeBufferPointer { ranges in
                Array(" / ".utf8).withUnsafeBufferPointer {
                    decoder.appendJoined(all, ranges, separator: $0, to: &text, length: &length)
                }
            }
        }
        return (join, String(decoding: text[0..<length], as: UTF8.self))
    }

    @Test("the UTF-8 check agrees with String(validating:) on random bytes and every edge of table 3-7")
    func agreesWithValidating() {
        var generator = SeededGenerator(seed: 11)
        // Leads and continuation bytes at the edges: overlong forms (C0, C1, E0 80, F0 80),
        // surrogates (ED A0), past U+10FFFF (F4 90, F5), stray continuations, cut sequences.
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<50_000 {
            let bytes = (0..<Int(generator.next() % 7)).map { _ in edges[Int(generator.next() % UInt64(edges.count))] }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let found = bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
            #expect(found == expected, "\(bytes)")
        }
        // Longer runs, mostly ASCII: the check passes ASCII eight bytes at a time.
        for _ in 0..<20_000 {
            let bytes = (0..<Int(generator.next() % 25)).map { _ in
                generator.next() % 4 == 0 ? edges[Int(generator.next() % UInt64(edges.count))] : 0x61
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let found = bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
            #expect(found == expected, "\(bytes)")
        }
        for text in ["Bäckerei Müller", "€ 12", "𝄞 clef", "日本", "", "Sparkonto, Einkauf \"Bäckerei\" am Markt"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { UTF8Check.isValid($0) })
        }
    }

    @Test("undeclared or UTF-8, valid UTF-8 above ASCII is kept and marked; invalid is left to the normaliser")
    func keepsValidUTF8() {
        let cafe = Array("Café".utf8)
        let latin1 = [UInt8]([0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72])  // "Müller" in Windows-1252
        for encoding in [nil, CSVEncoding.utf8] {
            let kept = appended([cafe, Array("Brot".utf8)], encoding)
            #expect(kept.0 == .utf8Text)
            #expect(kept.1 == "Café / Brot")
            #expect(appended([Array("Brot".utf8)], encoding).0 == .text)
            #expect(appended([cafe, latin1], encoding).0 == .none)
        }
        // A declared single-byte encoding decodes its own bytes, never keeps them as UTF-8.
        let decoded = appended([latin1, cafe], .windows1252)
        #expect(decoded.0 == .text)
        #expect(decoded.1 == "Müller / CafÃ©")
    }

    @Test("undeclared, the one-pass join keeps exactly the fields String(validating:) takes, whole")
    func keepsWhatValidatingTakes() {
        var generator = SeededGenerator(seed: 13)
        // Mostly ASCII, so that words are read eight bytes at a time, with table 3-7's edges, NUL
        // and line breaks at any place, the last eight bytes of a field included.
        let edges: [UInt8] = [
            0x00, 0x0A, 0x0D, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<20_000 {
            let fields = (0..<Int(generator.next() % 3 + 1)).map { _ in
                (0..<Int(generator.next() % 30)).map { _ in
                    generator.next() % 6 == 0 ? edges[Int(generator.next() % UInt64(edges.count))] : 0x61
                }
            }
            let (join, text) = appended(fields, nil)
            let bytes = fields.joined()
            let isTaken =
                fields.allSatisfy { String(validating: $0, as: UTF8.self) != nil }
                && !bytes.contains { $0 == 0x00 || $0 == 0x0A || $0 == 0x0D }
            #expect((join != .none) == isTaken, "\(fields)")
            if join != .none {
                #expect(join == (bytes.contains { $0 >= 0x80 } ? .utf8Text : .text), "\(fields)")
                let joined = fields.filter { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }
                #expect(text == joined.joined(separator: " / "), "\(fields)")
            }
        }
    }

    @Test("only a decoder that reads UTF-8 takes marked text; an undecided one settles on UTF-8")
    func adoptsUTF8() throws {
        var undecided = FieldDecoder(declared: nil)
        let undecidedAdopts = undecided.adoptsUTF8()
        #expect(undecidedAdopts)
        #expect(undecided.encoding == .utf8)
        var settledOnLatin = FieldDecoder(declared: nil)
        _ = try [UInt8]([0xFC]).withUnsafeBufferPointer { (buffer) throws(CSVError) -> String in
            try settledOnLatin.string(buffer, at: SourceLocation(file: "t.csv", line: 2, column: 1))
        }
        #expect(settledOnLatin.encoding == .windows1252)
        let latinAdopts = settledOnLatin.adoptsUTF8()
        #expect(!latinAdopts)
        #expect(settledOnLatin.encoding == .windows1252)
        var declaredLatin = FieldDecoder(declared: .isoLatin1)
        let declaredAdopts = declaredLatin.adoptsUTF8()
        #expect(!declaredAdopts)
    }
}
