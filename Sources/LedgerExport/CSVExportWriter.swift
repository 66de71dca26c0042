import LedgerCore
import LedgerStore

/// A spreadsheet of the stored rows: a header, then one row per transaction (added entries such
/// as opening balances and assertions are journal matters and are not written).
///
/// Columns: `id, booking_day, transaction_day, amount, currency, account, journal_account,
/// counter_account, category, payee, description, memo, status, external_id, source_file,
/// source_line, source_column, transfer`. A transfer's two rows are both written, each with the
/// other account's journal name as its counter-account and the transfer's id in `transfer`, so a
/// sheet can count the transfer once. `amount` is signed (negative for money out) and, with the line and
/// column, always a bare number. A text cell is quoted when it holds `,`, `"`, CR or LF (RFC 4180),
/// and one that starts with `=`, `+`, `-`, `@`, a tab, CR or NUL gets a `'` first, so a spreadsheet
/// shows it as text instead of running it as a formula.
struct CSVExportWriter: ExportWriter {
    static let columns = [
        "id", "booking_day", "transaction_day", "amount", "currency", "account", "journal_account",
        "counter_account", "category", "payee", "description", "memo", "status", "external_id", "source_file",
        "source_line", "source_column", "transfer",
    ]

    func begin(into output: inout ExportBuffer) {
        output.append(Self.columns.joined(separator: ","))
        output += "\n"
    }

    func write(_ entry: JournalEntry, row: ExportRow?, into output: inout ExportBuffer) throws(ExportError) {
        guard let row, entry.kind == .row else { return }
        output.append(Int(row.id))
        output += ","
        output.append(row.bookingDay)
        output += ","
        if let day = row.transactionDay { output.append(day) }
        output += ","
        appendAmount(row.signedMinorUnits, digits: row.currency.minorDigits, to: &output)
        output += ","
        Self.appendCell(row.currency.code, to: &output)
        output += ","
        Self.appendCell(row.account, to: &output)
        output += ","
        Self.appendCell(entry.postings.first?.account ?? "", to: &output)
        output += ","
        Self.appendCell(entry.postings.count == 2 ? entry.postings[1].account : "", to: &output)
        output += ","
        Self.appendCell(row.category, to: &output)
        output += ","
        Self.appendCell(row.payee, to: &output)
        output += ","
        Self.appendCell(row.description, to: &output)
        output += ","
        Self.appendCell(row.memo, to: &output)
        output += ","
        output.append(row.status.rawValue)
        output += ","
        Self.appendCell(row.externalID, to: &output)
        output += ","
        Self.appendCell(row.sourceFile ?? "", to: &output)
        output += ","
        if row.sourceFile != nil, row.sourceLine > 0 { output.append(row.sourceLine) }
        output += ","
        if row.sourceFile != nil, row.sourceColumn > 0 { output.append(row.sourceColumn) }
        output += ","
        if let transfer = entry.transferID { output.append(Int(transfer)) }
        output += "\n"
    }

    func finish(into output: inout ExportBuffer) {}

    /// A text cell: `'` before a leading formula character, quoted when it needs to be.
    static func appendCell(_ text: String, to output: inout ExportBuffer) {
        var text = text
        text.withUTF8 { bytes in appendCell(bytes, to: &output) }
    }

    /// A text cell from UTF-8 bytes (NULL: an empty cell).
    static func appendCell(_ bytes: UnsafeBufferPointer<UInt8>?, to output: inout ExportBuffer) {
        guard let bytes else { return }
        let guarded: Bool
        switch bytes.first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D, 0x00:
            guarded = true
        default:
            guarded = false
        }
        let needsQuotes = bytes.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        }
        if !needsQuotes && !guarded {
            output.append(bytes)
            return
        }
        if needsQuotes { output.append(ascii: 0x22) }
        if guarded { output.append(ascii: 0x27) }
        for byte in bytes {
            if byte == 0x22 { output.append(ascii: 0x22) }
            output.append(ascii: byte)
        }
        if needsQuotes { output.append(ascii: 0x22) }
    }
}
