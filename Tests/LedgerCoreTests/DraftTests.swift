import Foundation
import Testing

@testable import LedgerCore

@Suite("Draft")
struct DraftTests {
    private func draft(
        _ description: String, units: Int64 = 380, day: String = "2024-01-02", direction: Direction = .debit,
        account: String = "Checking"
    ) -> Draft {
        Draft(
            account: account, bookingDay: Day(iso: day)!, amount: Money(minorUnits: units, currency: .EUR),
            direction: direction, description: description, location: SourceLocation(file: "a.csv", line: 2, column: 1))
    }

    @Test("the fingerprint ignores case, spacing and Unicode composition")
    func fingerprintNormalises() {
        #expect(draft("CAFÉ  de la Gare").fingerprint == draft(" café de la gare ").fingerprint)
        #expect(draft("Cafe\u{301}").fingerprint == draft("Café").fingerprint)
    }

    @Test("the fingerprint changes with the day, the amount and the direction")
    func fingerprintDistinguishes() {
        let base = draft("Coffee")
        #expect(base.fingerprint != draft("Coffee", units: 381).fingerprint)
        #expect(base.fingerprint != draft("Coffee", day: "2024-01-03").fingerprint)
        #expect(base.fingerprint != draft("Coffee", direction: .credit).fingerprint)
        #expect(base.fingerprint == draft("Coffee").fingerprint)
    }

    @Test("validation refuses an amount in another currency than the account's")
    func validation() throws {
        #expect(throws: CoreError.self) { try draft("x").validate(accountCurrency: .USD) }
        try draft("x").validate(accountCurrency: .EUR)
        #expect(throws: CoreError.self) { try draft("x", account: "").validate(accountCurrency: nil) }
    }

    @Test("a payee follows the description's text rule, and is no part of the fingerprint")
    func payee() throws {
        let base = draft("Coffee")
        let named = Draft(
            account: base.account, bookingDay: base.bookingDay, amount: base.amount, direction: base.direction,
            description: base.description, payee: "Bean Bar", location: base.location)
        #expect(named.fingerprint == base.fingerprint)
        try named.validate(accountCurrency: .EUR)
        let nul = Draft(
            account: base.account, bookingDay: base.bookingDay, amount: base.amount, direction: base.direction,
            description: base.description, payee: "Bean\u{0}Bar", location: base.location)
        let error = try #require(throws: CoreError.self) { try nul.validate(accountCurrency: .EUR) }
        #expect(error.message.contains("the payee"))
    }

    @Test("the signed amount follows the direction")
    func signed() {
        #expect(draft("x").signedMinorUnits == -380)
    }
}

@Suite("SHA256")
struct SHA256Tests {
    @Test("matches the FIPS 180-2 test vectors")
    func vectors() {
        var empty = SHA256()
        empty.update([UInt8]())
        #expect(empty.hexDigest() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        var abc = SHA256()
        abc.update(Array("abc".utf8))
        #expect(abc.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var long = SHA256()
        let text = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        long.update(text[0..<10])
        long.update(text[10...])
        #expect(long.hexDigest() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("a million 'a's fed in uneven pieces give the FIPS digest")
    func millionAs() {
        var digest = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 999)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count - fed % 7, 1_000_000 - fed)
            digest.update(piece[0..<count])
            fed += count
        }
        #expect(digest.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite("Description folding")
struct DescriptionFoldingTests {
    @Test(
        "the Latin-1 fast path folds exactly as the general path",
        arguments: [
            "Bäckerei MÜLLER  Kartenzahlung", "ÀÉÎÕÜ ÇÑ ÆØÅ Þ ×÷ ß ÿ µ", "  Café\u{A0}de\u{85}la\tGare\u{0B}\u{0C} ",
            "ÉPICERIE", "Straße", "plain ascii", "", "   ", "é\u{301}", "Zürich → Genève", "Ωmega",
        ])
    func fastPathMatchesGeneral(text: String) {
        #expect(Draft.normalisedDescription(text) == Draft.foldedGenerally(text))
    }
}
