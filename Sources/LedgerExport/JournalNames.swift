import Foundation
import LedgerCore
import LedgerStore

/// Which journal account each ledger account and each category is written as.
///
/// Chosen names come from `export.json` in the config folder (`accounts` and `categories`, each
/// an object of name → journal name; `accounts set ACCOUNT --journal-name` writes the first);
/// every other name is a default that hledger, ledger and beancount all read:
///
/// | row | journal account |
/// | --- | --- |
/// | an asset account `Joint checking` | `Assets:Bank:Joint-Checking` |
/// | a liability account `Apple Card` | `Liabilities:Bank:Apple-Card` |
/// | a debit filed under `Auto:Fuel` | `Expenses:Auto:Fuel` |
/// | a credit filed under `Salary` | `Income:Salary` |
/// | a row filed under `[Savings]` (a transfer) | `Equity:Transfers` |
/// | a debit or credit with no category | `Expenses:Unknown` / `Income:Unknown` |
public struct JournalNames: Sendable, Hashable {
    /// Chosen journal names of ledger accounts, by the ledger account's name.
    public var accounts: [String: String]
    /// Chosen journal names of categories, by the category as stored.
    public var categories: [String: String]
    /// The file the chosen names were read from, for messages.
    public var source: String?

    /// The account that balances an opening balance.
    public static let openingBalances = "Equity:Opening-Balances"
    /// The account a transfer between two ledger accounts passes through (see docs/export.md).
    public static let transfers = "Equity:Transfers"

    public init(accounts: [String: String] = [:], categories: [String: String] = [:]) {
        self.accounts = accounts
        self.categories = categories
    }

    /// The journal name of each ledger account, by account id: the chosen one, else the default;
    /// two defaults that come out the same get `-2`, `-3`, … in the order of the accounts' ids.
    public func bankAccounts(_ ledgerAccounts: [StoredAccount]) -> [Int64: String] {
        var result: [Int64: String] = [:]
        var taken = Set(ledgerAccounts.compactMap { accounts[$0.name] })
        for account in ledgerAccounts.sorted(by: { $0.id < $1.id }) {
            if let chosen = accounts[account.name] {
                result[account.id] = chosen
                continue
            }
            let base = Self.defaultName(of: account)
            var name = base
            var suffix = 2
            while taken.contains(name) {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            result[account.id] = name
        }
        return result
    }

    /// The default journal name of a ledger account.
    public static func defaultName(of account: StoredAccount) -> String {
        let root = account.kind == .liability ? "Liabilities:Bank:" : "Assets:Bank:"
        return root + JournalName.component(account.name)
    }

    /// The journal account on the other side of a row (or split line) filed under `category`.
    public func counterAccount(category: String?, direction: Direction) -> String {
        if let category, let chosen = categories[category] { return chosen }
        let root = direction == .debit ? "Expenses" : "Income"
        guard let category, category.contains(where: { !$0.isWhitespace }) else { return root + ":Unknown" }
        if category.hasPrefix("[") && category.hasSuffix("]") { return Self.transfers }
        return JournalName.category(category, under: root)
    }
}

extension JournalNames {
    /// Reads `export.json`: `{"accounts": {"Checking": "Assets:Bank:Checking"}, "categories": {…}}`.
    ///
    /// - Throws: ``ExportError`` located in the file when it isn't JSON of that shape.
    public static func read(_ bytes: [UInt8], path: String) throws(ExportError) -> JournalNames {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ExportError(
                .badConfiguration("\(error.reason); expected a JSON object"),
                at: SourceLocation(file: path, line: error.line, column: error.column))
        }
        guard case .object(let members) = root.kind else {
            throw ExportError(
                .badConfiguration("found \(root.summary); expected an object with \"accounts\" and \"categories\""),
                at: root.location(in: path))
        }
        var names = JournalNames()
        names.source = path
        for member in members {
            switch member.key {
            case "accounts": names.accounts = try table(member.value, path: path)
            case "categories": names.categories = try table(member.value, path: path)
            default:
                throw ExportError(
                    .badConfiguration("unknown key \"\(member.key)\"; expected \"accounts\" or \"categories\""),
                    at: SourceLocation(file: path, line: member.keyLine, column: member.keyColumn))
            }
        }
        return names
    }

    /// The file's text: both tables, keys sorted, two spaces of indent, a final line feed.
    public func rendered() -> String {
        func table(_ entries: [String: String]) -> JSONOutput {
            .object(entries.sorted { $0.key < $1.key }.map { ($0.key, JSONOutput.string($0.value)) })
        }
        return JSONOutput.object([("accounts", table(accounts)), ("categories", table(categories))]).rendered()
            + "\n"
    }

    private static func table(_ value: JSONValue, path: String) throws(ExportError) -> [String: String] {
        guard case .object(let members) = value.kind else {
            throw ExportError(
                .badConfiguration("found \(value.summary); expected an object of name → journal account"),
                at: value.location(in: path))
        }
        var result: [String: String] = [:]
        for member in members {
            guard case .string(let name) = member.value.kind else {
                throw ExportError(
                    .badConfiguration("\"\(member.key)\" maps to \(member.value.summary); expected a journal account"),
                    at: member.value.location(in: path))
            }
            if let problem = JournalName.problem(with: name, for: .hledger) {
                throw ExportError(
                    .badConfiguration("\"\(name)\" is not a journal account: \(problem)"),
                    at: member.value.location(in: path))
            }
            result[member.key] = name
        }
        return result
    }
}
