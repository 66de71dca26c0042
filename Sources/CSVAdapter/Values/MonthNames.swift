/// Month names and abbreviations in English, German, French, Spanish, Dutch and Italian.
///
/// Lookup ignores case and a trailing dot (`Sept.`, `févr.`), and accepts the common spellings
/// without accents (`fevrier`, `aout`, `Maerz`). Every spelling means the same month in every
/// language that uses it (`mar` is March in English, Spanish and Italian), so no language needs to
/// be declared.
enum MonthNames {
    /// The month (1–12) a name means, or `nil`.
    static func month(named text: some StringProtocol) -> Int? {
        var key = text.lowercased()
        while key.hasSuffix(".") { key.removeLast() }
        return table[key]
    }

    /// Names by month, all lower-case.
    private static let names: [[String]] = [
        // January
        [
            "jan", "january", "januar", "jän", "jänner", "janv", "janvier", "ene", "enero", "januari", "gen",
            "gennaio",
        ],
        // February
        [
            "feb", "february", "februar", "févr", "fevr", "février", "fevrier", "fév", "fev", "febrero", "februari",
            "febbraio",
        ],
        // March
        ["mar", "march", "mär", "märz", "maerz", "mrz", "mars", "marzo", "mrt", "maart"],
        // April
        ["apr", "april", "avr", "avril", "abr", "abril", "aprile"],
        // May
        ["may", "mai", "mayo", "mei", "mag", "maggio"],
        // June
        ["jun", "june", "juni", "juin", "junio", "giu", "giugno"],
        // July
        ["jul", "july", "juli", "juil", "juillet", "julio", "lug", "luglio"],
        // August
        ["aug", "august", "août", "aout", "ago", "agosto", "augustus"],
        // September
        ["sep", "sept", "september", "septembre", "septiembre", "set", "setiembre", "settembre"],
        // October
        ["oct", "october", "okt", "oktober", "octobre", "octubre", "ott", "ottobre"],
        // November
        ["nov", "november", "novembre", "noviembre"],
        // December
        ["dec", "december", "dez", "dezember", "déc", "décembre", "decembre", "dic", "diciembre", "dicembre"],
    ]

    private static let table: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, spellings) in names.enumerated() {
            for spelling in spellings {
                precondition(table[spelling] == nil || table[spelling] == index + 1, "\(spelling) names two months")
                table[spelling] = index + 1
            }
        }
        return table
    }()
}
