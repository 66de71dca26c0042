// libFuzzer target for the QIF reader: `QIFFormat.drafts(from:emit:)` over arbitrary bytes, in US
// dollars, with and without a date order given. Built by scripts/reliability/fuzz.sh, never by SwiftPM.
//
// Besides "never crashes, never hangs": the same bytes give the same events and error whatever
// the stream's chunk size (a CRLF split between chunks included), every error is a located one,
// every draft points inside the file and its split lines add up to it.
import LedgerCore
import LedgerTestSupport
import QIFAdapter

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQIF(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let settings = count % 3 == 0 ? [:] : ["date-order": count % 3 == 1 ? "dmy" : "mdy"]
    let options = AdapterOptions(settings: settings, fileName: "fuzz.qif", currency: .USD)
    let whole = runAdapter(QIFFormat.self, bytes: bytes, name: "fuzz.qif", options: options)
    let chunked = runAdapter(QIFFormat.self, bytes: bytes, name: "fuzz.qif", options: options, chunkSize: 7)
    precondition(whole == chunked, "chunks of 7 bytes give the same result as one chunk")
    precondition(whole.error == nil || whole.errorLocation != nil, "every error is located: \(whole.error ?? "")")
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
    for draft in whole.drafts {
        precondition(draft.location.file == "fuzz.qif" && (1...lines).contains(draft.location.line), "inside the file")
        if !draft.splits.isEmpty {
            precondition(draft.splits.reduce(0) { $0 + $1.signedMinorUnits } == draft.signedMinorUnits, "splits add up")
        }
    }
    return 0
}
