import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The test process's PostgreSQL server (started once, stopped at exit), or: the test is
/// cancelled (reported as skipped) when PostgreSQL's programs are missing, and fails under CI=true.
func postgresServer() throws -> PostgresTestServer {
    do {
        return try PostgresTestServer.shared()
    } catch {
        // Thrown, the error fails the test with its message.
        if error.isRequired { throw error }
        try Test.cancel(Comment(rawValue: error.message))
    }
}

/// A new connection to the test server.
func postgresConnection() throws -> PostgresConnection {
    try PostgresConnection(try postgresServer().connectionString)
}

/// A ledger name no other test uses.
func freshLedgerName() -> String {
    "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
}

/// Rows as the importer would build them for one account: occurrence numbers counted per fingerprint.
func pendingRows(_ drafts: [Draft], accountID: Int64) -> [PendingRow] {
    var seen: [Int64: Int] = [:]
    return drafts.map { draft in
        let fingerprint = draft.fingerprint
        let occurrence = (seen[fingerprint] ?? 0) + 1
        seen[fingerprint] = occurrence
        return PendingRow(draft: draft, accountID: accountID, fingerprint: fingerprint, occurrence: occurrence)
    }
}

/// Reads one integer a query answers.
func integer(_ connection: PostgresConnection, _ sql: String, _ parameters: [String?] = []) throws -> Int64 {
    let result = try connection.query(sql, parameters)
    return try #require(result.rows.first).int(0)
}

/// Rows of `daily_totals`, `report_totals` and `accounts.volume` that differ from a plain sum of
/// `transactions` (a key whose rows all went may keep zeros, as on SQLite).
func totalsMismatches(_ connection: PostgresConnection) throws -> Int64 {
    try StoreUnderTest.totalsMismatchQueries.reduce(0) { $0 + (try integer(connection, $1)) }
}

/// Checks that concurrent workers, `workers` of them each saving 800 of `all` (overlapping), stored
/// their union exactly once: the counts they reported, the rows' count, sum and a checksum of
/// line times amount, and the totals.
func expectUnionStoredOnce(
    _ connection: PostgresConnection, all: [PendingRow], inserted: Int, duplicates: Int, workers: Int
) throws {
    #expect(inserted == all.count)
    #expect(duplicates == workers * 800 - all.count)
    #expect(try integer(connection, "SELECT count(*) FROM transactions") == Int64(all.count))
    #expect(
        try integer(connection, "SELECT sum(amount) FROM transactions")
            == all.reduce(0) { $0 + $1.draft.amount.minorUnits })
    #expect(
        try integer(connection, "SELECT sum(source_line * amount) FROM transactions")
            == all.reduce(0) { $0 + Int64($1.draft.location.line) * $1.draft.amount.minorUnits })
    #expect(try totalsMismatches(connection) == 0)
}
