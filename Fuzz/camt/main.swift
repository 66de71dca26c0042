// libFuzzer target for the camt parser: `CamtFormat.drafts(from:emit:)` over arbitrary bytes, which
// reaches the encoding filter, XMLStream's reader (libxml2's push parser), the message and version
// detection, entries, batches, balances and identities. Built by scripts/reliability/fuzz.sh with
// -I /usr/include/libxml2 and CLibXML2's module map, never by SwiftPM.
//
// Besides "never crashes, never hangs": the same bytes give the same events and error whatever
// the stream's chunk size, every error is a located one, and every draft points inside the file.
import CamtAdapter
import LedgerCore
import LedgerTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCamt(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let whole = runAdapter(CamtFormat.self, bytes: bytes, name: "fuzz.xml")
    let chunked = runAdapter(CamtFormat.self, bytes: bytes, name: "fuzz.xml", chunkSize: 7)
    precondition(whole == chunked, "chunks of 7 bytes give the same result as one chunk")
    precondition(whole.error == nil || whole.errorLocation != nil, "every error is located: \(whole.error ?? "")")
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    for draft in whole.drafts {
        precondition(draft.location.file == "fuzz.xml" && (0...lines).contains(draft.location.line), "inside the file")
    }
    return 0
}
