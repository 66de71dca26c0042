import LedgerCore

/// Which stored transactions a listing wants, in the order they are listed: by account name, then
/// booking day, then the order they were stored.
///
/// The account and the days are chosen by the SQL; the texts are matched in Swift, row by row,
/// so that case is folded by Unicode's rules (``TextSearch``), not SQLite's ASCII-only `LIKE`.
public struct TransactionQuery: Sendable, Hashable {
    /// Only this account's transactions, or every account's when `nil`.
    public var account: StoredAccount?
    /// Booking days: includes `start`, excludes `end`; open bounds take everything.
    public var window: DayWindow
    /// Only transactions whose description or memo holds this text, ignoring case.
    public var search: TextSearch?
    /// Only transactions whose payee or description starts with this text, ignoring case: the
    /// payee a source, a rule or a hand edit named, and the start of the description, where every
    /// dialect ledgerport reads puts the payee (or payer) when it names none apart.
    public var payee: TextSearch?
    /// Only transactions filed under this category or one below it (`Auto` takes `Auto`,
    /// `Auto:Fuel` and `Auto/Business`, not `Automobile`), on the row or on one of its split
    /// lines, ignoring case.
    public var category: TextSearch?
    /// At most this many transactions (the first ones in the listing's order), or all when `nil`.
    public var limit: Int?
    /// Only transactions whose id is above this one (stored since an export's mark), or all when `nil`.
    public var afterID: Int64?

    /// Creates a query; every part left out takes everything.
    public init(
        account: StoredAccount? = nil, window: DayWindow = DayWindow(start: nil, end: nil), search: TextSearch? = nil,
        payee: TextSearch? = nil, category: TextSearch? = nil, limit: Int? = nil, afterID: Int64? = nil
    ) {
        precondition(limit.map { $0 >= 0 } ?? true, "a limit counts transactions")
        self.account = account
        self.window = window
        self.search = search
        self.payee = payee
        self.category = category
        self.limit = limit
        self.afterID = afterID
    }

    /// Whether a description, memo and payee pass the text filters.
    func matches(description: String, memo: String, payee storedPayee: String?) -> Bool {
        if let payee, !payee.isPrefix(of: description), !(storedPayee.map(payee.isPrefix(of:)) ?? false) {
            return false
        }
        if let search, !search.isFound(in: description), !search.isFound(in: memo) { return false }
        return true
    }

    /// Whether a row's category, or one of its split lines' (`splitCategories`, separated by
    /// U+001F), is the query's category or one below it.
    func matches(category: String?, splitCategories: String?) -> Bool {
        guard let wanted = self.category else { return true }
        if let category, Self.files(category, under: wanted) { return true }
        guard let splitCategories else { return false }
        return splitCategories.split(separator: "\u{1F}").contains { Self.files(String($0), under: wanted) }
    }

    /// Whether any filter is applied in Swift (so that SQL's `LIMIT` can't be used).
    var filtersText: Bool { search != nil || payee != nil || category != nil }

    /// Whether `category` is `wanted` or a subcategory (`:`) or class (`/`) of it.
    private static func files(_ category: String, under wanted: TextSearch) -> Bool {
        let folded = category.lowercased()
        let prefix = wanted.text.lowercased()
        guard folded.hasPrefix(prefix) else { return false }
        let rest = folded.dropFirst(prefix.count)
        return rest.isEmpty || rest.first == ":" || rest.first == "/"
    }
}
