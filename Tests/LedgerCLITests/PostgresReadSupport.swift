import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// What the tests of the reading commands on PostgreSQL (reports, export, commodities, check)
/// share: a run of steps that must all succeed, and the per-day totals of both stores side by side.
enum PostgresReadSupport {
    /// A sample file's path in the repository.
    static func sample(_ path: String) -> String { PostgresImportTests.sample(path) }

    /// Runs `steps` on a SQLite ledger and a PostgreSQL ledger (``PostgresImportTests/expectSameOnBoth(_:)``:
    /// same exit code, output and errors), after checking on a SQLite ledger of its own that every
    /// step but those in `failing` succeeds: the same failure on both stores would pass unseen.
    static func expectSameOnBoth(_ steps: [[String]], failing: [[String]] = []) throws {
        let cli = try CLIHarness()
        for step in steps {
            let code = cli.run(step)
            #expect((code == 0) == !failing.contains(step), "\(step): \(cli.errors)")
        }
        try PostgresImportTests.expectSameOnBoth(steps)
    }

    /// The per-day totals a ledger keeps, one line per nonzero row, named by account, sorted:
    /// `daily_totals` (account, day, net) and `report_totals` (account, day, currency,
    /// direction, category, amount, rows).
    static func totals(sqlite path: String) throws -> [String] {
        let ledger = try Ledger(path: path)
        var lines: [String] = []
        for (sql, columns) in totalsSQL {
            lines += try ledger.database.prepare(sql).rows { row throws(StoreError) in
                (0..<Int32(columns)).map { row.optionalText($0) ?? "NULL" }.joined(separator: "|")
            }
        }
        return lines.sorted()
    }

    /// The per-day totals of the ledger `name` on the test server, as ``totals(sqlite:)`` gives them.
    static func totals(postgres name: String) throws -> [String] {
        let ledger = try PostgresLedger(
            connection: try PostgresConnection(try postgresServer().connectionString), name: name)
        var lines: [String] = []
        for (sql, _) in totalsSQL {
            for row in try ledger.connection.query(sql).rows {
                lines.append(row.values.map { $0 ?? "NULL" }.joined(separator: "|"))
            }
        }
        return lines.sorted()
    }

    /// Each query and its number of columns.
    private static let totalsSQL = [
        (
            """
            SELECT 'daily', a.name, d.day, d.booked_net FROM daily_totals d JOIN accounts a ON a.id = d.account_id
            WHERE d.booked_net <> 0
            """, 4
        ),
        (
            """
            SELECT 'report', a.name, r.day, r.currency, r.direction, r.category, r.amount, r.rows
            FROM report_totals r JOIN accounts a ON a.id = r.account_id WHERE r.rows <> 0 OR r.amount <> 0
            """, 8
        ),
    ]
}
