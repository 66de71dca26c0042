import LedgerCore

/// A `:61:` statement line, laid out as `6!n[4!n]2a[1!a]15d1!a3!c16x[//16x]` with optional
/// supplementary details `[34x]` on the next line:
///
///     :61:2401020102DR1234,56NTRFKD-4711//BR240102-0815
///     Lastschrift Strom
///
/// value date YYMMDD, entry date MMDD, mark (`C`, `D`, `RC` reversal of a credit, `RD` reversal of
/// a debit), the third letter of the currency code (ignored: the amount is in the statement's
/// currency), amount, transaction type (`NTRF`), customer reference, `//` bank reference.
struct MT940StatementLine {
    /// The value date.
    var valueDay: Day
    /// The entry (booking) date when given, its year inferred from the value date.
    var entryDay: Day?
    /// Money in or out: `C` and `RD` are money in, `D` and `RC` money out.
    var direction: Direction
    /// Whether the mark was `RC` or `RD`.
    var isReversal: Bool
    /// The amount in the statement's currency.
    var amount: Money
    /// The transaction type identification code (`NTRF`, `NMSC`, `N005`).
    var typeCode: String
    /// The reference for the account owner (`NONREF` when there is none).
    var customerReference: String
    /// The servicing institution's reference after `//`, when given.
    var bankReference: String?
    /// The supplementary details line, when given.
    var supplementary: String

    /// The day the statement counts: the entry date when present, else the value date.
    var bookingDay: Day { entryDay ?? valueDay }

    /// Reads a `:61:` field in the statement's currency.
    ///
    /// Reads the field's value over its bytes: only the references and the type code become
    /// strings (short ones, kept inline), and the supplementary details when there are any. (Over
    /// a pointer the caller holds: a line built inside `withUnsafeBufferPointer` and assigned to
    /// `self` was copied, a retain and a release of each of its strings.)
    init(_ value: UnsafeBufferPointer<UInt8>, field: MT940Field, currency: Currency) throws(MT940Error) {
        let tag = field.label
        var end = 0
        while end < value.count, value[end] != 0x0A { end += 1 }
        let line = UnsafeBufferPointer(rebasing: value[0..<end])
        var index = 0
        func expected(_ what: String) -> MT940Error {
            MT940Error(
                .badField(tag: tag, found: MT940Text.decode(line), expected: what), at: field.location(at: index))
        }
        func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
        guard line.count >= 6 else { throw expected("value date YYMMDD, mark C/D/RC/RD, amount and type code") }
        valueDay = try MT940Value.day(line[0..<6], tag: tag, at: field.location(at: 0))
        index = 6
        if line.count >= 10, isDigit(line[6]), isDigit(line[7]), isDigit(line[8]), isDigit(line[9]) {
            entryDay = try MT940Value.entryDay(line[6..<10], near: valueDay, tag: tag, at: field.location(at: 6))
            index = 10
        } else {
            entryDay = nil
        }
        isReversal = index < line.count && line[index] == UInt8(ascii: "R")
        if isReversal { index += 1 }
        guard index < line.count, line[index] == UInt8(ascii: "C") || line[index] == UInt8(ascii: "D") else {
            throw expected("mark C, D, RC or RD after the dates")
        }
        let isCredit = line[index] == UInt8(ascii: "C")
        // RC reverses a credit (money out); RD reverses a debit (money in).
        direction = isCredit != isReversal ? .credit : .debit
        index += 1
        if index < line.count, line[index] >= UInt8(ascii: "A"), line[index] <= UInt8(ascii: "Z") { index += 1 }
        let amountStart = index
        while index < line.count,
            isDigit(line[index]) || line[index] == UInt8(ascii: ",") || line[index] == UInt8(ascii: ".")
        {
            index += 1
        }
        if amountStart == index {
            throw expected("an amount with a decimal comma after the mark")
        }
        amount = try MT940Value.amount(
            UnsafeBufferPointer(rebasing: line[amountStart..<index]), currency: currency, tag: tag,
            at: field.location(at: amountStart))
        guard line.count - index >= 4 else { throw expected("a transaction type such as NTRF after the amount") }
        typeCode = String(decoding: UnsafeBufferPointer(rebasing: line[index..<(index + 4)]), as: UTF8.self)
        index += 4
        let rest = UnsafeBufferPointer(rebasing: line[index...])
        if let slashes = MT940StatementLine.doubleSlash(in: rest) {
            customerReference = MT940Text.decode(UnsafeBufferPointer(rebasing: rest[..<slashes]))
            let bank = MT940Text.decode(UnsafeBufferPointer(rebasing: rest[(slashes + 2)...]))
            bankReference = bank.isEmpty ? nil : bank
        } else {
            customerReference = MT940Text.decode(rest)
            bankReference = nil
        }
        if end < value.count {
            supplementary = value[(end + 1)...].split(separator: 0x0A).map { MT940Text.decode($0) }
                .filter { !$0.isEmpty }.joined(separator: " ")
        } else {
            supplementary = ""
        }
    }

    // MARK: - Private helpers

    private static func doubleSlash(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/") { return index }
            index += 1
        }
        return nil
    }
}
