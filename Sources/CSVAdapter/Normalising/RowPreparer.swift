import LedgerCore

/// The part of normalising a row that the read-ahead thread can do while it splits rows: the
/// description's text (decoded and joined) and the days of fixed-width date patterns.
///
/// It works only from the row's bytes and the mapping, never from rows before it, and prepares a
/// value only where ``RowNormaliser`` would get exactly the same one: a description that is ASCII
/// or in a declared single-byte encoding, with no line break or NUL; a day in the exact shape of
/// its pattern. Anything else is left to the normaliser, which also reports every error.
///
/// A class: the read-ahead thread uses one for every row, and a reference is lent, not copied.
final class RowPreparer: Sendable {
    private let descriptionPositions: [Int]
    private let separator: [UInt8]?
    private let decoder: FieldDecoder
    private let bookingDay: (position: Int, layout: DateFormat.FixedLayout)?
    private let transactionDay: (position: Int, layout: DateFormat.FixedLayout)?

    /// The preparer for rows normalised by `normaliser`, or `nil` when there is nothing to do.
    init?(for normaliser: RowNormaliser, declaredEncoding: CSVEncoding?) {
        descriptionPositions = normaliser.descriptionPositions
        separator = normaliser.asciiSeparator
        // Only a declared encoding: an undecided one is settled by the normaliser, in file order.
        decoder = FieldDecoder(declared: declaredEncoding)
        bookingDay = normaliser.bookingLayout.map { (normaliser.datePosition, $0) }
        let layout = normaliser.transactionDateFormat == nil ? normaliser.bookingLayout : normaliser.transactionLayout
        if let position = normaliser.transactionDatePosition, let layout {
            transactionDay = (position, layout)
        } else {
            transactionDay = nil
        }
        if separator == nil && bookingDay == nil && transactionDay == nil { return nil }
    }

    /// The prepared values of a row; the description's UTF-8 goes into `text` at `length`.
    func prepare(_ row: CSVRow, text: inout [UInt8], length: inout Int) -> PreparedFields {
        var fields = PreparedFields()
        if let separator {
            let start = length
            let isJoined = row.withTrimmedFields(descriptionPositions) { all, ranges in
                separator.withUnsafeBufferPointer {
                    decoder.appendJoined(all, ranges, separator: $0, to: &text, length: &length)
                }
            }
            if isJoined { fields.description = start..<length }
        }
        if let (position, layout) = bookingDay {
            fields.bookingDay = row.withPlainField(position) { layout.day(from: $0) }
        }
        if let (position, layout) = transactionDay {
            fields.transactionDay = row.withPlainField(position) { layout.day(from: $0) }
        }
        return fields
    }
}

/// What ``RowPreparer`` worked out for a row; `nil` where the normaliser does the work.
struct PreparedFields: Sendable {
    /// The description's UTF-8, after the row's field bytes in its storage.
    var description: Range<Int>?
    var bookingDay: Day?
    var transactionDay: Day?
}
