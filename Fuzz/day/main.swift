// libFuzzer target for the day parser and day arithmetic: `Day.parse`, `Day(iso:)`,
// `Day(compact:)`, `Day(daysSinceEpoch:)`, `Day(secondsSinceEpoch:offsetSeconds:)` and
// `adding(days:)`. Built by scripts/reliability/fuzz.sh, never by SwiftPM.
//
// Text goes to the parsers whole; the first 16 bytes, read as two integers, go to the arithmetic,
// which adapters reach with values computed from input (an OFX or feed timestamp). Every day that
// comes out must print as itself and survive the trip through days since the epoch.
import LedgerCore

private let here = SourceLocation(file: "fuzz", line: 1, column: 1)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDay(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: count)
    let text = String(decoding: bytes, as: UTF8.self)
    if let day = try? Day.parse(text, at: here) { check(day) }
    if let day = Day(iso: Substring(text)) { check(day) }
    if let day = Day(compact: bytes) { check(day) }

    guard count >= 16 else { return 0 }
    var first: Int64 = 0
    var second: Int64 = 0
    for index in 0..<8 {
        first = first << 8 | Int64(bytes[index])
        second = second << 8 | Int64(bytes[8 + index])
    }
    if let day = Day(daysSinceEpoch: Int(first)) {
        check(day)
        if let later = day.adding(days: Int(second)) { check(later) }
        check(day.next)
        check(day.previous)
    }
    if let day = Day(secondsSinceEpoch: first, offsetSeconds: Int(second)) { check(day) }
    if let day = Day(secondsSinceEpoch: first, offsetSeconds: Int(second % 100_000)) { check(day) }
    return 0
}

private func check(_ day: Day) {
    precondition(Day(iso: day.description) == day, "\(day) prints as itself")
    precondition(Day(daysSinceEpoch: day.daysSinceEpoch) == day, "\(day) survives days since the epoch")
    precondition(day.monthWindow.contains(day), "\(day) lies in its month")
}
