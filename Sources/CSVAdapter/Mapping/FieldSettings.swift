import LedgerCore

/// Fields set by a mapping's `"set"` or a rule's: each one given replaces what the columns say.
struct FieldSettings: Sendable {
    var description: FieldTemplate?
    var memo: FieldTemplate?
    /// The direction whatever the amount's sign.
    var direction: Direction?
    /// Whether the amount's direction (after `"invert"`) is reversed.
    var negatesAmount = false
    var status: TransactionStatus?
    /// The account the row goes to (after the user's `--account`, before everything else).
    var account: FieldTemplate?
    /// The currency of the row's amounts, instead of its currency column or the mapping's.
    var currency: Currency?

    /// These settings with every field `other` sets replaced by its value.
    func overridden(by other: FieldSettings) -> FieldSettings {
        var result = self
        if let description = other.description { result.description = description }
        if let memo = other.memo { result.memo = memo }
        if other.direction != nil || other.negatesAmount {
            result.direction = other.direction
            result.negatesAmount = other.negatesAmount
        }
        if let status = other.status { result.status = status }
        if let account = other.account { result.account = account }
        if let currency = other.currency { result.currency = currency }
        return result
    }
}
