import Testing

@testable import LedgerImport

/// ``Swift/String/hasSameUTF8(as:)`` answers "the same bytes" for the importer's per-draft account
/// check: `true` only for the same bytes, whichever way the strings are held.
@Suite("Same UTF-8")
struct SameUTF8Tests {
    @Test("the same value, the same bytes in other storage, and other bytes")
    func sameBytes() {
        let long = "German savings bank ••••7890"
        let shared = long
        #expect(long.hasSameUTF8(as: shared))
        // Built again: equal bytes in storage of its own.
        let rebuilt = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(long.hasSameUTF8(as: rebuilt))
        #expect("Bench".hasSameUTF8(as: String(decoding: Array("Bench".utf8), as: UTF8.self)))
        #expect(!"Bench".hasSameUTF8(as: "Bench2"))
        #expect(!long.hasSameUTF8(as: "German savings bank ••••7891"))
        #expect(!"".hasSameUTF8(as: "a") && "".hasSameUTF8(as: ""))
        // Canonically equivalent (`==`) but other bytes: not the same UTF-8.
        #expect("Caf\u{E9}" == "Cafe\u{301}")
        #expect(!"Caf\u{E9}".hasSameUTF8(as: "Cafe\u{301}"))
    }

    @Test("a string made from a substring compares by its bytes")
    func fromSubstring() {
        let substring = "xx German savings bank ••••7890".dropFirst(3)
        #expect(String(substring).hasSameUTF8(as: "German savings bank ••••7890"))
    }
}
