/// A conditional rule: when every condition holds, skip the row or set some of its fields.
///
/// A mapping's rules are tried in order and the first whose conditions all hold wins; see
/// `docs/mappings.md` ("Rules") for where they run among the other steps of reading a row.
struct RowRule: Sendable {
    enum Action: Sendable {
        /// The row is no transaction: counted as skipped, like a `"skip"` rule's rows.
        case skip
        /// The row is read, with these fields set over what the columns say.
        case set(FieldSettings)
    }

    /// All must hold; none means every row.
    var conditions: [RowCondition]
    var action: Action
}
