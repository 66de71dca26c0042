import Foundation
import LedgerTestSupport
import Testing

/// The test process's PostgreSQL server (started once, stopped at exit), or: the test is
/// cancelled (reported as skipped) when PostgreSQL's programs are missing, and fails under CI=true.
func postgresServer() throws -> PostgresTestServer {
    do {
        return try PostgresTestServer.shared()
    } catch {
        if error.isRequired { throw error }
        try Test.cancel(Comment(rawValue: error.message))
    }
}

/// A ledger name no other test uses.
func freshLedgerName() -> String {
    "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
}

extension CLIHarness {
    /// The global options that point a run at the ledger `name` on the test server.
    static func postgresOptions(ledger name: String) throws -> [String] {
        ["--db", try postgresServer().connectionString, "--ledger", name]
    }
}
