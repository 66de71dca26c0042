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
/// var writer = ProtocolRecordWriter()
/// try reader.drafts(from: stream) { event in
///     writer.write(event)
///     if writer.bufferedByteCount >= 64 * 1024 { try writer.flush(to: sink) }
/// }
/// writer.writeEnd()
/// try writer.flush(to: sink)
/// ```
public struct ProtocolRecordWriter {
    /// How many records have been written, the `end` record excluded (what `end` counts).
    public private(set) var recordCount = 0
    /// Whether the `end` record has been written; nothing may follow it.
    public private(set) var hasEnded = false

    /// The lines written and not yet flushed.
    var bytes: [UInt8] = []
    /// Each declared account's key as a JSON string literal (quotes included), by account name.
    private var keyLiterals: [String: [UInt8]] = [:]
    /// The keys already declared in this stream.
    private var declaredKeys: Set<String> = []
    /// The account the last record named, and its key literal: consecutive rows of one account
    /// skip the dictionary.
    private var lastAccountName = ""
    private var lastKeyLiteral: [UInt8] = []

    /// Creates a writer whose buffer holds about `capacity` bytes before it grows.
    public init(capacity: Int = 128 * 1024) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: - API

    /// How many bytes are waiting to be flushed.
    public var bufferedByteCount: Int { bytes.count }

    /// Appends the record for one event.
    ///
    /// - Precondition: the `end` record hasn't been written.
    public mutating func write(_ event: AdapterEvent) {
        precondition(!hasEnded, "a protocol stream has nothing after its end record")
        switch event {
        case .account(let account): writeAccount(account)
        case .draft(let draft): writeTransaction(draft)
        case .balance(let balance): writeBalance(balance)
        case .skipped(let skipped): writeSkipped(skipped)
        case .mapping(let name): writeMapping(name)
        case .correction(let correction): writeCorrection(correction)
        }
    }

    /// Appends an `error` record: the reading stopped here.
    ///
    /// - Parameters:
    ///   - message: what was found and what was expected, without the location.
    ///   - location: where; `nil` or a location of the file as a whole (line 0) leaves `source` out.
    public mutating func writeError(message: String, at location: SourceLocation?) {
        precondition(!hasEnded, "a protocol stream has nothing after its end record")
        append(#"{"type":"error","message":"#)
        appendString(message)
        if let location, location.line > 0 { appendSource(location) }
        endRecord()
    }

    /// Appends an `error` record for an error that stopped reading: a ``LocatedError``'s message
    /// and location, or any other error's description for the file as a whole.
    public mutating func writeError(_ error: any Error) {
        if let located = error as? any LocatedError {
            writeError(message: located.message, at: located.location)
        } else {
            writeError(message: String(describing: error), at: nil)
        }
    }

    /// Appends the `end` record, which counts the records before it. Nothing may follow it.
    public mutating func writeEnd() {
        precondition(!hasEnded, "a protocol stream has one end record")
        append(#"{"type":"end","records":"#)
        appendInteger(Int64(recordCount))
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
        hasEnded = true
    }

    /// Hands the buffered lines to `sink` (whole lines only) and empties the buffer, keeping its
    /// capacity.
    ///
    /// - Parameter sink: receives the bytes; valid only during the call.
    /// - Throws: whatever `sink` throws (the buffer is then left as it was).
    public mutating func flush(to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try sink($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Takes the buffered lines as bytes and empties the buffer.
    public mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        return taken
    }

    // MARK: - Records

    private mutating func writeAccount(_ account: AccountReference) {
        let key = account.key ?? account.name
        var literal: [UInt8] = []
        Self.appendString(key, to: &literal)
        keyLiterals[account.name] = literal
        lastAccountName = account.name
        lastKeyLiteral = literal
        guard declaredKeys.insert(key).inserted else { return }
        append(#"{"type":"account","key":"#)
        bytes.append(contentsOf: literal)
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

    private mutating func writeTransaction(_ draft: Draft) {
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
        appendString(currency.code)
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
        if draft.status == .pending { append(#","status":"pending""#) }
        if let externalID = draft.externalID {
            append(#","externalID":"#)
            appendString(externalID)
        }
        if let balance = draft.runningBalance {
            append(#","balance":""#)
            appendDecimal(balance, digits: currency.minorDigits)
            bytes.append(UInt8(ascii: "\""))
        }
        appendSource(draft.location)
        endRecord()
    }

    private mutating func writeBalance(_ balance: StatementBalance) {
        append(#"{"type":"balance","account":"#)
        appendKey(forAccount: balance.account)
        append(#","day":""#)
        appendDay(balance.asOf)
        append(#"","amount":""#)
        appendDecimal(balance.signedMinorUnits, digits: balance.currency.minorDigits)
        bytes.append(UInt8(ascii: "\""))
        if balance.kind != .ledger {
            append(#","kind":"#)
            appendString(balance.kind.rawValue)
        }
        append(#","currency":"#)
        appendString(balance.currency.code)
        appendSource(balance.location)
        endRecord()
    }

    private mutating func writeSkipped(_ skipped: SkippedRecords) {
        append(#"{"type":"skipped","count":"#)
        appendInteger(Int64(skipped.count))
        append(#","reason":"#)
        appendString(skipped.reason)
        appendSource(skipped.location)
        endRecord()
    }

    private mutating func writeMapping(_ name: String) {
        append(#"{"type":"mapping","name":"#)
        appendString(name)
        endRecord()
    }

    private mutating func writeCorrection(_ correction: DraftCorrection) {
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
    private mutating func appendKey(forAccount name: String) {
        if name != lastAccountName {
            lastAccountName = name
            if let literal = keyLiterals[name] {
                lastKeyLiteral = literal
            } else {
                lastKeyLiteral.removeAll()
                Self.appendString(name, to: &lastKeyLiteral)
            }
        }
        bytes.append(contentsOf: lastKeyLiteral)
    }

    /// `,"source":{"line":L,"column":C}`.
    private mutating func appendSource(_ location: SourceLocation) {
        append(#","source":{"line":"#)
        appendInteger(Int64(location.line))
        append(#","column":"#)
        appendInteger(Int64(location.column))
        bytes.append(UInt8(ascii: "}"))
    }

    /// Closes a record's object and its line, and counts it.
    private mutating func endRecord() {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
        recordCount += 1
    }

    private mutating func appendString(_ text: String) {
        Self.appendString(text, to: &bytes)
    }
}
