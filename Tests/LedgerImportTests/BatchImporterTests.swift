import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// A scratch folder for one test, removed when the test's value goes away.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    var databasePath: String { url.appendingPathComponent("ledger.sqlite").path }
}

let bundledMappings = Fixture.repositoryRoot.appendingPathComponent("mappings").path

func options(account: String? = "Checking") -> AdapterOptions {
    AdapterOptions(account: account, mappingDirectories: [bundledMappings], accountCurrency: .USD)
}

/// A generic CSV with `count` rows, one a day from 2024-01-01, amounts -1.00, -2.00, …
func genericCSV(rows count: Int, badRow: Int? = nil, withBalance: Bool = false, opening: Int64 = 1_000_000) -> String {
    var lines = [withBalance ? "Date,Description,Amount,Balance" : "Date,Description,Amount"]
    var balance = opening
    for index in 1...count {
        let day = Day(iso: "2024-01-01")!.adding(days: index / 5)!
        let cents = Int64(index * 100)
        balance -= cents
        let amount = index == badRow ? "12.3x" : Money.format(-cents, currency: .EUR)
        var line = "\(day),Row \(index),\(amount)"
        if withBalance { line += ",\(Money.format(balance, currency: .EUR))" }
        lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("BatchImporter")
struct BatchImporterTests {
    @Test("a bad 250th row with batches of 100 keeps 200 rows, names the row, and a fixed rerun adds the other 800")
    func stopsAtFirstFailure() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("thousand.csv", genericCSV(rows: 1_000, badRow: 250))
        let ledger = try Ledger(path: scratch.databasePath)
        let report = BatchImporter(batchSize: 100).importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.inserted == 200)
        #expect(report.batches == 2)
        let failure = try #require(report.failure)
        #expect(failure.record == 250)
        #expect(failure.location.line == 251)
        #expect(failure.location.column == "2024-02-20,Row 250,".utf8.count + 1)
        #expect(failure.reason.contains("12.3x"))
        #expect(try ledger.transactions().count == 200)
        #expect(try ledger.imports().first?.status == .stopped)

        let fixed = try scratch.write("thousand.csv", genericCSV(rows: 1_000))
        let rerun = BatchImporter(batchSize: 100).importFile(at: fixed, format: nil, options: options(), into: ledger)
        #expect(rerun.status == .complete)
        #expect(rerun.inserted == 800)
        #expect(rerun.duplicates == 200)
        #expect(try ledger.transactions().count == 1_000)
    }

    @Test("importing the same file twice adds nothing the second time")
    func reimport() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("a.csv", genericCSV(rows: 120))
        let ledger = try Ledger(path: scratch.databasePath)
        let first = BatchImporter().importFile(at: path, format: nil, options: options(), into: ledger)
        let second = BatchImporter().importFile(at: path, format: nil, options: options(), into: ledger)
        #expect(first.inserted == 120)
        #expect(second.inserted == 0)
        #expect(second.duplicates == 120)
        #expect(second.status == .complete)
        #expect(first.sha256 == second.sha256 && first.sha256?.count == 64)
    }

    @Test("250 drafts in batches of 100 commit three batches")
    func commitCount() throws {
        let ledger = try Ledger(path: ":memory:")
        let text = genericCSV(rows: 250)
        let before = ledger.commitCount
        let report = BatchImporter(batchSize: 100).run(
            InMemoryByteStream(text, name: "x.csv"), adapter: FormatRegistry.adapter(id: "csv")!, options: options(),
            into: ledger)
        #expect(report.batches == 3)
        #expect(report.inserted == 250)
        // One commit opens the imports log row, one creates the account, three hold the batches.
        #expect(ledger.commitCount - before == 5)
    }

    @Test("overlapping exports of one account store their union once; identical same-day rows are both kept")
    func overlappingExports() throws {
        let scratch = try ScratchFolder()
        let january = """
            Date,Description,Amount
            2024-01-05,Coffee,-3.80
            2024-01-20,Coffee,-3.80
            2024-01-20,Coffee,-3.80
            2024-01-25,Rent,-900.00

            """
        let overlap = """
            Date,Description,Amount
            2024-01-25,Rent,-900.00
            2024-01-20,Coffee,-3.80
            2024-01-20,Coffee,-3.80
            2024-01-21,Bakery posted late,-4.10
            2024-02-01,Salary,2500.00

            """
        let ledger = try Ledger(path: scratch.databasePath)
        let first = BatchImporter().importFile(
            at: try scratch.write("jan.csv", january), format: nil, options: options(), into: ledger)
        let second = BatchImporter().importFile(
            at: try scratch.write("overlap.csv", overlap), format: nil, options: options(), into: ledger)
        #expect(first.inserted == 4)
        #expect(second.inserted == 2)
        #expect(second.duplicates == 3)
        let stored = try ledger.transactions()
        #expect(stored.count == 6)
        #expect(stored.filter { $0.description == "Coffee" && $0.bookingDay == Day(iso: "2024-01-20") }.count == 2)
    }

    @Test("a running balance checks out to zero; one changed amount shows exactly that difference")
    func checkpointFromRunningBalance() throws {
        let scratch = try ScratchFolder()
        let consistent = genericCSV(rows: 30, withBalance: true)
        let ledger = try Ledger(path: scratch.databasePath)
        let report = BatchImporter().importFile(
            at: try scratch.write("bal.csv", consistent), format: nil, options: options(), into: ledger)
        let checkpoint = try #require(report.checkpoints.first)
        #expect(checkpoint.status == .reconciled)
        #expect(checkpoint.discrepancy == 0)
        let spent: Int64 = (1...30).reduce(Int64(0)) { total, index in total + Int64(index * 100) }
        #expect(checkpoint.actual == 1_000_000 - spent)

        // The same file with row 7's amount changed from -7.00 to -7.25, into a fresh ledger.
        let changed = consistent.replacingOccurrences(of: ",Row 7,-7.00,", with: ",Row 7,-7.25,")
        #expect(changed != consistent)
        let other = try Ledger(path: scratch.url.appendingPathComponent("other.sqlite").path)
        let second = BatchImporter().importFile(
            at: try scratch.write("bal2.csv", changed), format: nil, options: options(), into: other)
        let discrepancy = try #require(second.checkpoints.first)
        #expect(discrepancy.status == .discrepancy)
        #expect(discrepancy.discrepancy == 25)
    }

    @Test("a file with no balances gets no checkpoint; a dry run writes nothing")
    func dryRun() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("plain.csv", genericCSV(rows: 10))
        let report = BatchImporter().importFile(at: path, format: nil, options: options(), into: nil)
        #expect(report.status == .dryRun)
        #expect(report.read == 10)
        #expect(report.inserted == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.databasePath))
    }

    @Test("a missing file stops with a clear error that names no record: none was reached")
    func missingFile() throws {
        let ledger = try Ledger(path: ":memory:")
        let report = BatchImporter().importFile(at: "/no/such/file.csv", format: nil, options: options(), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.failure != nil)
        #expect(report.failure?.record == nil)
        #expect(report.failure?.reason.contains("no such file") == true)
    }
}

