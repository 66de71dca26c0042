import Foundation
import LedgerCore

/// A first draft of a mapping for a file no mapping fits, guessed from its header and first rows.
///
/// `inspect` shows it so that supporting a new bank starts from something that nearly works: the
/// delimiter and encoding found, the header's line, a date column with its inferred pattern, the
/// amount as one signed column or a debit/credit pair (recognised by name in English, German,
/// French, Dutch and Swiss exports), the decimal separator seen in the amounts, a balance and a
/// description column. It is a guess to review, never used without the user saving it.
///
/// It never leaves a choice for the import to fail on: the date pattern is the one the rows
/// decide, else a named one with the alternative in ``decisions``; a currency appears only when
/// the amounts show one, else ``decisions`` says that the import needs `--currency`.
struct MappingSuggestion {
    /// The JSON text of the suggested mapping.
    let json: String
    /// What the file doesn't tell and the user has to decide, one sentence each.
    let decisions: [String]

    /// Guesses a mapping, or `nil` when no header, date or amount column can be found.
    init?(sample: HeadSample, fileName: String) {
        guard let headerIndex = sample.likelyHeaderIndex else { return nil }
        let header = sample.rows[headerIndex].fields.map { $0.trimmingBlanks() }
        let rows = sample.rows[(headerIndex + 1)...].filter { $0.fields.count == header.count && !$0.isBlank }
        guard !rows.isEmpty else { return nil }
        func values(_ column: Int) -> [String] {
            rows.map { $0.fields[column].trimmingBlanks() }.filter { !$0.isEmpty }
        }

        // The date: the first column whose values all fit one inferred pattern.
        var date: (column: Int, candidates: [String])?
        for column in header.indices {
            var inference = DateInference()
            let cells = values(column)
            guard !cells.isEmpty, cells.allSatisfy({ inference.observe($0) }), !inference.candidates.isEmpty else {
                continue
            }
            date = (column, inference.candidates.map(\.pattern))
            break
        }
        guard let date else { return nil }

        // Amount columns by name, else the first numeric column after the date.
        func named(_ words: [String]) -> Int? {
            header.indices.first { column in
                let name = header[column].lowercased()
                return words.contains { name == $0 || name.hasPrefix($0 + " ") }
            }
        }
        let debit = named(["debit", "debit amount", "paid out", "withdrawals", "soll", "belastung", "débit", "af"])
        let credit = named(["credit", "credit amount", "paid in", "deposits", "haben", "gutschrift", "crédit", "bij"])
        let balance = named(["balance", "running balance", "saldo", "solde", "kontostand"])
        var amount = named(["amount", "betrag", "montant", "bedrag", "net", "importe", "importo"])
        let numeric = header.indices.filter { column in
            column != date.column && column != balance && !values(column).isEmpty
                && values(column).allSatisfy { MappingSuggestion.looksNumeric($0) }
        }
        if amount == nil && (debit == nil || credit == nil) { amount = numeric.first }
        let amountColumns = amount.map { [$0] } ?? [debit, credit].compactMap { $0 }
        guard !amountColumns.isEmpty else { return nil }

        // The decimal separator: the last separator of the amounts' values.
        let samples = amountColumns.flatMap(values)
        let commas = samples.filter { MappingSuggestion.lastSeparator($0) == "," }.count
        let decimal = commas * 2 > samples.count ? "," : "."

        // The description: the text column with the longest values.
        let used = Set([date.column, balance].compactMap { $0 } + amountColumns)
        let description = header.indices.filter { !used.contains($0) && !numeric.contains($0) }
            .max { values($0).map(\.count).reduce(0, +) < values($1).map(\.count).reduce(0, +) }

        var decisions: [String] = []
        // Rows that fit several date orders (every day 12 or less) leave the order to the user:
        // day first where amounts use a decimal comma, as in the countries that write them so.
        let pattern = Self.pattern(among: date.candidates, dayFirst: decimal == ",")
        if date.candidates.count > 1 {
            decisions.append(
                "the dates in column \(Self.quoted(header[date.column])) fit "
                    + date.candidates.joined(separator: " and ")
                    + " (every day seen is 12 or less); the suggestion says \(pattern): check it against a date you know"
            )
        }

        // The currency: a symbol or code in the amounts, else left to the user.
        let joinedSamples = samples.joined(separator: " ")
        var currency: String?
        for (mark, code) in [
            ("$", "USD"), ("£", "GBP"), ("¥", "JPY"), ("€", "EUR"), ("CHF", "CHF"), ("USD", "USD"),
            ("GBP", "GBP"), ("EUR", "EUR"),
        ]
        where joinedSamples.contains(mark) {
            currency = code
            break
        }
        if currency == nil {
            decisions.append(
                "the file shows no currency: import with --currency CODE, or add \"currency\": \"EUR\" "
                    + "(or your ISO 4217 code) to the mapping")
        }
        decisions.append(
            "the file names no account: import with --account NAME, or add \"account\": { \"name\": \"NAME\" } "
                + "to the mapping")
        self.decisions = decisions

        var columns: [String] = []
        columns.append("\"date\": { \"column\": \(Self.quoted(header[date.column])), \"format\": \"\(pattern)\" }")
        if let description { columns.append("\"description\": \(Self.quoted(header[description]))") }
        if let amount {
            columns.append("\"amount\": \(Self.quoted(header[amount]))")
        } else if let debit, let credit {
            columns.append(
                "\"amount\": { \"debit\": \(Self.quoted(header[debit])), \"credit\": \(Self.quoted(header[credit])) }")
        }
        if let balance { columns.append("\"balance\": \(Self.quoted(header[balance]))") }
        let signature = ([date.column] + amountColumns + [description, balance].compactMap { $0 }).map {
            Self.quoted(header[$0])
        }
        let delimiter = sample.dialect.delimiter == 0x09 ? "tab" : String(UnicodeScalar(sample.dialect.delimiter))
        var file = ["\"delimiter\": \(Self.quoted(delimiter))"]
        if sample.encodingGuess == .windows1252 { file.insert("\"encoding\": \"windows-1252\"", at: 0) }
        let base = ((fileName as NSString).lastPathComponent as NSString).deletingPathExtension
        json = """
            {
              "description": "Suggested for \(base); review every line, then run ledgerport mappings check",
              "version": 1,
              "match": { "header": [\(signature.joined(separator: ", "))] },
              "file": { \(file.joined(separator: ", ")) },
              "columns": {
                \(columns.joined(separator: ",\n    "))
              },
              "amounts": { "decimalSeparator": "\(decimal)" }\(currency.map { ",\n  \"currency\": \"\($0)\"" } ?? "")
            }
            """
    }

