import AdapterProtocol
import ExternalAdapters
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import Testing

@Suite("Importing through an external adapter")
struct ExternalAdapterImportTests {
    @Test("250 good records then garbage keep two whole batches of 100, name the line, and leave no process")
    func garbageKeepsWholeBatches() throws {
        let scratch = try AdapterScratch()
        let adapter = try scratch.adapter(
            extract: "echo $$ >> \(scratch.pidFile)\n" + shellRecords(count: 250) + "echo 'garbage'\n" + shellEnd(251))
        let input = try scratch.write("statement.txt", "whatever the adapter reads\n")
        let ledger = try Ledger(path: scratch.url.appendingPathComponent("ledger.sqlite").path)
        let stream = try FileByteStream(path: input)
        let report = BatchImporter(batchSize: 100).run(
            stream, adapter: adapter, options: AdapterOptions(fileName: input), into: ledger)
        #expect(report.status == .stopped)
        #expect(report.inserted == 200)
        #expect(try ledger.transactions().count == 200)
        let failure = try #require(report.failure)
        #expect(failure.record == 251)
        #expect(failure.location == .file(input))
        #expect(failure.reason.contains("adapter test, output line 252: not valid JSON"), "\(failure.reason)")
        for pid in scratch.recordedProcesses() { #expect(!processExists(pid)) }
    }

    @Test("a clean import stores accounts and transactions, checks the balance, logs provenance; a rerun adds nothing")
    func happyPath() throws {
        let scratch = try AdapterScratch()
        let balance =
            #"echo '{"type":"balance","account":"k","day":"2026-01-31","amount":"950.00","direction":"credit","source":{"line":99,"column":0}}'"#
            + "\n"
        let opening =
            #"echo '{"type":"balance","account":"k","day":"2025-12-31","amount":"1000.00","kind":"opening","source":{"line":1,"column":0}}'"#
            + "\n"
        let adapter = try scratch.adapter(
            "bank",
            extract: shellRecords(count: 50) + opening + balance + #"echo '{"type":"mapping","name":"bank-v1"}'"#
                + "\n" + shellEnd(54))
        let input = try scratch.write("jan.txt", "the bank's own format\n")
        let ledger = try Ledger(path: scratch.url.appendingPathComponent("ledger.sqlite").path)
        let first = BatchImporter(batchSize: 100).run(
            try FileByteStream(path: input), adapter: adapter, options: AdapterOptions(fileName: input), into: ledger)
        #expect(first.status == .complete, "\(String(describing: first.failure))")
        #expect(first.inserted == 50)
        #expect(first.format == "bank")
        #expect(first.accounts == ["Script EUR"])
        let checkpoint = try #require(first.checkpoints.first { $0.asOf == Day(iso: "2026-01-31") })
        #expect(checkpoint.status == .reconciled)
        #expect(checkpoint.discrepancy == 0)
        let stored = try ledger.transactions()
        #expect(stored.count == 50)
        #expect(stored.allSatisfy { $0.account == "Script EUR" })

        let second = BatchImporter(batchSize: 100).run(
            try FileByteStream(path: input), adapter: adapter, options: AdapterOptions(fileName: input), into: ledger)
        #expect(second.status == .complete)
        #expect(second.inserted == 0)
        #expect(second.duplicates == 50)
        #expect(adapter.provenance.origin == .external(path: adapter.path))
        #expect(adapter.provenance.version == "1.2.3")
    }

    @Test("the adapter reads exactly the bytes the host hashes")
    func readsTheHashedBytes() throws {
        let scratch = try AdapterScratch()
        let adapter = try scratch.adapter(
            extract: """
                sum=$(sha256sum "$2" | cut -d' ' -f1)
                echo "{\\"type\\":\\"mapping\\",\\"name\\":\\"$sum\\"}"
                echo '{"type":"end","records":1}'
                """)
        let input = try scratch.write("data.txt", "line one\nline two\n")
        let stream = try FileByteStream(path: input)
        let report = BatchImporter().run(stream, adapter: adapter, options: AdapterOptions(fileName: input), into: nil)
        #expect(report.status == .dryRun, "\(String(describing: report.failure))")
        #expect(report.mapping == stream.sha256)
    }
}
