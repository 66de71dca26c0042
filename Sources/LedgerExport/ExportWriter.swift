import LedgerCore
import LedgerStore

/// Writes entries in one format, appending text to a buffer that the export empties as it goes.
protocol ExportWriter {
    /// The text before the first entry.
    mutating func begin(into output: inout ExportBuffer)
    /// One entry; `row` is the stored transaction it was made from (`nil` for an added entry),
    /// whose texts and id are written instead of the entry's.
    mutating func write(_ entry: JournalEntry, row: ExportRow?, into output: inout ExportBuffer)
        throws(ExportError)
    /// The text after the last entry.
    mutating func finish(into output: inout ExportBuffer)
    /// The journal accounts the output opened (beancount's `open`), sorted; empty for the others.
    var openedAccounts: [String] { get }
}

extension ExportWriter {
    var openedAccounts: [String] { [] }
}

/// An entry's texts as bytes for one write: the row's when the entry was made from one (the same
/// texts, without a string between SQLite and the output), else the entry's own.
struct EntryTexts {
    /// The payee written apart from the description, if any.
    var payee: UnsafeBufferPointer<UInt8>?
    var description: UnsafeBufferPointer<UInt8>
    var memo: UnsafeBufferPointer<UInt8>

    static func with<Result>(_ entry: JournalEntry, row: ExportRow?, _ body: (EntryTexts) -> Result) -> Result {
        if let row { return body(EntryTexts(payee: row.shownPayee, description: row.description, memo: row.memo)) }
        var description = entry.description
        var memo = entry.memo
        return description.withUTF8 { description in
            memo.withUTF8 { memo in
                guard var payee = entry.payee else {
                    return body(EntryTexts(payee: nil, description: description, memo: memo))
                }
                return payee.withUTF8 { payee in body(EntryTexts(payee: payee, description: description, memo: memo)) }
            }
        }
    }
}

/// Appends the entry's id: the row's number, or the entry's own (`opening:…`, `checkpoint:…`).
func appendID(of entry: JournalEntry, row: ExportRow?, to output: inout ExportBuffer) {
    if let row { output.append(Int(row.id)) } else { output.append(entry.id) }
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
    account: String, amount: Int64, digits: Int, indent: StaticString, to output: inout ExportBuffer
) {
    output += indent
    output.append(account)
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