    /// The date pattern to suggest among those the rows fit: the only one, else day-first or
    /// month-first as asked, else the first.
    private static func pattern(among candidates: [String], dayFirst: Bool) -> String {
        guard candidates.count > 1 else { return candidates.first ?? "yyyy-MM-dd" }
        let ordered = candidates.first { candidate in
            guard let day = candidate.range(of: "d"), let month = candidate.range(of: "M") else { return false }
            return (day.lowerBound < month.lowerBound) == dayFirst
        }
        return ordered ?? candidates[0]
    }

    /// Whether a cell looks like an amount: digits with separators, signs and currency marks.
    static func looksNumeric(_ text: String) -> Bool {
        var digits = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType != nil && scalar.isASCII {
                digits += 1
            } else if !" .,'’-+()$€£¥\u{00A0}\u{202F}".unicodeScalars.contains(scalar), !scalar.properties.isAlphabetic
            {
                return false
            }
        }
        return digits > 0 && text.unicodeScalars.filter { $0.properties.isAlphabetic }.count <= 3
    }

    /// The last `.` or `,` in a cell, if it is followed by one to three digits only.
    static func lastSeparator(_ text: String) -> Character? {
        guard let index = text.lastIndex(where: { $0 == "." || $0 == "," }) else { return nil }
        let after = text[text.index(after: index)...].filter(\.isNumber)
        return (1...3).contains(after.count) ? text[index] : nil
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
