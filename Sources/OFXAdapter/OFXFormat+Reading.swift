import LedgerCore

extension OFXFormat {
    /// Reads a file and describes what was read as JSON, for comparisons with other OFX readers
    /// (`scripts/ofx_differential.py`) and for looking at a file without a database.
    ///
    /// The shape follows the CLI's `transactions --json` contract, wrapped with the accounts and
    /// balances: `{"accounts": [{"name", "type", "currency"}], "transactions": [{"account",
    /// "date", "transactionDate", "amount", "direction", "currency", "description", "memo",
    /// "status", "externalID", "location"}], "balances": [{"account", "kind", "asOf", "amount",
    /// "currency"}], "corrections": [{"account", "corrects", "action": "delete"|"replace"}] (a
    /// replacement's new row is the next transaction), "skipped": [{"count", "reason"}], "notices": [{"count", "reason"}]}`. Amounts are
    /// decimal strings with the currency's minor digits, never floating point.
    ///
    /// - Parameters:
    ///   - input: the file's bytes.
    ///   - options: as for ``init(options:)``.
    /// - Returns: the JSON text.
    /// - Throws: what ``drafts(from:emit:)`` throws.
    public static func readingJSON(from input: any ByteStream, options: AdapterOptions = AdapterOptions()) throws
        -> String
    {
        var accounts: [String] = []
        var transactions: [String] = []
        var balances: [String] = []
        var corrections: [String] = []
        var skipped: [String] = []
        var notices: [String] = []
        try OFXFormat(options: options).drafts(from: input) { event in
            switch event {
            case .account(let account):
                accounts.append(
                    object([
                        ("name", string(account.name)), ("type", string(account.kind.rawValue)),
                        ("currency", account.currency.map { string($0.code) } ?? "null"),
                    ]))
            case .draft(let draft):
                transactions.append(json(draft))
            case .balance(let balance):
                balances.append(
                    object([
                        ("account", string(balance.account)), ("kind", string(balance.kind.rawValue)),
                        ("asOf", string(balance.asOf.description)), ("amount", string(balance.formatted)),
                        ("currency", string(balance.currency.code)),
                    ]))
            case .correction(let correction):
                let fields: [(String, String)] = [
                    ("account", string(correction.account)), ("corrects", string(correction.correctedExternalID)),
                    ("action", string(correction.isReplacement ? "replace" : "delete")),
                ]
                corrections.append(object(fields))
            case .mapping:
                break
            case .skipped(let records):
                skipped.append(object([("count", String(records.count)), ("reason", string(records.reason))]))
            case .notice(let notice):
                notices.append(object([("count", String(notice.count)), ("reason", string(notice.reason))]))
            }
        }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",\n") + "]" }
        return object([
            ("accounts", list(accounts)), ("transactions", list(transactions)), ("balances", list(balances)),
            ("corrections", list(corrections)), ("skipped", list(skipped)),
            ("notices", list(notices)),
        ]) + "\n"
    }

    // MARK: - Private helpers

    private static func json(_ draft: Draft) -> String {
        object([
            ("account", string(draft.account)), ("date", string(draft.bookingDay.description)),
            ("transactionDate", draft.transactionDay.map { string($0.description) } ?? "null"),
            ("amount", string(draft.amount.description)), ("direction", string(draft.direction.rawValue)),
            ("currency", string(draft.amount.currency.code)), ("description", string(draft.description)),
            ("memo", string(draft.memo)), ("status", string(draft.status.rawValue)),
            ("externalID", draft.externalID.map(string) ?? "null"),
            ("location", string(draft.location.description)),
        ])
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func string(_ text: String) -> String { JSONText.quoted(text) }
}
