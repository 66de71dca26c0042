import LedgerCore

/// Reads an external adapter's `extract` output (docs/plugins.md, protocol 1) one line at a time
/// into ``AdapterEvent``s, checking every rule of the protocol.
///
/// It keeps what the stream has said so far: the accounts declared (by key), the number of
/// records, whether `end` came. Any broken rule is a ``ProtocolError`` naming the adapter and the
/// output line; an `error` record becomes a ``ProtocolError`` located in the user's input file.
///
/// ```swift
/// var decoder = ProtocolLineDecoder(adapter: "wise", options: options)
/// for (number, line) in lines {
///     if case .event(let event) = try decoder.decode(line, lineNumber: number) { emit(event) }
/// }
/// try decoder.finish()
/// ```
public struct ProtocolLineDecoder {
    /// What one line held.
    public enum Record: Sendable, Hashable {
        /// A record that becomes an event.
        case event(AdapterEvent)
        /// The `end` record, its count checked.
        case end
    }

    /// One declared account.
    struct Account {
        var reference: AccountReference
        /// The account's currency: its own, else the user's, else the existing ledger account's.
        var currency: Currency
    }

    /// The adapter's NAME, for messages and account keys.
    public let adapter: String
    /// The user's input file, where records' `source` points.
    public let file: String
    private let options: AdapterOptions
    private var accounts: [String: Account] = [:]
    /// Records before `end` (every valid line so far).
    public private(set) var records = 0
    /// Whether the `end` record came.
    public private(set) var hasEnded = false
    /// The number of the last line decoded.
    private var lastLine = 0
    /// Member storage handed from line to line.
    private var fieldStorage: [ProtocolField] = []

    /// Prepares to read one run's output.
    ///
    /// - Parameters:
    ///   - adapter: the adapter's NAME.
    ///   - options: the user's options: `fileName` (the input file, for locations), `account`
    ///     (the ledger account every declared account is imported into), `currency` and
    ///     `accountCurrency` (for accounts that state none).
    public init(adapter: String, options: AdapterOptions) {
        self.adapter = adapter
        self.file = options.fileName
        self.options = options
    }

    // MARK: - API

    /// Decodes one line of output (without its `\n`).
    ///
    /// - Parameters:
    ///   - line: the line's bytes.
    ///   - lineNumber: its 1-based number in the output.
    /// - Returns: the event it holds, or ``Record/end``.
    /// - Throws: ``ProtocolError`` for a line that breaks the protocol or an `error` record;
    ///   ``MissingChoice`` for an account without a currency when the user gave none.
    public mutating func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws -> Record {
        lastLine = lineNumber
        if hasEnded {
            throw invalid(
                "output after the \"end\" record; expected \"end\" to be the last line", line: lineNumber)
        }
        var scanner = ProtocolLineScanner(line, reusing: fieldStorage)
        defer { fieldStorage = scanner.takeFields() }
        do {
            switch try scanner.scanObject() {
            case .success: break
            case .failure(let notObject):
                throw invalid("found \(notObject.summary); expected a JSON object", line: lineNumber)
            }
        } catch let failure as ProtocolScanFailure {
            let what = failure.isEncoding ? "not UTF-8" : "not valid JSON"
            throw invalid("\(what) at column \(failure.column): \(failure.reason)", line: lineNumber)
        }
        let record = RecordFields(scanner, bytes: line, line: lineNumber, decoder: self)
        guard let type = try record.text(.type, expected: "a string") else {
            throw invalid("\"type\" is missing; expected a string", line: lineNumber)
        }
        let result: Record
        if record.is(type, "transaction") {
            result = .event(try transaction(record))
        } else if record.is(type, "account") {
            result = .event(try account(record))
        } else if record.is(type, "balance") {
            result = .event(try balance(record))
        } else if record.is(type, "skipped") {
            result = .event(try skipped(record))
        } else if record.is(type, "notice") {
            result = .event(try notice(record))
        } else if record.is(type, "mapping") {
            result = .event(.mapping(try record.nonEmptyString(.name, expected: "the name of the layout read")))
        } else if record.is(type, "correction") {
            result = .event(try correction(record))
        } else if record.is(type, "error") {
            throw try reportedError(record)
        } else if record.is(type, "end") {
            let count = try record.integer(.records)
            guard count == records else {
                throw invalid(
                    "\"end\" says \(count) records; expected \(records), the number of records before it",
                    line: lineNumber)
            }
            hasEnded = true
            result = .end
        } else {
            throw invalid(
                "unknown record type \(quotedForMessage(type.string(in: line, decoded: record.decoded))); expected account, transaction, "
                    + "balance, skipped, notice, mapping, correction, error or end",
                line: lineNumber)
        }
        records += 1
        return result
    }

    /// Decodes one line given as an array (tests, small outputs).
    public mutating func decode(_ line: [UInt8], lineNumber: Int) throws -> Record {
        try line.withUnsafeBufferPointer { buffer in try decode(buffer, lineNumber: lineNumber) }
    }

    /// Checks that the output ended with `end`.
    ///
    /// - Throws: ``ProtocolError`` when it didn't (a truncated stream).
    public func finish() throws(ProtocolError) {
        guard hasEnded else { throw ProtocolError(.missingEnd(lines: lastLine), adapter: adapter, at: .file(file)) }
    }

    /// The ledger's key for an adapter's account key: `NAME:KEY`, so that two adapters' keys
    /// never name the same account.
    public static func accountKey(adapter: String, key: String) -> String { adapter + ":" + key }

