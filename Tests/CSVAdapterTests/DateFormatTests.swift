import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

func day(_ text: String, _ pattern: String) -> String? {
    DateFormat(pattern)?.day(from: text).map(String.init(describing:))
}

@Suite("DateFormat")
struct DateFormatTests {
    @Test(
        "declared patterns read their days, with or without a time part",
        arguments: [
            ("2024-01-15", "yyyy-MM-dd"), ("15/01/2024", "dd/MM/yyyy"), ("01/15/2024", "MM/dd/yyyy"),
            ("1/15/2024", "MM/dd/yyyy"), ("15.01.2024", "dd.MM.yyyy"), ("15.01.24", "dd.MM.yy"),
            ("20240115", "yyyyMMdd"), ("15 Jan 2024", "d MMM yyyy"), ("15-Jan-2024", "dd-MMM-yyyy"),
            ("Jan 15, 2024", "MMM d, yyyy"), ("2024-01-15 13:45:00", "yyyy-MM-dd"), ("2024-01-15T13:45", "yyyy-MM-dd"),
            ("15.01.2024 13:45", "dd.MM.yyyy HH:mm"), ("Mon, 15 Jan 2024", "EEE, d MMM yyyy"),
        ])
    func patterns(_ text: String, _ pattern: String) {
        #expect(day(text, pattern) == "2024-01-15")
    }

    @Test(
        "month names in English, German, French, Spanish, Dutch and Italian",
        arguments: [
            ("3 March 2024", 3), ("3 März 2024", 3), ("3 Mrz 2024", 3), ("3 mars 2024", 3), ("3 févr. 2024", 2),
            ("3 décembre 2024", 12), ("3 août 2024", 8), ("3 enero 2024", 1), ("3 sept. 2024", 9), ("3 mei 2024", 5),
            ("3 mrt 2024", 3), ("3 okt 2024", 10), ("3 giugno 2024", 6), ("3 dic 2024", 12), ("3 Dez. 2024", 12),
            ("3 MAY 2024", 5), ("3 lug 2024", 7), ("3 ago 2024", 8),
        ] as [(String, Int)])
    func monthNames(_ text: String, _ month: Int) {
        #expect(DateFormat("d MMMM yyyy")?.day(from: text)?.month == month)
    }

    @Test(
        "days that don't exist and text that doesn't fit are refused",
        arguments: ["2024-02-30", "2024-13-01", "2024-1-", "x2024-01-01", "2024-01-01x", ""])
    func refused(_ text: String) {
        #expect(day(text, "yyyy-MM-dd") == nil)
    }

    @Test(
        "patterns without a year, month and day are refused",
        arguments: ["dd.MM", "yyyy-MM", "dd.QQ.yyyy", "yyy-MM-dd"])
    func badPatterns(_ pattern: String) {
        #expect(DateFormat(pattern) == nil)
    }

    @Test("two-digit years pivot at 70")
    func twoDigitYears() {
        #expect(day("01.01.69", "dd.MM.yy") == "2069-01-01")
        #expect(day("01.01.70", "dd.MM.yy") == "1970-01-01")
    }
}

@Suite("DateFormat fixed layouts")
struct FixedLayoutTests {
    @Test("fixed-width numeric patterns have a layout, others don't")
    func layouts() {
        for pattern in ["dd.MM.yyyy", "yyyy-MM-dd", "MM/dd/yyyy", "yyyyMMdd", "dd/MM/yy"] {
            #expect(DateFormat(pattern)?.layout != nil, "\(pattern)")
        }
        for pattern in ["d.M.yyyy", "d MMM yyyy", "yyyy-MM-dd HH:mm", "dd.MM.yyyy EEE", "yyyy-MM/dd"] {
            #expect(DateFormat(pattern)?.layout == nil, "\(pattern)")
        }
    }

    @Test(
        "every field a layout reads gives the day the token reading gives",
        arguments: ["dd.MM.yyyy", "yyyy-MM-dd", "MM/dd/yyyy", "yyyyMMdd", "dd/MM/yy"])
    func agreesWithTokens(_ pattern: String) throws {
        let format = try #require(DateFormat(pattern))
        let layout = try #require(format.layout)
        var generator = SeededGenerator(seed: UInt64(pattern.utf8.count))
        let alphabet = Array("0123456789012345678901239./- ".utf8)
        var read = 0
        for index in 0..<20_000 {
            // Mostly well-formed fields with a byte or two changed, and some random ones.
            var bytes = Array(pattern.utf8).map { byte -> UInt8 in
                "dMy".utf8.contains(byte) ? UInt8(ascii: "0") + UInt8(generator.next() % 10) : byte
            }
            if index % 3 == 0 {
                bytes[Int(generator.next() % UInt64(bytes.count))] = alphabet.randomElement(using: &generator)!
            }
            if index % 7 == 0 {
                bytes = (0..<Int(generator.next() % 12)).map { _ in alphabet.randomElement(using: &generator)! }
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let fast = layout.day(from: buffer) else { return }
                read += 1
                #expect(format.tokenDay(from: buffer) == fast, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(read > 300)
    }

    @Test("a layout refuses days that don't exist and leaves other shapes to the tokens")
    func refuses() throws {
        let format = try #require(DateFormat("dd.MM.yyyy"))
        for text in ["31.02.2024", "00.01.2024", "1.2.2024", " 01.02.2024", "01.02.2024 10:00"] {
            var copy = text
            #expect(copy.withUTF8 { format.layout?.day(from: $0) } == nil, "\(text)")
        }
        #expect(format.day(from: "1.2.2024") == Day(year: 2024, month: 2, day: 1))
        #expect(format.day(from: "01.02.2024 10:00") == Day(year: 2024, month: 2, day: 1))
    }
}
