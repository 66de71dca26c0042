import Foundation

@testable import LedgerStore

extension CLIHarness {
    /// Damages the harness's ledger the way one flipped byte would: the first page of the
    /// transactions' identity index turns from an index leaf (0x0A) into a table leaf (0x0B), which
    /// SQLite's `integrity_check` reports.
    func damageIdentityIndex() throws {
        let ledger = try Ledger(path: databasePath)
        try ledger.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let root = try ledger.database.prepare(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'transactions_identity'"
        )
        .rows { row throws(StoreError) in row.int(0) }[0]
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: databasePath))
        try handle.seek(toOffset: UInt64((root - 1) * 4096))
        try handle.write(contentsOf: [0x0B])
        try handle.close()
    }
}
