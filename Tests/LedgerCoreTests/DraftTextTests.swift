import Testing

@testable import LedgerCore

@Suite("DraftText")
struct DraftTextTests {
    /// Three descriptions one after another, as a CSV block's prepared text holds them.
    private let buffer = Array("Café Größenwahn|Coffee\u{0}shop|Cafe\u{301}".utf8)
    private var cafe: Range<Int> { 0..<18 }
    private var withNUL: Range<Int> { 19..<30 }
    private var decomposed: Range<Int> { 31..<buffer.count }

    private func draft(_ text: DraftText) -> Draft {
        Draft(
            account: "Checking", bookingDay: Day(year: 2024, month: 1, day: 2)!,
            amount: Money(minorUnits: 380, currency: .EUR), direction: .debit, description: text,
            location: SourceLocation(file: "a.csv", line: 2, column: 1))
    }

    @Test("shared bytes read back as their text, without the bytes around them")
    func sharedBytes() throws {
        let text = try #require(DraftText(utf8: buffer, range: cafe))
        #expect(text.string == "Café Größenwahn")
        #expect(text.utf8Count == 18)
        #expect(!text.isEmpty)
        #expect(text.withUTF8 { Array($0) } == Array("Café Größenwahn".utf8))
        let empty = try #require(DraftText(utf8: buffer, range: 5..<5))
        #expect(empty.isEmpty && empty.string.isEmpty && empty.utf8Count == 0)
    }

    @Test("a range that cuts a character, is outside the buffer or holds bad UTF-8 is refused")
    func refusals() throws {
        // "é" is two bytes at 3..<5: a range ending between them cuts it.
        #expect(DraftText(utf8: buffer, range: 0..<4) == nil)
        #expect(DraftText(utf8: buffer, range: 4..<6) == nil)
        #expect(DraftText(utf8: buffer, range: 0..<(buffer.count + 1)) == nil)
        #expect(DraftText(utf8: [0x41, 0xC0, 0x80], range: 0..<3) == nil)
        #expect(DraftText(utf8: [0xED, 0xA0, 0x80], range: 0..<3) == nil)
        // Bytes already checked by the caller are taken as they are, but only inside the buffer.
        let checked = try #require(DraftText(validatedUTF8: buffer, range: cafe))
        #expect(checked.string == "Café Größenwahn" && checked.utf8Count == 18 && !checked.isEmpty)
        #expect(!checked.containsNUL && checked == DraftText(utf8: buffer, range: cafe))
        #expect(try #require(DraftText(validatedUTF8: buffer, range: 5..<5)).isEmpty)
        #expect(DraftText(validatedUTF8: buffer, range: 30..<(buffer.count + 1)) == nil)
        #expect(DraftText(validatedUTF8: buffer, range: -1..<2) == nil)
    }

    @Test("equality and hashing are the strings', however each text is held")
    func equality() throws {
        let shared = try #require(DraftText(utf8: buffer, range: cafe))
        #expect(shared == DraftText("Café Größenwahn"))
        #expect(shared.hashValue == DraftText("Café Größenwahn").hashValue)
        #expect(shared != DraftText("Café Grössenwahn"))
        // Canonically equivalent, as `String` compares: "e" and a combining acute equal "é".
        let combining = try #require(DraftText(utf8: buffer, range: decomposed))
        #expect(combining == DraftText("Café"))
        #expect(draft(shared) == draft(DraftText("Café Größenwahn")))
        #expect(draft(shared).description == "Café Größenwahn")
    }

    @Test("a NUL in shared bytes fails the draft's validation, as in a string")
    func nul() throws {
        let shared = try #require(DraftText(utf8: buffer, range: withNUL))
        #expect(shared.containsNUL)
        #expect(DraftText("Coffee\u{0}shop").containsNUL)
        #expect(try !#require(DraftText(utf8: buffer, range: cafe)).containsNUL)
        #expect(throws: CoreError.self) { try draft(shared).validate(accountCurrency: .EUR) }
        try draft(DraftText("Coffee shop")).validate(accountCurrency: .EUR)
    }

    @Test("the fingerprint is the same from shared bytes as from a string, on both folding paths")
    func fingerprint() throws {
        let latin1 = try #require(DraftText(utf8: buffer, range: cafe))
        #expect(draft(latin1).fingerprint == draft(DraftText("Café Größenwahn")).fingerprint)
        #expect(draft(latin1).fingerprint == draft(DraftText("  CAFÉ   größenwahn ")).fingerprint)
        // Past Latin-1 (a combining accent): the general path.
        let general = try #require(DraftText(utf8: buffer, range: decomposed))
        #expect(draft(general).fingerprint == draft(DraftText("Café")).fingerprint)
    }

    @Test("a draft's changed copies keep its shared text")
    func copies() throws {
        let shared = try #require(DraftText(utf8: buffer, range: cafe))
        let moved = SourceLocation(file: "b.csv", line: 3, column: 1)
        let copy = draft(shared).with(externalID: "X1").with(location: moved)
        #expect(copy.descriptionText == shared)
        #expect(copy.description == "Café Größenwahn")
    }
}
