import Foundation
import LedgerCore
import LedgerExport
import LedgerStore
import LedgerTestSupport
import Testing

/// A ledger of the bundled samples, for the export tests: several formats, assets and a card,
/// checkpoints, categories, split rows, transfers and pending rows.
enum ExportSamples {
    /// The import and sync lines, paths from the repository root.
    static let lines: [[String]] = [
        ["import", "samples/checking.csv", "--account", "Checking", "--currency", "USD"],
        ["import", "samples/ofx/checking-v102.ofx"],
        ["import", "samples/ofx/card-v103.ofx"],
        ["import", "samples/qif/quicken-all-accounts.qif", "--currency", "USD"],
        ["import", "samples/csv/de-girokonto.csv", "--account", "Girokonto Müller & Söhne"],
        ["import", "samples/camt/de-girokonto-2024-03.xml"],
        ["import", "samples/mt940/nl-rabobank-2024-03.sta"],
        ["sync", "samples/feed"],
    ]

    /// A scratch ledger holding every sample.
    static func ledger() throws -> CLIHarness {
        let cli = try CLIHarness()
        for line in lines {
            let arguments = line.map { argument in
                argument.hasPrefix("samples/") ? Fixture.repositoryRoot.appendingPathComponent(argument).path : argument
            }
            let code = cli.run(arguments)
            #expect(code == 0, "\(line.joined(separator: " ")): \(cli.errors)")
        }
        return cli
    }

    /// Each account's balance as `accounts --json` shows it, in minor units, with its currency,
    /// by its journal name.
    static func balances(_ cli: CLIHarness) throws -> [String: (amount: Int64, currency: Currency)] {
        #expect(cli.run("accounts", "--json") == 0)
        let list = try #require(try cli.json() as? [[String: Any]])
        var stored: [StoredAccount] = []
        var amounts: [Int64: (amount: Int64, currency: Currency)] = [:]
        for (index, item) in list.enumerated() {
            let name = try #require(item["name"] as? String)
            let code = try #require(item["currency"] as? String)
            let currency = try #require(Currency(code: code))
            let type = try #require(item["type"] as? String)
            let kind = try #require(AccountKind(rawValue: type))
            let balance = try #require(item["balance"] as? String)
            let amount = try #require(minorUnits(balance, digits: currency.minorDigits))
            stored.append(StoredAccount(id: Int64(index + 1), name: name, kind: kind, currency: currency))
            amounts[Int64(index + 1)] = (amount, currency)
        }
        var result: [String: (amount: Int64, currency: Currency)] = [:]
        for (id, name) in JournalNames().bankAccounts(stored) { result[name] = amounts[id] }
        return result
    }

    /// `-12.3` with 2 digits → -1230; `0` → 0; `1,234.50` → 123450.
    static func minorUnits(_ text: String, digits: Int) -> Int64? {
        var body = Substring(text.replacingOccurrences(of: ",", with: ""))
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int64(parts[0]) else { return nil }
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        guard fraction.count <= digits else { return nil }
        fraction += String(repeating: "0", count: digits - fraction.count)
        var value = whole
        for _ in 0..<digits { value *= 10 }
        value += Int64(fraction.isEmpty ? "0" : fraction) ?? 0
        return negative ? -value : value
    }
}
