import LedgerCore

/// One row of a listing as SQLite holds it, valid only inside the call that hands it over: its
/// numbers, day, amount and status read and checked, its texts left as bytes in SQLite's memory.
///
/// A writer that copies a row's texts into its output reads them with ``bytes(_:)`` and makes no
/// `String` for them; ``stored()`` builds the whole ``StoredTransaction`` for anything else.
/// Neither the row nor the bytes may be kept past the call: the next row replaces them.
public struct TransactionRow {
    /// The text columns a row's bytes can be read from.
    public enum TextColumn: Int32, Sendable, CaseIterable {
        /// The ledger account's name.
        case account = 1
        case description = 7
        case memo = 8
        case externalID = 10
        case payee = 15
        case category = 16
        case counterAccount = 21
    }

    public let id: Int64
    public let bookingDay: Day
    public let amount: Money
    public let direction: Direction
    public let status: TransactionStatus
    /// The file the row was read from (looked up once per import), when known.
    public let sourceFile: String?
    /// Whether the row has split lines (``stored()`` reads them).
    public let hasSplits: Bool
    private let statement: Statement
    private let ledger: Ledger

    /// Reads and checks a row of the listing's columns (see `Ledger.listingColumns`).
    init(
        _ statement: Statement, ledger: Ledger, importPaths: inout ImportPaths, previousCurrency: Currency?
    ) throws(StoreError) {
        func corrupt(_ column: String, _ found: String) -> StoreError {
            StoreError(.corruptValue(column: column, found: found), at: .file(ledger.path))
        }
        guard let day = statement.day(2) else { throw corrupt("transactions.day", statement.text(2)) }
        let currency =
            if let previousCurrency, statement.holds(6, previousCurrency.code) { previousCurrency } else {
                try ledger.storedCurrency(statement.text(6), column: "transactions.currency")
            }
        let minorUnits = statement.int(4)
        guard minorUnits >= 0 else { throw corrupt("transactions.amount", String(minorUnits)) }
        if statement.holds(5, "debit") {
            direction = .debit
        } else if statement.holds(5, "credit") {
            direction = .credit
        } else {
            throw corrupt("transactions.direction", statement.text(5))
        }
        if statement.holds(9, TransactionStatus.booked.rawValue) {
            status = .booked
        } else {
            guard let other = TransactionStatus(rawValue: statement.text(9)) else {
                throw corrupt("transactions.status", statement.text(9))
            }
            status = other
        }
        sourceFile = try statement.optionalInt(12).flatMap { importID throws(StoreError) in
            try importPaths.path(of: importID)
        }
        id = statement.int(0)
        bookingDay = day
        amount = Money(minorUnits: minorUnits, currency: currency)
        hasSplits = statement.int(17) != 0
        self.statement = statement
        self.ledger = ledger
    }

    /// The amount with its direction's sign.
    public var signedMinorUnits: Int64 { amount.signedMinorUnits(direction) }

    /// The day of the transaction itself, when the source gave one apart from the booking day.
    public var transactionDay: Day? { statement.day(3) }

    /// The line and column the row was read from (0 when not known), with ``sourceFile``.
    public var sourcePosition: (line: Int, column: Int) {
        sourceFile == nil ? (0, 0) : (Int(statement.optionalInt(13) ?? 0), Int(statement.optionalInt(14) ?? 0))
    }

    /// A text column's bytes as stored, or `nil` for NULL; valid until the next row.
    ///
    /// SQLite hands back what was stored: bytes that aren't valid UTF-8 (a file edited by another
    /// program) come as they are, where ``stored()`` repairs them as `String` does.
    public func bytes(_ column: TextColumn) -> UnsafeBufferPointer<UInt8>? {
        statement.isNull(column.rawValue) ? nil : statement.bytes(column.rawValue)
    }

    /// The whole transaction, its texts as strings and its split lines read.
    ///
    /// - Parameter previousAccount: the account name of a row before, used when this row's bytes
    ///   are the same instead of building the string again.
    /// - Throws: ``StoreError`` when the split lines can't be read or hold a value that isn't valid.
    public func stored(previousAccount: String? = nil) throws(StoreError) -> StoredTransaction {
        let row = statement
        let location = sourceFile.map { file in
            SourceLocation(file: file, line: sourcePosition.line, column: sourcePosition.column)
        }
        let handMask = Int(row.int(22))
        return StoredTransaction(
            id: id, account: previousAccount.map { row.text(1, reusing: $0) } ?? row.text(1), bookingDay: bookingDay,
            transactionDay: transactionDay, amount: amount, direction: direction, description: row.text(7),
            memo: row.text(8), payee: row.optionalText(15), category: row.optionalText(16),
            splits: hasSplits ? try ledger.splits(of: id, currency: amount.currency) : [],
            ruleIDs: row.isNull(18) ? [] : row.text(18).split(separator: ",").map(String.init),
            note: row.optionalText(19),
            tags: row.isNull(20) ? [] : row.text(20).split(separator: " ").map(String.init),
            counterAccount: row.optionalText(21), handSet: handMask == 0 ? [] : RuleField.fields(in: handMask),
            status: status, externalID: row.optionalText(10), statementBalance: row.optionalInt(11), location: location)
    }
}

@available(*, unavailable)
extension TransactionRow: Sendable {}
