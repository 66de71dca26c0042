import LedgerCore
import Testing

@testable import CSVAdapter

@Suite("MonthNames")
struct MonthNamesTests {
    @Test(
        "names and abbreviations in six languages, any case, with or without a dot or accents",
        arguments: [
            ("January", 1), ("jän", 1), ("Févr.", 2), ("fevrier", 2), ("Maerz", 3), ("mrt", 3), ("avr", 4),
            ("mayo", 5), ("giu", 6), ("juil.", 7), ("aout", 8), ("set", 9), ("okt", 10), ("noviembre", 11),
            ("DÉC", 12),
        ] as [(String, Int)])
    func known(_ name: String, _ month: Int) {
        #expect(MonthNames.month(named: name) == month)
    }

    @Test("unknown words are not months", arguments: ["Smarch", "", "13", "janu"])
    func unknown(_ name: String) {
        #expect(MonthNames.month(named: name) == nil)
    }
}
