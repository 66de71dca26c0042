import LedgerCore

/// The part of normalising a row that the read-ahead thread can do while it splits rows: the
/// description's text (decoded and joined), the days of fixed-width date patterns, and the plain
/// numbers of the amount and balance cells.
///
/// It works only from the row's bytes and the mapping, never from rows before it, and prepares a
/// value only where ``RowNormaliser`` would get exactly the same one: a description that is ASCII
/// or in a declared single-byte encoding, with no line break or NUL, or valid UTF-8 (taken only
/// while the normaliser reads UTF-8); a day in the exact shape of its pattern; a number where
/// ``AmountSyntax/plainNumber(_:)`` reads one (and that it doesn't, so it isn't tried twice).
/// Anything else is left to the normaliser, which also reports every error.
///
/// A class: the read-ahead thread uses one for every row, and a reference is lent, not copied.
final class RowPreparer: Sendable {
    private let descriptionPositions: [Int]
    private let separator: [UInt8]?
    private let decoder: FieldDecoder
    private let bookingDay: (position: Int, layout: DateFormat.FixedLayout)?
    private let transactionDay: (position: Int, layout: DateFormat.FixedLayout)?
    /// The amount cells' and the balance cell's positions (-1 for none) and their syntax.
    private let numberPositions: (Int, Int, Int)
    private let syntax: AmountSyntax
    /// The syntax's decimal separator, for the common shape of a number (``plainNumber(_:)``).
    private let decimalSeparator: UInt8

    /// The preparer for rows normalised by `normaliser`.
    init(for normaliser: RowNormaliser, declaredEncoding: CSVEncoding?) {
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
        switch normaliser.amount {
        case .signed(let position), .indicator(amount: let position, column: _):
            numberPositions = (position, -1, normaliser.balancePosition ?? -1)
        case .debitCredit(let debit, let credit):
            numberPositions = (debit, credit, normaliser.balancePosition ?? -1)
        }
        syntax = normaliser.syntax
        decimalSeparator = normaliser.syntax.decimalSeparator
    }

    /// Works out the prepared values of a row into `fields` (as made by `PreparedFields()`); the
    /// description's UTF-8 goes into `text` at `length`. Without `values`, the days and numbers
    /// are left to the normaliser; without `description`, the description is left for later
    /// (``RowBlock/prepareDescriptions(with:)``).
    ///
    /// Inlined into the read-ahead loop (``RowBlock/read(from:preparer:)``): a call took the
    /// block's row storage (240 bytes) as a copy made for it, about 13 instructions a row.
    @inline(__always)
    func prepare(
        _ row: CSVRow, into fields: inout PreparedFields, text: inout [UInt8], length: inout Int,
        description: Bool = true, values: Bool = true
    ) {
        // Optional chaining, not `if let`: a bound copy of the array is retained and released.
        if description, separator != nil {
            let start = length
            let join = row.withTrimmedFields(descriptionPositions) { all, ranges in
                separator?.withUnsafeBufferPointer {
                    decoder.appendJoined(all, ranges, separator: $0, to: &text, length: &length)
                } ?? .none
            }
            switch join {
            case .none: break
            case .text: fields.description = start..<length
            case .utf8Text:
                fields.description = start..<length
                fields.descriptionIsUTF8 = true
            }
        }
        guard values else { return }
        if let (position, layout) = bookingDay {
            fields.bookingDay = row.withPlainField(position) { layout.day(from: $0) }
        }
        if let (position, layout) = transactionDay {
            fields.transactionDay = row.withPlainField(position) { layout.day(from: $0) }
        }
        let (first, second, third) = numberPositions
        fields.numbers.positions = numberPositions
        fields.numbers.values.0 = row.withPlainField(first) { plainNumber($0) }
        if second >= 0 { fields.numbers.values.1 = row.withPlainField(second) { plainNumber($0) } }
        if third >= 0 { fields.numbers.values.2 = row.withPlainField(third) { plainNumber($0) } }
    }

    /// ``AmountSyntax/plainNumber(_:)``, which reads the common shape first too: read here, a
    /// cell of that shape goes straight to it, not through the syntax's reading of every shape.
    ///
    /// An empty cell, the other column of a debit and credit pair, has none: the syntax's reading
    /// finds that by throwing, about 100 instructions a row of the Soll/Haben file.
    @inline(__always)
    private func plainNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
        guard !bytes.isEmpty else { return nil }
        return DecimalNumber.plain(bytes, decimalSeparator: decimalSeparator) ?? syntax.plainNumber(bytes)
    }
}

/// What ``RowPreparer`` worked out for a row; `nil` where the normaliser does the work.
struct PreparedFields: Sendable {
    /// The description's UTF-8, after the row's field bytes in its storage.
    var description: Range<Int>?
    /// Whether the description holds fields above ASCII kept as UTF-8: it is the row's only
    /// when the normaliser's decoder reads UTF-8 (``FieldDecoder/adoptsUTF8()``).
    var descriptionIsUTF8 = false
    var bookingDay: Day?
    var transactionDay: Day?
    var numbers = PreparedNumbers()
}

/// The plain numbers (``AmountSyntax/plainNumber(_:)``) of up to three cells of a row: the amount
/// cell or cells and the balance cell.
struct PreparedNumbers: Sendable {
    /// Each cell's position; -1 for none (and for every slot of a row nothing prepared).
    var positions = (-1, -1, -1)
    /// Each cell's plain number, `nil` where it has none.
    var values: (DecimalNumber?, DecimalNumber?, DecimalNumber?) = (nil, nil, nil)

    /// The plain number of the cell at `position`: `.some(nil)` when the cell was prepared and
    /// holds no plain number, `nil` when it wasn't prepared.
    @inline(__always)
    func number(at position: Int) -> DecimalNumber?? {
        if position == positions.0 { return .some(values.0) }
        if position == positions.1 { return .some(values.1) }
        if position == positions.2 { return .some(values.2) }
        return nil
    }
}
