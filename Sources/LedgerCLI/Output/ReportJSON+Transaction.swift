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
        text += transaction.bookingDay.description
        text += "\",\n    \"transactionDate\": "
        if let day = transaction.transactionDay {
            text += "\""
            text += day.description
            text += "\""
        } else {
            text += "null"
        }
        text += ",\n    \"amount\": \""
        text += transaction.amount.description
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
        appendStrings(transaction.handSet.map(\.key), to: &text)
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