    // MARK: - Records

    private mutating func account(_ record: RecordFields) throws -> AdapterEvent {
        let key = try record.nonEmptyString(.key, expected: "a stable key such as the bank's account id")
        guard accounts[key] == nil else {
            throw record.invalid("account key \(quotedForMessage(key)) is declared twice; expected each key once")
        }
        let name = try record.nonEmptyString(.name, expected: "an account name")
        var kind = AccountKind.asset
        if let text = try record.optionalString(.kind) {
            guard let parsed = AccountKind(rawValue: text) else {
                throw record.invalid(
                    "\"kind\" is \(quotedForMessage(text)); expected \"asset\" or \"liability\"")
            }
            kind = parsed
        }
        let stated = try record.optionalCurrency(.currency, commodities: options.commodities)
        guard let currency = stated ?? options.currency ?? options.accountCurrency else {
            throw MissingChoice(
                .currency, source: "adapter \(adapter), account \(ProtocolError.displayable(key))",
                at: .file(file))
        }
        let number = try record.optionalString(.number)
        let masked = number.flatMap { $0.isEmpty ? nil : AccountReference.mask(ProtocolError.displayable($0)) }
        let reference = AccountReference(
            name: options.account ?? name, kind: kind, currency: currency,
            institution: try record.optionalString(.institution), maskedNumber: masked,
            key: options.account == nil ? Self.accountKey(adapter: adapter, key: key) : nil)
        accounts[key] = Account(reference: reference, currency: currency)
        return .account(reference)
    }

    private func transaction(_ record: RecordFields) throws -> AdapterEvent {
        let account = try record.account(in: accounts)
        let currency = try record.currency(for: account, commodities: options.commodities)
        let location = try record.source()
        let (amount, _) = try record.amount(.amount, currency: currency, signed: false)
        let direction = try record.direction(.direction, required: true) ?? .credit
        var status = TransactionStatus.booked
        if let text = try record.optionalString(.status) {
            guard let parsed = TransactionStatus(rawValue: text) else {
                throw record.invalid(
                    "\"status\" is \(quotedForMessage(text)); expected \"booked\" or \"pending\"")
            }
            status = parsed
        }
        var runningBalance: Int64?
        if record.has(.balance) {
            let (money, sign) = try record.amount(.balance, currency: currency, signed: true)
            runningBalance = money.signedMinorUnits(sign)
        }
        let draft = Draft(
            account: account.reference.name, bookingDay: try record.day(.bookingDay),
            transactionDay: try record.optionalDay(.transactionDay), amount: amount, direction: direction,
            description: try record.string(.description), memo: try record.optionalString(.memo) ?? "",
            payee: try record.optionalString(.payee), category: try record.optionalString(.category), status: status,
            externalID: try record.optionalString(.externalID), runningBalance: runningBalance,
            location: location)
        return .draft(draft)
    }

    private func balance(_ record: RecordFields) throws -> AdapterEvent {
        let account = try record.account(in: accounts)
        let currency = try record.currency(for: account, commodities: options.commodities)
        let location = try record.source()
        let direction = try record.direction(.direction, required: false)
        let (money, sign) = try record.amount(.amount, currency: currency, signed: direction == nil)
        var kind = StatementBalance.Kind.ledger
        if let text = try record.optionalString(.kind) {
            guard let parsed = StatementBalance.Kind(rawValue: text) else {
                throw record.invalid(
                    "\"kind\" is \(quotedForMessage(text)); expected \"ledger\", \"available\" or \"opening\"")
            }
            kind = parsed
        }
        let balance = StatementBalance(
            account: account.reference.name, asOf: try record.day(.day),
            signedMinorUnits: money.signedMinorUnits(direction ?? sign), currency: currency, kind: kind,
            location: location)
        return .balance(balance)
    }

    private func skipped(_ record: RecordFields) throws -> AdapterEvent {
        let count = try record.integer(.count)
        guard count >= 1 else {
            throw record.invalid("\"count\" is \(count); expected at least 1")
        }
        return .skipped(
            SkippedRecords(count: count, reason: try record.string(.reason), location: try record.source()))
    }

    private func notice(_ record: RecordFields) throws -> AdapterEvent {
        let count = try record.integer(.count)
        guard count >= 1 else {
            throw record.invalid("\"count\" is \(count); expected at least 1")
        }
        return .notice(
            AdapterNotice(count: count, reason: try record.string(.reason), location: try record.source()))
    }

    private func correction(_ record: RecordFields) throws -> AdapterEvent {
        let account = try record.account(in: accounts)
        let location = try record.source()
        let correction = DraftCorrection(
            account: account.reference.name,
            correctedExternalID: try record.nonEmptyString(
                .correctedExternalID, expected: "the externalID of a transaction"),
            isReplacement: try record.optionalBool(.replaces) ?? false, location: location)
        return .correction(correction)
    }

    private func reportedError(_ record: RecordFields) throws -> ProtocolError {
        let message = try record.string(.message)
        let location = record.has(.source) ? try record.source() : .file(file)
        let shown = ProtocolError.displayable(message)
        return ProtocolError(
            .reported(shown.isEmpty ? "adapter \(adapter) stopped with an empty error message" : shown),
            adapter: adapter, at: location)
    }

    /// An error for a line that breaks the protocol.
    func invalid(_ why: String, line: Int) -> ProtocolError {
        ProtocolError(.invalidLine(line: line, why), adapter: adapter, at: .file(file))
    }
}
