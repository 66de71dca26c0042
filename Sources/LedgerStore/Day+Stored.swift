import LedgerCore

extension Day {
    /// A day read back from a ledger's column (`YYYY-MM-DD`), whichever store holds it.
    ///
    /// - Throws: ``StoreError`` `.corruptValue` naming the column and the text found, located at
    ///   the ledger (its file, or the server and the ledger's name).
    init(stored text: String, column: String, in location: String) throws(StoreError) {
        guard let day = Day(iso: text) else {
            throw StoreError(.corruptValue(column: column, found: text), at: .file(location))
        }
        self = day
    }
}
