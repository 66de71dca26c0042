// Times one import for scripts/bench/external-import.sh: a CSV file read natively, or the same
// file through an external adapter built here directly (no trust store involved), both with
// batches of 100 into a fresh ledger. Prints "ROWS SECONDS ROWS_PER_SECOND".
//
//   ExternalImportBench native   CSV DB MAPPINGS_DIR
//   ExternalImportBench external CSV DB ADAPTER_PATH
import CSVAdapter
import ExternalAdapters
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore

let arguments = CommandLine.arguments
guard arguments.count == 5, ["native", "external"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ExternalImportBench native|external CSV DB MAPPINGS|ADAPTER\n".utf8))
    exit(2)
}
let (mode, input, database, extra) = (arguments[1], arguments[2], arguments[3], arguments[4])
do {
    let ledger = try Ledger(path: database)
    let importer = BatchImporter(batchSize: 100)
    let started = Date()
    let report: ImportReport
    if mode == "native" {
        let options = AdapterOptions(
            account: "Bench", mappingDirectories: [extra], fileName: input, currency: .USD,
            namesAccountAfterFile: false)
        report = importer.importFile(at: input, format: nil, options: options, into: ledger)
    } else {
        let name = String((extra as NSString).lastPathComponent.dropFirst("ledgerport-adapter-".count))
        let adapter = ExternalAdapter(
            name: name, path: extra, sha256: "bench", description: try ExternalAdapter.describe(name: name, path: extra))
        let stream = try FileByteStream(path: input)
        report = importer.run(stream, adapter: adapter, options: AdapterOptions(fileName: input), into: ledger)
        if let importID = report.importID { try ledger.finishImport(importID, report.outcome) }
    }
    let seconds = Date().timeIntervalSince(started)
    guard report.failure == nil else {
        FileHandle.standardError.write(Data("import failed: \(report.failure?.description ?? "")\n".utf8))
        exit(1)
    }
    print(report.inserted, String(format: "%.2f", seconds), Int(Double(report.inserted) / seconds))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
