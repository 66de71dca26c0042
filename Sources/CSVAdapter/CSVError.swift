import LedgerCore

/// Bad input found while reading a CSV file or a mapping, with where it happened.
///
/// `description` reads like a compiler diagnostic:
///
///     jan.csv:14:12: error: column "Amount": "12,3.4" is not an amount; expected digits with one '.'
public struct CSVError: LocatedError, Hashable {
    /// Why the input was refused.
    public enum Reason: Sendable, Hashable {
        /// The file has no bytes, or only blank lines.
        case emptyFile
        /// The header was found but no transaction row follows it.
        case noRows(header: [String])
        /// A row has a different number of fields from the header.
        case raggedRow(expected: Int, found: Int)
        /// A quoted field is still open at the end of the file; it opened at `line`.
        case unterminatedQuote(openedOnLine: Int)
        /// Text follows a closing quote before the next delimiter.
        case textAfterClosingQuote(delimiter: String)
        /// Bytes that the encoding cannot hold (`0xFF` in UTF-8).
        case invalidBytes(encoding: String, found: String)
        /// A value in a column could not be read.
        case badValue(column: String, found: String, expected: String)
        /// A date column whose days are all 12 or less under `"auto"`.
        case ambiguousDates(column: String, candidates: [String])
        /// No row within the first lines holds the columns the mapping needs. `found` is the row
        /// most like a header; `foundIsCut` says it runs on past the file's first 64 KiB, so that
        /// `found` holds only its first columns.
        case headerMismatch(
            mapping: String, missing: [String], expected: [String], found: [String], foundIsCut: Bool = false)
        /// A mapping file is not valid: JSON syntax, an unknown key, a wrong type.
        case invalidMapping(String)
        /// A named mapping was not found in any mapping folder.
        case mappingNotFound(name: String, searched: [String])
        /// No mapping's header signature matches the file; `closest` is the mapping whose
        /// columns the file has most of, with the ones it lacks.
        case noMatchingMapping(header: [String], tried: Int, closest: String?, missing: [String])
        /// A row names a currency different from the account's.
        case currencyChanged(account: String, expected: String, found: String)
        /// A row holds more bytes than a bank export's row ever does.
        case rowTooLong(limit: Int)
        /// A text field holds a NUL byte, which no bank's text contains.
        case nulInText
        /// The header shows a file the mapping must not read (a journal export with an account
        /// per posting is not one account's statement): what it looks like, and what to do.
        case refusedFile(mapping: String, looksLike: String, instead: String)
    }

    /// Where the problem is: the field's line and byte column, or a mapping file's line.
    public var location: SourceLocation
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// What was found and what was expected, without the location.
    /// An empty file, a header no mapping reads, an invalid or missing mapping: the file failed
    /// before its first row.
    public var precedesRecords: Bool {
        switch reason {
        case .emptyFile, .noRows, .headerMismatch, .invalidMapping, .mappingNotFound, .noMatchingMapping,
            .refusedFile:
            return true
        default:
            return false
        }
    }

    public var message: String {
        switch reason {
        case .emptyFile:
            return "the file is empty; expected a header line and transaction rows"
        case .noRows(let header):
            return "the header (\(Self.list(header))) is followed by no transaction rows; expected at least one"
        case .raggedRow(let expected, let found):
            return "the row has \(found) field\(found == 1 ? "" : "s"); expected \(expected) like the header"
        case .unterminatedQuote(let line):
            return "the quoted field opened on line \(line) is never closed; expected a closing '\"'"
        case .textAfterClosingQuote(let delimiter):
            return "text follows a closing quote; expected '\(delimiter)' or the end of the line"
        case .invalidBytes(let encoding, let found):
            return "bytes \(found) are not valid \(encoding); expected text in \(encoding) "
                + "(declare \"encoding\" in the mapping if the file uses another)"
        case .badValue(let column, let found, let expected):
            return "column \"\(column)\": \(quotedExcerpt(found)) is not \(expected)"
        case .ambiguousDates(let column, let candidates):
            return "column \"\(column)\": every day in the file is 12 or less, so the date order is ambiguous "
                + "(\(candidates.joined(separator: " or "))); expected the mapping to declare it, "
                + "e.g. \"date\": {\"column\": \"\(column)\", \"format\": \"\(candidates.first ?? "dd/MM/yyyy")\"}"
        case .headerMismatch(let mapping, let missing, let expected, let found, let foundIsCut):
            let foundText: String
            if found.isEmpty {
                foundText = "found no header line"
            } else if foundIsCut {
                foundText =
                    "found a header line longer than the first \(PreparedInput.headSize / 1024) KiB, "
                    + "its first \(found.count) columns: \(Self.list(found))"
            } else if found.count > Self.listLimit {
                foundText = "found \(found.count) columns: \(Self.list(found))"
            } else {
                foundText = "found: \(Self.list(found))"
            }
            return "mapping \"\(mapping)\" needs column\(missing.count == 1 ? "" : "s") \(Self.list(missing)) "
                + "that the file lacks; expected a header like: \(Self.list(expected)); \(foundText)"
        case .invalidMapping(let text):
            return text
        case .mappingNotFound(let name, let searched):
            let folders =
                searched.isEmpty ? "no mapping folders were given" : "searched " + searched.joined(separator: ", ")
            return "no mapping named \"\(name)\"; expected a mapping name or a path to a .json file (\(folders))"
        case .noMatchingMapping(let header, let tried, let closest, let missing):
            let mappings = "\(tried) mapping\(tried == 1 ? "" : "s")"
            // No header at all: the start of the file holds no row of text (one endless line, NULs).
            var text =
                header.isEmpty
                ? "found no header line at the start of the file for the \(mappings) to match; "
                : "no mapping matches the header (\(Self.list(header))) among \(mappings); "
            text += "expected a header a mapping knows, or --mapping NAME|PATH"
            if let closest, !missing.isEmpty {
                text += "; the closest, \"\(closest)\", lacks \(Self.list(missing))"
            }
            return text
        case .nulInText:
            return "NUL byte in a text field; expected text (a UTF-16 file needs its byte-order mark "
                + "or \"encoding\" in the mapping)"
        case .rowTooLong(let limit):
            return "the row is longer than \(limit / 1024 / 1024) MiB; expected rows of a bank export, "
                + "a few hundred bytes each (is the file CSV, and are its quotes balanced?)"
        case .currencyChanged(let account, let expected, let found):
            return "the row's currency \(found) differs from account \"\(account)\"'s \(expected); "
                + "expected one currency per account (use an account column or separate files)"
        case .refusedFile(let mapping, let looksLike, let instead):
            return "this file looks like \(looksLike), not one account's statement; mapping \"\(mapping)\" "
                + "refuses it. \(instead)"
        }
    }

    /// The most names a list in a message shows.
    static let listLimit = 10

    /// Names in quotes, separated by commas; past ``listLimit`` names, the first ones and how many
    /// more: `"a", "b", …, "j", … (99990 more)`. Each name is quoted as an excerpt.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(listLimit).map { quotedExcerpt($0) }.joined(separator: ", ")
        guard names.count > listLimit else { return shown }
        return shown + ", … (\(names.count - listLimit) more)"
    }
}
