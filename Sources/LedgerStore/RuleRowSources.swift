/// The account names and the imports' adapters and mappings a rules read needs, each looked up
/// once, whichever store the rows come from.
struct RuleRowSources {
    /// An import's adapter and mapping, `nil` for an unknown import.
    typealias ImportLookUp = (Int64) throws(StoreError) -> (format: String?, mapping: String?)?

    private var accounts: [Int64: String] = [:]
    private let lookUp: ImportLookUp
    private var sources: [Int64: (format: String?, mapping: String?)] = [:]
    private var last: (id: Int64, source: (format: String?, mapping: String?))?
    private let path: String

    /// The accounts' names by id, and how an import's adapter and mapping are read (once per
    /// import). `path` names the ledger in errors.
    init(accounts: [Int64: String], path: String, lookUp: @escaping ImportLookUp) {
        self.accounts = accounts
        self.path = path
        self.lookUp = lookUp
    }

    /// Reads the account names through `database`, the connection the rows come from, and
    /// prepares the imports' look-up on it. `path` names the ledger in errors.
    init(database: Database, path: String) throws(StoreError) {
        let names = try database.prepare("SELECT id, name FROM accounts").rows {
            row throws(StoreError) in (row.int(0), row.text(1))
        }
        let imports = try database.prepare("SELECT adapter, mapping FROM imports WHERE id = ?")
        self.init(accounts: Dictionary(names, uniquingKeysWith: { _, last in last }), path: path) {
            id throws(StoreError) in
            try imports.rows([.int(id)]) { row throws(StoreError) in
                (format: row.optionalText(0), mapping: row.optionalText(1))
            }.first
        }
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
            source = try lookUp(id) ?? (nil, nil)
            sources[id] = source
        }
        last = (id, source)
        return source
    }
}
