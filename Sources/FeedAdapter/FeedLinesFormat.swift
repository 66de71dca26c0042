import LedgerCore

/// The JSON Lines form of a feed as a one-shot import format (`ledgerport import feed.jsonl`).
///
/// An import reads the whole file, applies every batch in order (resets, upserts, deletions:
/// see ``FeedSnapshot``) and emits the final state: each account, its transactions as drafts
/// with FinanceKit's id as external id, then its balances (booked as ledger balances, available
/// as available ones). Rejected transactions are reported as skipped records. Unlike
/// `ledgerport sync`, an import keeps no stream positions and cannot remove rows a later feed
/// deletes: use sync for a feed that keeps growing.
public struct FeedLinesFormat: FormatAdapter {
    public static let id = "feed"
    public static let summary = "FinanceKit-shaped history feed, JSON Lines form (use `sync` for the folder form)"
    public static let fileExtensions = ["jsonl"]

    /// Certain when the first line declares `"format": "financekit-history"`; a faint guess for
    /// any other `.jsonl` file.
    public static func sniff(_ head: [UInt8], fileName: String) -> Int {
        let firstLine = head.prefix { $0 != 0x0A }
        let text = String(decoding: firstLine, as: UTF8.self)
        let compact = text.filter { !$0.isWhitespace }
        if compact.hasPrefix("{"), compact.contains("\"format\":\"\(FeedManifest.format)\"") { return 100 }
        return fileName.lowercased().hasSuffix(".jsonl") ? 5 : 0
    }

    /// Creates the adapter; it takes no options (accounts are named by the feed itself).
    public init(options: AdapterOptions) throws {}

    public func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        let lines = try FeedLines(input)
        var snapshot = FeedSnapshot()
        while let batch = try lines.nextBatch() { snapshot.apply(batch) }

        let accounts = snapshot.orderedAccounts
        var kinds: [String: FeedAccount] = [:]
        for account in accounts {
            kinds[account.id] = account
            try emit(.account(account.reference))
        }
        for accountID in Set(snapshot.transactions.keys).union(snapshot.balances.keys).sorted()
        where kinds[accountID] == nil {
            let first =
                snapshot.orderedTransactions(of: accountID).first?.location
                ?? snapshot.orderedBalances(of: accountID).first?.location ?? .file(input.name)
            if snapshot.orderedTransactions(of: accountID).isEmpty && snapshot.orderedBalances(of: accountID).isEmpty {
                continue
            }
            throw FeedError(
                .invalidValue(
                    found: "account \"\(accountID)\"", expected: "an account declared by the accounts stream"),
                at: first, jsonPath: "$.accountID")
        }
        for account in accounts {
            var rejected: [FeedTransaction] = []
            for transaction in snapshot.orderedTransactions(of: account.id) {
                guard let draft = transaction.draft(accountName: account.ledgerName, kind: account.kind) else {
                    rejected.append(transaction)
                    continue
                }
                try emit(.draft(draft))
            }
            if let first = rejected.first {
                try emit(
                    .skipped(
                        SkippedRecords(
                            count: rejected.count, reason: "rejected transactions (never counted)",
                            location: first.location)))
            }
            for balance in snapshot.orderedBalances(of: account.id) {
                for statement in balance.statementBalances(accountName: account.ledgerName, kind: account.kind) {
                    try emit(.balance(statement))
                }
            }
        }
    }
}
