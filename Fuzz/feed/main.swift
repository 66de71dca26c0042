// libFuzzer target for the feed decoder: `FeedBatch.decode` (a batch file), `FeedManifest.decode`
// (feed.json) and `FeedLinesFormat.drafts(from:emit:)` (the JSON Lines form) over arbitrary
// bytes. Built by scripts/reliability/fuzz.sh, never by SwiftPM.
//
// Besides "never crashes, never hangs": the JSON Lines form gives the same events and error
// whatever the stream's chunk size, and every error is a located one.
import FeedAdapter
import Foundation
import LedgerCore
import LedgerTestSupport

private let utc = TimeZone(identifier: "UTC") ?? TimeZone.current

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    _ = try? FeedBatch.decode(bytes, file: "000000000001.json", timeZone: utc)
    _ = try? FeedBatch.decode(
        bytes, file: "000000000001.json", timeZone: TimeZone(secondsFromGMT: -5 * 3600) ?? utc,
        expected: FeedStream(kind: .transactions, accountID: "7C9E6679-7425-40DE-944B-E07FC1F90AE7"))
    _ = try? FeedManifest.decode(bytes, file: "feed.json")
    let whole = runAdapter(FeedLinesFormat.self, bytes: bytes, name: "fuzz.jsonl")
    let chunked = runAdapter(FeedLinesFormat.self, bytes: bytes, name: "fuzz.jsonl", chunkSize: 7)
    precondition(whole == chunked, "chunks of 7 bytes give the same result as one chunk")
    precondition(whole.error == nil || whole.errorLocation != nil, "every error is located: \(whole.error ?? "")")
    return 0
}
