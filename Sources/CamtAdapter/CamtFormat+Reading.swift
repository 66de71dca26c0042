import LedgerCore

extension CamtFormat {
    /// Reads a file and describes what was read as JSON, for comparisons with other camt readers
    /// and for looking at a file without a database.
    ///
    /// The same shape as `OFXFormat.readingJSON`: `{"accounts": [{"name", "type", "currency"}],
    /// "transactions": [{"account", "date", "transactionDate", "amount", "direction", "currency",
    /// "description", "memo", "payee", "status", "externalID", "location"}], "balances":
    /// [{"account", "kind", "asOf", "amount", "currency"}], "skipped": [{"count", "reason"}],
    /// "notices": [{"count", "reason"}]}`. Amounts are decimal strings with the currency's minor
    /// digits, never floating point; a balance's amount is signed.
    ///
    /// - Parameters:
    ///   - input: the file's bytes.
    ///   - options: as for ``init(options:)``.
    /// - Returns: the JSON text.
    /// - Throws: what ``drafts(from:emit:)`` throws.
    public static func readingJSON(from input: any ByteStream, options: AdapterOptions = AdapterOptions()) throws
        -> String
    {
        var accounts: [JSONOutput] = []
        var transactions: [JSONOutput] = []
        var balances: [JSONOutput] = []
        var skipped: [JSONOutput] = []
        var notices: [JSONOutput] = []
        try CamtFormat(options: options).drafts(from: input) { event in
            switch event {
            case .account(let account):
                accounts.append(
                    .object([
                        ("name", .string(account.name)), ("type", .string(account.kind.rawValue)),
                        ("currency", .optional(account.currency?.code)),
                    ]))
            case .draft(let draft):
                transactions.append(
                    .object([
                        ("account", .string(draft.account)), ("date", .string(draft.bookingDay.description)),
                        ("transactionDate", .optional(draft.transactionDay?.description)),
                        ("amount", .string(draft.amount.description)), ("direction", .string(draft.direction.rawValue)),
                        ("currency", .string(draft.amount.currency.code)), ("description", .string(draft.description)),
                        ("memo", .string(draft.memo)), ("payee", .optional(draft.payee)),
                        ("status", .string(draft.status.rawValue)), ("externalID", .optional(draft.externalID)),
                        ("location", .string(draft.location.description)),
                    ]))
            case .balance(let balance):
                balances.append(
                    .object([
                        ("account", .string(balance.account)), ("kind", .string(balance.kind.rawValue)),
                        ("asOf", .string(balance.asOf.description)), ("amount", .string(balance.formatted)),
                        ("currency", .string(balance.currency.code)),
                    ]))
            case .skipped(let records):
                skipped.append(.object([("count", .int(Int64(records.count))), ("reason", .string(records.reason))]))
            case .notice(let notice):
                notices.append(.object([("count", .int(Int64(notice.count))), ("reason", .string(notice.reason))]))
            case .mapping, .correction:
                break
            }
        }
        let document = JSONOutput.object([
            ("accounts", .array(accounts)), ("transactions", .array(transactions)), ("balances", .array(balances)),
            ("skipped", .array(skipped)), ("notices", .array(notices)),
        ])
        return document.rendered() + "\n"
    }
}
