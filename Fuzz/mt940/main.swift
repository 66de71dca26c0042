// libFuzzer target for the MT940/MT942 reader: `MT940Format.drafts(from:emit:)` over arbitrary
// bytes, which reaches the line and envelope reader, the field parsers (`:61:`, balances, `:86:`
// in its three layouts, MT942 totals) and the statement builder (balance chain, identity).
// Built by scripts/reliability/fuzz.sh, never by SwiftPM.
//
// Besides "never crashes, never hangs": the same bytes give the same events and error whatever
// the stream's chunk size, every error is a located one, and every draft points inside the file.
import LedgerCore
import LedgerTestSupport
import MT940Adapter

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMT940(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let whole = runAdapter(MT940Format.self, bytes: bytes, name: "fuzz.sta")
    let chunked = runAdapter(MT940Format.self, bytes: bytes, name: "fuzz.sta", chunkSize: 7)
    precondition(whole == chunked, "chunks of 7 bytes give the same result as one chunk")
    precondition(whole.error == nil || whole.errorLocation != nil, "every error is located: \(whole.error ?? "")")
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    for draft in whole.drafts {
        precondition(draft.location.file == "fuzz.sta" && (1...lines).contains(draft.location.line), "inside the file")
        precondition(draft.amount.minorUnits >= 0, "amounts are positive")
    }
    return 0
}
