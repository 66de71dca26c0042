/// Where the transaction rows end.
struct FooterRule: Sendable {
    /// A row whose first non-empty field starts with one of these ends the rows.
    var startsWith: [String] = []
    /// Whether a blank line after the first transaction row ends the rows.
    var afterBlankLine = false
}
