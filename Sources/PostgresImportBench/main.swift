// Times the PostgreSQL import door (scripts/bench/pg-import.sh, issue 21): ROWS generated rows,
// as scripts/bench/sqlite_floor.c makes them (300 a day on 28-day months, one in five a credit),
// saved through PostgresLedger.save in batches of BATCH into the ledger LEDGER's account ACCOUNT,
// under one import row, as the importer would. Prints the rows per second of the saves, new rows
// and duplicates alike (building the rows is not timed). Rows FIRST..<FIRST+ROWS, so that concurrent runs save distinct rows.
// With --write-copy PATH it saves nothing: it writes the same rows, with the account's id, as
// COPY text for psql's \copy (the floor). With --start-file PATH it builds every batch first,
// creates PATH.ready.FIRST, and starts saving once PATH exists: concurrent importers then save
// at once, and a script timing them from PATH's creation times only their saves.
//
//   PostgresImportBench --target CONNINFO --ledger NAME [--account NAME] [--rows N] [--first N]
//                       [--batch N] [--write-copy PATH] [--start-file PATH]
import Foundation
import LedgerCore
import LedgerStore

var target = ""
var ledgerName = "bench"
var accountName = "Bench"
var rowCount = 1_000_000
var first = 0
var batchSize = 100
var copyPath: String?
var startFile: String?
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    let value = arguments.popFirst() ?? ""
    switch flag {
    case "--target": target = value
    case "--ledger": ledgerName = value
    case "--account": accountName = value
    case "--rows": rowCount = Int(value) ?? rowCount
    case "--first": first = Int(value) ?? first
    case "--batch": batchSize = max(1, Int(value) ?? batchSize)
    case "--write-copy": copyPath = value
    case "--start-file": startFile = value
    default:
        FileHandle.standardError.write(Data("PostgresImportBench: unknown option \(flag)\n".utf8))
        exit(2)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("PostgresImportBench: \(message)\n".utf8))
    exit(1)
}

/// Row `index`, as sqlite_floor.c's make_row (its fingerprint is the draft's own, not random).
@MainActor func makeDraft(_ index: Int) -> Draft {
    let day = index / 300
    let iso = String(format: "%04d-%02d-%02d", 2020 + day / 336, 1 + day / 28 % 12, 1 + day % 28)
    guard let bookingDay = Day(iso: iso) else { fail("bad day \(iso)") }
    return Draft(
        account: accountName, bookingDay: bookingDay,
        amount: Money(minorUnits: Int64((index * 7919) % 100_000 + 1), currency: .EUR),
        direction: index % 5 == 0 ? .credit : .debit, description: "Shop \(index % 977) purchase \(index % 13)",
        location: SourceLocation(file: "bench.csv", line: index + 2, column: 1))
}

let ledger: PostgresLedger
let account: Int64
do {
    ledger = try PostgresLedger(connection: try PostgresConnection(target), name: ledgerName)
    account = try ledger.ensureAccount(named: accountName, kind: .asset, currency: .EUR)
} catch {
    fail(error.description)
}

/// Occurrences counted per fingerprint, as the importer counts them in one file.
var seen: [Int64: Int] = [:]
@MainActor func makeRows(_ range: Range<Int>) -> [PendingRow] {
    range.map { index in
        let draft = makeDraft(index)
        let fingerprint = draft.fingerprint
        let occurrence = (seen[fingerprint] ?? 0) + 1
        seen[fingerprint] = occurrence
        return PendingRow(draft: draft, accountID: account, fingerprint: fingerprint, occurrence: occurrence)
    }
}

if let copyPath {
    // The 16 columns the importer sets for such a row; the others keep their defaults.
    var text = ""
    for row in makeRows(first..<(first + rowCount)) {
        let draft = row.draft
        let fields = [
            String(account), draft.bookingDay.description, "\\N", String(draft.amount.minorUnits),
            draft.direction == .credit ? "credit" : "debit", "EUR", draft.description, "", "booked", "\\N",
            String(row.fingerprint), String(row.occurrence), "\\N", "\\N", String(draft.location.line), "1",
        ]
        text += fields.joined(separator: "\t") + "\n"
    }
    guard FileManager.default.createFile(atPath: copyPath, contents: Data(text.utf8)) else {
        fail("can't write \(copyPath)")
    }
    exit(0)
}

let importID: Int64
do {
    // The ledger's connection is not public: the import row is made on a second connection.
    let connection = try PostgresConnection(target)
    try connection.execute("SET search_path TO \"\(ledgerName)\"")
    let made = try connection.query(
        """
        INSERT INTO imports (started_at, source_path, adapter, status)
        VALUES ('2026-01-01T00:00:00Z', 'bench.csv', 'csv', 'running') RETURNING id
        """)
    guard let row = made.rows.first else { fail("no import row") }
    importID = try row.int(0)
} catch {
    fail(error.description)
}

var saved = 0
var duplicates = 0
var elapsed: Duration = .zero
let clock = ContinuousClock()
/// Saves one batch, timing only the save.
@MainActor func save(_ rows: [PendingRow]) {
    let began = clock.now
    let outcome = ledger.save(rows, importID: importID)
    elapsed += clock.now - began
    switch outcome {
    case .saved(let inserted, let duplicate, _, _, _):
        saved += inserted
        duplicates += duplicate
    case .notSaved(let error): fail(error.description)
    }
}
let starts = Array(stride(from: first, to: first + rowCount, by: batchSize))
if let startFile {
    let batches = starts.map { makeRows($0..<min($0 + batchSize, first + rowCount)) }
    guard FileManager.default.createFile(atPath: "\(startFile).ready.\(first)", contents: nil) else {
        fail("can't write \(startFile).ready.\(first)")
    }
    while !FileManager.default.fileExists(atPath: startFile) { usleep(1_000) }
    for rows in batches { save(rows) }
} else {
    for start in starts { save(makeRows(start..<min(start + batchSize, first + rowCount))) }
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let rate = seconds > 0 ? Int(Double(saved + duplicates) / seconds) : 0
print(
    "saved \(saved) rows (\(duplicates) duplicates) in batches of \(batchSize) in \(String(format: "%.2f", seconds)) s: "
        + "\(rate) rows/s")
