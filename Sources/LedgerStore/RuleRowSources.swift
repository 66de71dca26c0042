/// The account names and the imports' adapters and mappings a rules read needs, each looked up
/// once.
struct RuleRowSources {
    private var accounts: [Int64: String] = [:]
    private let imports: Statement
    private var sources: [Int64: (format: String?, mapping: String?)] = [:]
    private var last: (id: Int64, source: (format: String?, mapping: String?))?
    private let path: String

    /// Reads the account names through `database`, the connection the rows come from, and
    /// prepares the imports' look-up on it. `path` names the ledger in errors.
    init(database: Database, path: String) throws(StoreError) {
        self.path = path
        let names = try database.prepare("SELECT id, name FROM accounts").rows {
            row throws(StoreError) in (row.int(0), row.text(1))
        }
        for (id, name) in names { accounts[id] = name }
        imports = try database.prepare("SELECT adapter, mapping FROM imports WHERE id = ?")
    }

    func name(ofAccount id: Int64) throws(StoreError) -> String {
        guard let name = accounts[id] else {
            throw StoreError(.corruptValue(column: "transactions.account_id", found: String(id)), at: .file(path))
        }
        return name
    }

    /// The adapter and mapping of an import (none for a row no import stored, or an unknown id,
    /// as the outer join gave before).
    mutating func source(ofImport id: Int64?) throws(StoreError) -> (format: String?, mapping: String?) {
        guard let id else { return (nil, nil) }
        if let last, last.id == id { return last.source }
        let source: (format: String?, mapping: String?)
        if let known = sources[id] {
            source = known
        } else {
            source =
                try imports.rows([.int(id)]) { row throws(StoreError) in
                    (format: row.optionalText(0), mapping: row.optionalText(1))
                }.first ?? (nil, nil)
            sources[id] = source
        }
        last = (id, source)
        return source
    }
}
