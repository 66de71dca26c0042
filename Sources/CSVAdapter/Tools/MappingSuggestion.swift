import Foundation
import LedgerCore

/// A first draft of a mapping for a file no mapping fits, guessed from its header and first rows.
///
/// `inspect` shows it so that supporting a new bank starts from something that nearly works: the
/// delimiter and encoding found, the header's line, a date column with its inferred pattern, the
/// amount as one signed column or a debit/credit pair (recognised by name in English, German,
/// French, Dutch and Swiss exports), the decimal separator seen in the amounts, a balance and a
/// description column. It is a guess to review, never used without the user saving it.
struct MappingSuggestion {
    /// The JSON text of the suggested mapping.
    let json: String

    /// Guesses a mapping, or `nil` when no header, date or amount column can be found.
    init?(sample: HeadSample, fileName: String) {
        guard let headerIndex = sample.likelyHeaderIndex else { return nil }
        let header = sample.rows[headerIndex].fields.map { $0.trimmingCharacters(in: .whitespaces) }
        let rows = sample.rows[(headerIndex + 1)...].filter { $0.fields.count == header.count && !$0.isBlank }
        guard !rows.isEmpty else { return nil }
        func values(_ column: Int) -> [String] {
            rows.map { $0.fields[column].trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        // The date: the first column whose values all fit one inferred pattern.
        var date: (column: Int, pattern: String)?
        for column in header.indices {
            var inference = DateInference()
            let cells = values(column)
            guard !cells.isEmpty, cells.allSatisfy({ inference.observe($0) }) else { continue }
            date = (column, inference.decided?.pattern ?? "auto")
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

        // The currency: a symbol or code in the amounts, else EUR (to review).
        let joinedSamples = samples.joined(separator: " ")
        var currency = "EUR"
        for (mark, code) in [("$", "USD"), ("£", "GBP"), ("¥", "JPY"), ("CHF", "CHF"), ("USD", "USD"), ("GBP", "GBP")]
        where joinedSamples.contains(mark) {
            currency = code
            break
        }

        var columns: [String] = []
        columns.append("\"date\": { \"column\": \(Self.quoted(header[date.column])), \"format\": \"\(date.pattern)\" }")
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
              "amounts": { "decimalSeparator": "\(decimal)" },
              "currency": "\(currency)"
            }
            """
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
