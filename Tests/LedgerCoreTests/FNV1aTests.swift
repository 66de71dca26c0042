import LedgerCore
import Testing

/// The one FNV-1a implementation, and the stored values it produces: a change to either would
/// make every existing ledger see its transactions as new (duplicates on the next import).
@Suite("FNV1a")
struct FNV1aTests {
    private func draft(_ description: String, units: Int64, day: String, direction: Direction, currency: Currency)
        -> Draft
    {
        Draft(
            account: "Checking", bookingDay: Day(iso: day)!, amount: Money(minorUnits: units, currency: currency),
            direction: direction, description: description, location: SourceLocation(file: "a.csv", line: 2, column: 1))
    }

    @Test(
        "gives the FNV-1a 64 test vectors",
        arguments: [
            ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
        ])
    func vectors(text: String, expected: UInt64) {
        var byText = FNV1a()
        byText.combine(utf8: text)
        #expect(byText.value == expected)
        var byBytes = FNV1a()
        byBytes.combine(contentsOf: Array(text.utf8))
        #expect(byBytes.value == expected)
        var byByte = FNV1a()
        for byte in text.utf8 { byByte.combine(byte) }
        #expect(byByte.value == expected)
    }

    @Test("a number is fed as its eight bytes, least significant first")
    func numbers() {
        var number = FNV1a()
        number.combine(Int64(-2))
        var bytes = FNV1a()
        bytes.combine(contentsOf: [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] as [UInt8])
        #expect(number.value == bytes.value)
        #expect(FNV1a().value == FNV1a.offsetBasis)
    }

    /// Values computed with the code before the five copies became one (and independently in
    /// Python: `fnv(le64(days) + le64(units) + currency + sign + normalised description)`).
    @Test("a draft's fingerprint is the value ledgers already store")
    func storedFingerprints() {
        let latin1 = draft("  CAFÉ  de la Gare ", units: 380, day: "2024-01-02", direction: .debit, currency: .EUR)
        #expect(latin1.fingerprint == -8_152_816_192_938_626_669)
        let general = draft(
            "Żabka  WARSZAWA", units: 1999, day: "2024-02-29", direction: .credit, currency: Currency(code: "PLN")!)
        #expect(general.fingerprint == 7_779_290_631_717_687_731)
    }

    /// Computed with the fold before it went over bytes in one pass (2026-12-02): ASCII with a
    /// run of spaces, and Latin-1 with a tab, a no-break space (U+00A0) and NEL (U+0085).
    @Test("the fingerprint of ASCII and Latin-1 text with odd white space is the value ledgers already store")
    func storedFingerprintsOfWhiteSpace() {
        let ascii = draft(
            "LASTSCHRIFT  Stadtwerke Musterstadt GmbH", units: 1234, day: "2024-01-02", direction: .credit,
            currency: .EUR)
        #expect(ascii.fingerprint == -2_206_806_004_124_181_252)
        let latin1 = draft(
            "Bäckerei MÜLLER\tKartenzahlung\u{A0}Filiale\u{85}7", units: 1234, day: "2024-01-02", direction: .credit,
            currency: .EUR)
        #expect(latin1.fingerprint == -3_128_480_877_990_001_743)
    }
}