/// An adapter whose second draft names an account it never declared.
private struct UndeclaredAccountFormat: FormatAdapter {
    static let id = "undeclared-test"
    static let summary = "test"
    static let fileExtensions: [String] = []
    static func sniff(_ head: [UInt8], fileName: String) -> Int { 0 }
    init(options: AdapterOptions) throws {}

    func drafts(from input: any ByteStream, emit: (AdapterEvent) throws -> Void) throws {
        try emit(.account(AccountReference(name: "A", currency: .EUR)))
        for (line, account) in [(2, "A"), (3, "B")] {
            try emit(
                .draft(
                    Draft(
                        account: account, bookingDay: Day(iso: "2024-01-02")!,
                        amount: Money(minorUnits: 100, currency: .EUR), direction: .debit, description: "x",
                        location: SourceLocation(file: input.name, line: line, column: 1))))
        }
    }
}

@Suite("BatchImporter validation")
struct BatchImporterValidationTests {
    @Test("a draft naming an undeclared account stops an import and a dry run alike, at that record")
    func undeclaredAccount() throws {
        for ledger in [try Ledger(path: ":memory:"), nil] {
            let report = BatchImporter().run(
                InMemoryByteStream("", name: "x.test"), adapter: UndeclaredAccountFormat.self,
                options: AdapterOptions(), into: ledger)
            #expect(report.status == .stopped)
            #expect(report.failure?.record == 2)
            #expect(report.failure?.location.line == 3)
        }
    }
}

@Suite("BatchImporter dry runs")
struct BatchImporterDryRunTests {
    @Test("a dry run counts every draft and reports progress batch by batch, across hand-overs")
    func countsEveryDraft() {
        final class Seen: @unchecked Sendable { var reads: [Int] = [] }
        let seen = Seen()
        let importer = BatchImporter(batchSize: 1_000) { seen.reads.append($0.read) }
        let report = importer.run(
            InMemoryByteStream("", name: "x.test"), adapter: GeneratedFormat<ManyShortDrafts>.self,
            options: AdapterOptions(), into: nil)
        #expect(report.status == .dryRun)
        #expect(report.read == ManyShortDrafts.count)
        #expect(report.batches == ManyShortDrafts.count / 1_000)
        #expect(seen.reads == Array(stride(from: 1_000, through: ManyShortDrafts.count, by: 1_000)))
    }
}
