import LedgerCore

/// Writes ``AdapterEvent``s as the external adapter protocol's JSON Lines (docs/plugins.md),
/// straight into a byte buffer: what `ledgerport extract` prints for every adapter.
///
/// The output is canonical, so that two runs over the same input give the same bytes and a golden
/// file can be compared line by line:
///
/// - keys in a fixed order (`type` first, `source` last), as docs/plugins.md lists them;
/// - a field whose value is absent or the protocol's default is left out: no `transactionDay`,
///   `payee`, `externalID` or `balance` when the draft has none, no `memo` when it is empty, no
///   `status` when booked, no `kind` for an asset account or a ledger balance;
/// - amounts are decimal strings from integer minor units with the currency's digits
///   (`"12.50"`, `"5"` for JPY); a transaction's `amount` is unsigned beside its `direction`, a
///   balance's `amount` and a transaction's `balance` carry a `-` when negative;
/// - every transaction names its `currency`;
/// - `source` is each event's location (`line`, `column`); an `error` for the file as a whole
///   has none;
/// - an account is named by ``AccountReference/key`` when it has one, else by its name, and every
///   record naming the account uses that key; an account declared again under a key already
///   written is not written twice (keys are unique in a stream);
/// - strings are JSON-escaped like ``JSONText``: quotes, backslashes and control characters, and
///   also DEL, the C1 and bidirectional controls and the line separators, as `\u00XX`.
///
/// ```swift
/// let writer = ProtocolRecordWriter()
/// try reader.drafts(from: stream) { event in
///     writer.write(event)
///     if writer.bufferedByteCount >= 64 * 1024 { try writer.flush(to: sink) }
/// }
/// writer.writeEnd()
/// try writer.flush(to: sink)
/// ```
///
/// The writer is a class: it owns its buffer (raw memory, grown as needed, so that appending a
/// byte costs no uniqueness or bounds check). It is confined to one thread.
public final class ProtocolRecordWriter {
    /// How many records have been written, the `end` record excluded (what `end` counts).
    public private(set) var recordCount = 0
    /// Whether the `end` record has been written; nothing may follow it.
    public private(set) var hasEnded = false

    /// The lines written and not yet flushed: `count` bytes at `storage`, room for `capacity`.
    var storage: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int
    /// Each declared account's key as a JSON string literal (quotes included), by account name.
    private var keyLiterals: [String: [UInt8]] = [:]
    /// The keys already declared in this stream.
    private var declaredKeys: Set<String> = []
    /// The account the last record named, and its key literal: consecutive rows of one account
    /// skip the dictionary.
    private var lastAccountName = ""
    private var lastKeyLiteral: [UInt8] = []
    /// The last day written and its 10 bytes, little-endian (`YYYY-MM-DD`): a statement's rows
    /// mostly share their day with the row before.
    var lastDay: Day?
    var lastDayHead: UInt64 = 0
    var lastDayTail: UInt16 = 0
    /// The last currency written and its code as a JSON string literal.
    var lastCurrency: Currency?
    var lastCurrencyLiteral: [UInt8] = []

    /// Creates a writer whose buffer holds `capacity` bytes before it grows.
    public init(capacity: Int = 128 * 1024) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    // MARK: - API

    /// How many bytes are waiting to be flushed.
    public var bufferedByteCount: Int { count }

    /// Appends the record for one event.
    ///
    /// - Precondition: the `end` record hasn't been written.
    public func write(_ event: AdapterEvent) {
        precondition(!hasEnded, "a protocol stream has nothing after its end record")
        switch event {
        case .account(let account): writeAccount(account)
        case .draft(let draft): writeTransaction(draft)
        case .balance(let balance): writeBalance(balance)
        case .skipped(let skipped): writeSkipped(skipped)
        case .mapping(let name): writeMapping(name)
        case .correction(let correction): writeCorrection(correction)
        case .notice(let notice): writeNotice(notice)
        }
    }

