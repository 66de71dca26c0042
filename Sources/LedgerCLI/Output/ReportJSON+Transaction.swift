import LedgerCore
import LedgerStore

extension ReportJSON {
    /// Appends a transaction as ``transaction(_:)`` renders it inside a listing (indented by two
    /// spaces), without building the JSON value first: `transactions --json` writes a million.
    ///
    /// The text is the same, byte for byte (`TransactionsCommandTests` compares the two).
    static func appendTransaction(_ transaction: StoredTransaction, to text: inout String) {
        text += "  {\n    \"id\": "
        text += String(transaction.id)
        text += ",\n    \"account\": "
        JSONText.appendQuoted(transaction.account, to: &text)
        text += ",\n    \"date\": \""
        appendDay(transaction.bookingDay, to: &text)
        text += "\",\n    \"transactionDate\": "
        if let day = transaction.transactionDay {
            text += "\""
            appendDay(day, to: &text)
            text += "\""
        } else {
            text += "null"
        }
        text += ",\n    \"amount\": \""
        appendDecimal(transaction.amount.minorUnits, currency: transaction.amount.currency, to: &text)
        text += "\",\n    \"direction\": \""
        text += transaction.direction.rawValue
        text += "\",\n    \"currency\": "
        JSONText.appendQuoted(transaction.amount.currency.code, to: &text)
        text += ",\n    \"description\": "
        JSONText.appendQuoted(transaction.description, to: &text)
        text += ",\n    \"memo\": "
        JSONText.appendQuoted(transaction.memo, to: &text)
        text += ",\n    \"payee\": "
        appendOptional(transaction.payee, to: &text)
        text += ",\n    \"category\": "
        appendOptional(transaction.category, to: &text)
        text += ",\n    \"note\": "
        appendOptional(transaction.note, to: &text)
        text += ",\n    \"tags\": "
        appendStrings(transaction.tags, to: &text)
        text += ",\n    \"counterAccount\": "
        appendOptional(transaction.counterAccount, to: &text)
        text += ",\n    \"rules\": "
        appendStrings(transaction.ruleIDs, to: &text)
        text += ",\n    \"setByHand\": "
        if transaction.handSet.isEmpty {
            text += "[]"
        } else {
            appendStrings(transaction.handSet.map(\.key), to: &text)
        }
        text += ",\n    \"splits\": "
        if transaction.splits.isEmpty {
            text += "[]"
        } else {
            let splits = JSONOutput.array(
                transaction.splits.map { split in
                    .object([
                        ("category", .optional(split.category)), ("memo", .string(split.memo)),
                        ("amount", .string(split.amount.description)),
                        ("direction", .string(split.direction.rawValue)),
                    ])
                })
            splits.write(to: &text, indent: "    ")
        }
        text += ",\n    \"status\": \""
        text += transaction.status.rawValue
        text += "\",\n    \"externalID\": "
        appendOptional(transaction.externalID, to: &text)
        text += "\n  }"
    }

    /// `YYYY-MM-DD`, as ``Day/description`` writes it, without the array it builds.
    private static func appendDay(_ day: Day, to text: inout String) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
            let year = day.year
            buffer[0] = UInt8(48 + year / 1000 % 10)
            buffer[1] = UInt8(48 + year / 100 % 10)
            buffer[2] = UInt8(48 + year / 10 % 10)
            buffer[3] = UInt8(48 + year % 10)
            buffer[4] = 0x2D
            buffer[5] = UInt8(48 + day.month / 10)
            buffer[6] = UInt8(48 + day.month % 10)
            buffer[7] = 0x2D
            buffer[8] = UInt8(48 + day.day / 10)
            buffer[9] = UInt8(48 + day.day % 10)
            text += String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self)
        }
    }

    /// A number of minor units as ``Money/format(_:currency:)`` writes it (`-12.34`, `0.05`,
    /// `1200`), built in place: the listing writes one per row.
    static func appendDecimal(_ units: Int64, currency: Currency, to text: inout String) {
        // 19 digits, a sign, a point and the zeros before a short fraction fit in 48 bytes;
        // more minor digits than that are left to the general formatting.
        let digits = currency.minorDigits
        guard digits <= 24 else {
            text += Money.format(units, currency: currency)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var magnitude = units.magnitude
            var position = 48
            var written = 0
            repeat {
                if digits > 0 && written == digits {
                    position -= 1
                    buffer[position] = 0x2E
                }
                position -= 1
                buffer[position] = UInt8(48 + magnitude % 10)
                magnitude /= 10
                written += 1
            } while magnitude > 0 || written <= digits
            if units < 0 {
                position -= 1
                buffer[position] = 0x2D
            }
            text += String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<48]), as: UTF8.self)
        }
    }

    private static func appendStrings(_ values: [String], to text: inout String) {
        if values.isEmpty {
            text += "[]"
        } else {
            JSONOutput.array(values.map(JSONOutput.string)).write(to: &text, indent: "    ")
        }
    }

    private static func appendOptional(_ value: String?, to text: inout String) {
        if let value { JSONText.appendQuoted(value, to: &text) } else { text += "null" }
    }
}
