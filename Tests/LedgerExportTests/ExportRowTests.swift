import LedgerCore
import Testing

@testable import LedgerExport

/// `ExportRow`'s checks on SQLite's bytes: a row goes the byte way only when its texts are what
/// the strings would have held, and compares payee and description as strings do.
@Suite("export row bytes")
struct ExportRowTests {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
    }

    static func isSame(_ first: String, _ second: String) -> Bool {
        Array(first.utf8).withUnsafeBufferPointer { first in
            Array(second.utf8).withUnsafeBufferPointer { second in ExportRow.isSameText(first, second) }
        }
    }

    @Test(
        "bytes that aren't UTF-8 are refused, so the row goes through the string that repairs them",
        arguments: [
            [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x41, 0xC3, 0x41],
        ] as [[UInt8]])
    func refused(bytes: [UInt8]) {
        #expect(!Self.isValid(bytes))
    }

    @Test("well-formed UTF-8 is taken as it is: ASCII, NUL, two to four bytes, the edges of each range")
    func accepted() {
        for text in ["", "plain", "a\u{0}b", "Café", "€", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "𝄞", "\u{10FFFF}"] {
            #expect(Self.isValid(Array(text.utf8)), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("every sequence of one or two bytes, and of three or four after a lead E0-F4, is judged as String does")
    func agreesWithString() {
        var sequences: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for first in 0...255 {
            for second in 0...255 { sequences.append([UInt8(first), UInt8(second)]) }
        }
        for first in 0xE0...0xF4 {
            for second in 0...255 {
                sequences.append([UInt8(first), UInt8(second), 0x80])
                sequences.append([UInt8(first), UInt8(second), 0x80, 0x80])
            }
        }
        var disagreements: [[UInt8]] = []
        for bytes in sequences where Self.isValid(bytes) != (String(validating: bytes, as: UTF8.self) != nil) {
            disagreements.append(bytes)
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("a payee is the description when the strings are equal: the same bytes, or é composed and decomposed")
    func sameText() {
        #expect(Self.isSame("Corner Shop", "Corner Shop"))
        #expect(Self.isSame("Café", "Cafe\u{301}"))
        #expect(!Self.isSame("Corner Shop", "Corner shop"))
        #expect(!Self.isSame("Café", "Cafe"))
    }
}
