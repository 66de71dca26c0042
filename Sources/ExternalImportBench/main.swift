import AdapterProtocol
// Times one import for scripts/bench/external-import.sh: a CSV file read natively, or the same
// file through an external adapter built here directly (no trust store involved), both with
// batches of 100 into a fresh ledger. Prints "ROWS SECONDS ROWS_PER_SECOND".
//
//   ExternalImportBench native   CSV DB MAPPINGS_DIR
//   ExternalImportBench external CSV DB ADAPTER_PATH
//
// DB "-" reads without a ledger (a dry run), to time reading and checking alone.
import CSVAdapter
import ExternalAdapters
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore

let arguments = CommandLine.arguments
// `ExternalImportBench lines JSONL`: the protocol lines decoded by ProtocolLineDecoder, then parsed
// by LedgerCore's general JSONParser (a tree), each timed alone, in memory.
if arguments.count == 3, arguments[1] == "lines" {
    guard let data = FileManager.default.contents(atPath: arguments[2]) else { exit(1) }
    let bytes = [UInt8](data)
    var lines: [Range<Int>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
        lines.append(start..<index)
        start = index + 1
    }
    var decoder = ProtocolLineDecoder(adapter: "bench", options: AdapterOptions(fileName: "bench"))
    var started = Date()
    var events = 0
    try bytes.withUnsafeBufferPointer { buffer in
        for (number, range) in lines.enumerated() {
            let line = UnsafeBufferPointer(rebasing: buffer[range])
            if case .event = try decoder.decode(line, lineNumber: number + 1) { events += 1 }
        }
    }
    print("ProtocolLineDecoder", events, String(format: "%.2f s", Date().timeIntervalSince(started)))
    started = Date()
    var objects = 0
    for range in lines {
        if case .object = try JSONParser.parse(bytes, range: range).kind { objects += 1 }
    }
    print("JSONParser (tree only)", objects, String(format: "%.2f s", Date().timeIntervalSince(started)))
    exit(0)
}
guard arguments.count == 5, ["native", "external"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ExternalImportBench native|external CSV DB MAPPINGS|ADAPTER\n".utf8))
    exit(2)
}
let (mode, input, database, extra) = (arguments[1], arguments[2], arguments[3], arguments[4])
do {
    // "-" for a dry run: reading and checking alone, no ledger.
    let ledger = database == "-" ? nil : try Ledger(path: database)
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
            name: name, path: extra, sha256: "bench", description: try ExternalAdapter.describe(name: name, path: extra)
        )
        let stream = try FileByteStream(path: input)
        report = importer.run(stream, adapter: adapter, options: AdapterOptions(fileName: input), into: ledger)
        if let ledger, let importID = report.importID { try ledger.finishImport(importID, report.outcome) }
    }
    let seconds = Date().timeIntervalSince(started)
    guard report.failure == nil else {
        FileHandle.standardError.write(Data("import failed: \(report.failure?.description ?? "")\n".utf8))
        exit(1)
    }
    let rows = ledger == nil ? report.read : report.inserted
    print(rows, String(format: "%.2f", seconds), Int(Double(rows) / seconds))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
