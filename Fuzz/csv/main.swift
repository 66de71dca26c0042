// libFuzzer target for the CSV reader: `CSVFormat.drafts(from:emit:)` over arbitrary bytes, with
// the bundled mappings (dialect sniffing, encodings, header matching, rows, amounts, dates).
// Built by scripts/reliability/fuzz.sh, never by SwiftPM; run from the repository root.
//
// Besides "never crashes, never hangs": the same bytes give the same events and error whatever
// the stream's chunk size, every error is a located one, and every draft points inside the file.
import CSVAdapter
import LedgerCore

private let adapter: CSVFormat? = try? CSVFormat(options: AdapterOptions(mappingDirectories: ["mappings"]))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let adapter else { fatalError("run from the repository root: mappings/ holds the bundled mappings") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let whole = run(adapter, bytes, chunkSize: 64 * 1024)
    let chunked = run(adapter, bytes, chunkSize: 7)
    precondition(whole == chunked, "chunks of 7 bytes give the same result as one chunk")
    precondition(whole.error == nil || whole.errorLocation != nil, "every error is located: \(whole.error ?? "")")
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    for case .draft(let draft) in whole.events {
        precondition(draft.location.file == "fuzz.csv" && (0...lines).contains(draft.location.line), "inside the file")
    }
    return 0
}

/// What one read produced: the events, and the error that stopped it.
private struct Outcome: Equatable {
    var events: [AdapterEvent] = []
    var error: String?
    var errorLocation: SourceLocation?
}

/// Reads with the one adapter (its mapping catalog is loaded once, not per input).
private func run(_ adapter: CSVFormat, _ bytes: [UInt8], chunkSize: Int) -> Outcome {
    var run = Outcome()
    do {
        try adapter.drafts(from: InMemoryByteStream(bytes, name: "fuzz.csv", chunkSize: chunkSize)) {
            run.events.append($0)
        }
    } catch let error as any LocatedError {
        run.error = error.description
        run.errorLocation = error.location
    } catch {
        run.error = String(describing: error)
    }
    return run
}
