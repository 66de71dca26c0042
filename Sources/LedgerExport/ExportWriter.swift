import LedgerCore
import LedgerStore

/// Writes entries in one format, appending text to a buffer that the export empties as it goes.
protocol ExportWriter {
    /// The text before the first entry.
    mutating func begin(into output: inout ExportBuffer)
    /// One entry; `row` is the stored transaction it was made from (`nil` for an added entry).
    mutating func write(_ entry: JournalEntry, row: StoredTransaction?, into output: inout ExportBuffer)
        throws(ExportError)
    /// The text after the last entry.
    mutating func finish(into output: inout ExportBuffer)
    /// The journal accounts the output opened (beancount's `open`), sorted; empty for the others.
    var openedAccounts: [String] { get }
}

extension ExportWriter {
    var openedAccounts: [String] { [] }
}

/// How many characters ``appendAmount(_:digits:to:)`` writes for an amount.
func amountWidth(_ signedMinorUnits: Int64, digits: Int) -> Int {
    var magnitude = signedMinorUnits.magnitude
    var count = 0
    repeat {
        count += 1
        magnitude /= 10
    } while magnitude > 0
    let width = digits > 0 ? max(count, digits + 1) + 1 : count
    return width + (signedMinorUnits < 0 ? 1 : 0)
}

/// A posting's account and amount, the amount right-aligned so that amounts of up to 12
/// characters end in the same column: `    Assets:Bank:Checking      -12.34`.
func appendPosting(
    account: String, amount: Int64, digits: Int, indent: String, to output: inout ExportBuffer
) {
    output += indent
    output += account
    let pad = 50 - account.utf8.count - amountWidth(amount, digits: digits)
    output.appendSpaces(max(2, pad))
    appendAmount(amount, digits: digits, to: &output)
}

/// An amount's digits with its sign (`-12.34`, `1200`, `0.000`), appended in place.
func appendAmount(_ signedMinorUnits: Int64, digits: Int, to output: inout ExportBuffer) {
    let magnitude = signedMinorUnits.magnitude
    if signedMinorUnits < 0 { output.append(ascii: 0x2D) }
    guard digits > 0 else {
        output.append(magnitude)
        return
    }
    var divisor: UInt64 = 1
    for _ in 0..<digits { divisor *= 10 }
    output.append(magnitude / divisor)
    output.append(ascii: 0x2E)
    var fraction = magnitude % divisor
    var place = divisor / 10
    while place > 0 {
        output.append(ascii: 0x30 + UInt8(fraction / place))
        fraction %= place
        place /= 10
    }
}
