import LedgerCore
import LedgerStore

/// Writes entries in one format, appending text to a buffer that the export empties as it goes.
protocol ExportWriter {
    /// The text before the first entry.
    mutating func begin(into output: inout String)
    /// One entry; `row` is the stored transaction it was made from (`nil` for an added entry).
    mutating func write(_ entry: JournalEntry, row: StoredTransaction?, into output: inout String) throws(ExportError)
    /// The text after the last entry.
    mutating func finish(into output: inout String)
    /// The journal accounts the output opened (beancount's `open`), sorted; empty for the others.
    var openedAccounts: [String] { get }
}

extension ExportWriter {
    var openedAccounts: [String] { [] }
}

/// An amount's digits with its sign (`-12.34`, `1200`, `0.000`), appended in place.
func appendAmount(_ signedMinorUnits: Int64, digits: Int, to output: inout String) {
    let magnitude = signedMinorUnits.magnitude
    if signedMinorUnits < 0 { output += "-" }
    guard digits > 0 else {
        output += String(magnitude)
        return
    }
    var divisor: UInt64 = 1
    for _ in 0..<digits { divisor *= 10 }
    output += String(magnitude / divisor)
    output += "."
    let fraction = String(magnitude % divisor)
    for _ in fraction.utf8.count..<digits { output += "0" }
    output += fraction
}