    /// Appends an `error` record: the reading stopped here.
    ///
    /// - Parameters:
    ///   - message: what was found and what was expected, without the location.
    ///   - location: where; `nil` or a location of the file as a whole (line 0) leaves `source` out.
    public func writeError(message: String, at location: SourceLocation?) {
        precondition(!hasEnded, "a protocol stream has nothing after its end record")
        append(#"{"type":"error","message":"#)
        appendString(message)
        if let location, location.line > 0 { appendSource(location) }
        endRecord()
    }

    /// Appends an `error` record for an error that stopped reading: a ``LocatedError``'s message
    /// and location, or any other error's description for the file as a whole.
    public func writeError(_ error: any Error) {
        if let located = error as? any LocatedError {
            writeError(message: located.message, at: located.location)
        } else {
            writeError(message: String(describing: error), at: nil)
        }
    }

    /// Appends the `end` record, which counts the records before it. Nothing may follow it.
    public func writeEnd() {
        precondition(!hasEnded, "a protocol stream has one end record")
        append(#"{"type":"end","records":"#)
        appendInteger(Int64(recordCount))
        append("}\n")
        hasEnded = true
    }

    /// Hands the buffered lines to `sink` (whole lines only) and empties the buffer, keeping its
    /// capacity.
    ///
    /// - Parameter sink: receives the bytes; valid only during the call.
    /// - Throws: whatever `sink` throws (the buffer is then left as it was).
    public func flush(to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard count > 0 else { return }
        try sink(UnsafeBufferPointer(start: storage, count: count))
        count = 0
    }

    /// Takes the buffered lines as bytes and empties the buffer.
    public func takeBytes() -> [UInt8] {
        let taken = Array(UnsafeBufferPointer(start: storage, count: count))
        count = 0
        return taken
    }

    // MARK: - Records

    private func writeAccount(_ account: AccountReference) {
        let key = account.key ?? account.name
        let literal = literal(key)
        keyLiterals[account.name] = literal
        lastAccountName = account.name
        lastKeyLiteral = literal
        guard declaredKeys.insert(key).inserted else { return }
        append(#"{"type":"account","key":"#)
        append(literal)
        append(#","name":"#)
        appendString(account.name)
        if let currency = account.currency {
            append(#","currency":"#)
            appendString(currency.code)
        }
        if account.kind != .asset {
            append(#","kind":"#)
            appendString(account.kind.rawValue)
        }
        if let institution = account.institution {
            append(#","institution":"#)
            appendString(institution)
        }
        if let number = account.maskedNumber {
            append(#","number":"#)
            appendString(number)
        }
        endRecord()
    }

    private func writeTransaction(_ draft: Draft) {
        append(#"{"type":"transaction","account":"#)
        appendKey(forAccount: draft.account)
        append(#","bookingDay":""#)
        appendDay(draft.bookingDay)
        if let transactionDay = draft.transactionDay {
            append(#"","transactionDay":""#)
            appendDay(transactionDay)
        }
        append(#"","amount":""#)
        let currency = draft.amount.currency
        appendDecimal(draft.amount.minorUnits, digits: currency.minorDigits)
        append(
            draft.direction == .credit ? #"","direction":"credit","currency":"# : #"","direction":"debit","currency":"#)
        appendCurrency(currency)
        append(#","description":"#)
        appendString(draft.description)
        if !draft.memo.isEmpty {
            append(#","memo":"#)
            appendString(draft.memo)
        }
        if let payee = draft.payee {
            append(#","payee":"#)
            appendString(payee)
        }
        if let category = draft.category {
            append(#","category":"#)
            appendString(category)
        }
        if draft.status == .pending { append(#","status":"pending""#) }
        if let externalID = draft.externalID {
            append(#","externalID":"#)
            appendString(externalID)
        }
        if let balance = draft.runningBalance {
            append(#","balance":""#)
            appendDecimal(balance, digits: currency.minorDigits)
            append("\"")
        }
        appendSource(draft.location)
        endRecord()
    }

    private func writeBalance(_ balance: StatementBalance) {
        append(#"{"type":"balance","account":"#)
        appendKey(forAccount: balance.account)
        append(#","day":""#)
        appendDay(balance.asOf)
        append(#"","amount":""#)
        appendDecimal(balance.signedMinorUnits, digits: balance.currency.minorDigits)
        append("\"")
        if balance.kind != .ledger {
            append(#","kind":"#)
            appendString(balance.kind.rawValue)
        }
        append(#","currency":"#)
        appendCurrency(balance.currency)
        appendSource(balance.location)
        endRecord()
    }

    private func writeSkipped(_ skipped: SkippedRecords) {
        append(#"{"type":"skipped","count":"#)
        appendInteger(Int64(skipped.count))
        append(#","reason":"#)
        appendString(skipped.reason)
        appendSource(skipped.location)
        endRecord()
    }

    private func writeNotice(_ notice: AdapterNotice) {
        append(#"{"type":"notice","count":"#)
        appendInteger(Int64(notice.count))
        append(#","reason":"#)
        appendString(notice.reason)
        appendSource(notice.location)
        endRecord()
    }

    private func writeMapping(_ name: String) {
        append(#"{"type":"mapping","name":"#)
        appendString(name)
        endRecord()
    }

    private func writeCorrection(_ correction: DraftCorrection) {
        append(#"{"type":"correction","account":"#)
        appendKey(forAccount: correction.account)
        append(#","correctedExternalID":"#)
        appendString(correction.correctedExternalID)
        append(correction.isReplacement ? #","replaces":true"# : #","replaces":false"#)
        appendSource(correction.location)
        endRecord()
    }

    // MARK: - Private

    /// The key of the account with this name, as declared; an account never declared (an
    /// adapter's bug the importer reports) is named by its name.
    private func appendKey(forAccount name: String) {
        if name != lastAccountName {
            lastAccountName = name
            if let literal = keyLiterals[name] {
                lastKeyLiteral = literal
            } else {
                lastKeyLiteral = literal(name)
            }
        }
        append(lastKeyLiteral)
    }

    /// A string's JSON literal as bytes (written at the buffer's end, copied out, then taken back).
    func literal(_ text: String) -> [UInt8] {
        let start = count
        appendString(text)
        let literal = Array(UnsafeBufferPointer(start: storage + start, count: count - start))
        count = start
        return literal
    }

    /// `,"source":{"line":L,"column":C}`.
    private func appendSource(_ location: SourceLocation) {
        append(#","source":{"line":"#)
        appendInteger(Int64(location.line))
        append(#","column":"#)
        appendInteger(Int64(location.column))
        append("}")
    }

    /// Closes a record's object and its line, and counts it.
    private func endRecord() {
        append("}\n")
        recordCount += 1
    }

}

@available(*, unavailable)
extension ProtocolRecordWriter: Sendable {}
