import LedgerCore

/// Turns the fields of MT940 and MT942 messages into ledgerport's events: accounts, drafts and
/// statement balances, checking the balance chain and MT942 totals on the way.
///
/// - A statement opens with `:60F:` (emitted as the `.opening` balance when it closes) and
///   closes with `:62F:` (the `.ledger` balance); `:60M:`/`:62M:` continue it across messages.
///   Each opening balance must equal the account's previous closing balance in the file.
/// - `:64:` and `:65:` are `.available` balances: shown, never reconciled.
/// - MT942 (a message with `:34F:`, `:13D:` or `:90D:`/`:90C:`) lists booked intraday entries in
///   the `:34F:` currency; its drafts are held until the message ends and its totals are checked.
struct MT940StatementBuilder {
    private struct AccountState {
        var name: String
        var currency: Currency?
        var isDeclared = false
        var lastClosing: MT940Balance?
        /// The `:28C:` statement number of the message that gave ``lastClosing``.
        var lastStatementNumber: Int?
        /// The `:60F:` of the statement in progress, and its earliest booking day so far.
        var isStatementOpen = false
        var opening: MT940Balance?
        var earliestBooking: Day?
    }

    private struct PendingLine {
        var line: MT940StatementLine
        var location: SourceLocation
        var information: MT940Information?
    }

    private struct MessageState {
        var start: SourceLocation?
        var account: MT940Account?
        var accountIndex: Int?
        var currency: Currency?
        var isInterim = false
        /// The `:28C:` statement number (before any `/`), when it is digits.
        var statementNumber: Int?
        var hasOpening = false
        var hasClosing = false
        var pending: PendingLine?
        var held: [Draft] = []
        var debits = (count: 0, sum: Int64(0))
        var credits = (count: 0, sum: Int64(0))
        var statedTotals: [(field: MT940Field, count: Int, sum: Money)] = []
    }

    private let fileName: String
    private let accountOverride: String?
    /// The status of MT942 lines (option `mt942`): pending unless the bank's MT942 lists bookings.
    private let interimStatus: TransactionStatus
    private let emit: (AdapterEvent) throws -> Void
    /// Each account's index in ``states``; a message keeps its account's index, so a statement
    /// line never hashes the account again.
    private var accounts: [MT940Account: Int] = [:]
    private var states: [AccountState] = []
    private var namesTaken: [String: MT940Account] = [:]
    private var references = MT940ReferenceRegistry()
    /// The `:86:` reader's buffers, kept from one statement line to the next.
    private var informationBuffers = MT940InformationBuffers()
    private var messages = 0
    private var message = MessageState()
    /// PLN drafts whose text shows Polish letters read as Windows-1252, the first with its text.
    private var garbledPolish: (count: Int, first: SourceLocation, text: String)?

    /// Prepares to build events for one file.
    init(
        fileName: String, accountOverride: String?, interimStatus: TransactionStatus = .pending,
        emit: @escaping (AdapterEvent) throws -> Void
    ) {
        self.interimStatus = interimStatus
        self.fileName = fileName
        self.accountOverride = accountOverride
        self.emit = emit
    }

    /// Takes the next field of the current message.
    mutating func take(_ field: MT940Field) throws {
        if field.tag != .information { try flushPending() }
        if message.start == nil { message.start = field.location }
        switch field.tag {
        case .reference:
            messages += 1
        case .account:
            let account = try MT940Account(field)
            message.account = account
            message.accountIndex = try register(account, at: field.location)
        case .openingFinal, .openingIntermediate:
            try takeOpening(MT940Balance(field), isFinal: field.tag == .openingFinal, field: field)
        case .statementLine:
            let currency = try statementCurrency(for: field)
            let line = try field.value.withUnsafeBufferPointer { (value) throws(MT940Error) in
                try MT940StatementLine(value, field: field, currency: currency)
            }
            message.pending = PendingLine(line: line, location: recordLocation(field), information: nil)
        case .information:
            // In place: a copy of the pending line would retain and release each of its strings.
            guard message.pending != nil, message.pending?.information == nil else { return }
            message.pending?.information = MT940Information(value: field.value, reusing: &informationBuffers)
        case .closingFinal, .closingIntermediate:
            try takeClosing(MT940Balance(field), isFinal: field.tag == .closingFinal, field: field)
        case .available, .forwardAvailable:
            let balance = try MT940Balance(field)
            let account = try checkedAccount(for: balance, field: field)
            try emit(
                .balance(
                    StatementBalance(
                        account: account, asOf: balance.day, signedMinorUnits: balance.signedMinorUnits,
                        currency: balance.currency, kind: .available, location: balance.location)))
        case .floorLimit:
            message.isInterim = true
            let value = field.firstLine
            let currency = try MT940Value.currency(value.prefix(3), tag: field.label, at: field.location)
            if let stated = message.currency, stated != currency {
                throw MT940Error(
                    .currencyMismatch(tag: field.label, found: currency.code, expected: stated.code), at: field.location
                )
            }
            message.currency = currency
            try declare(for: field, currency: currency)
        case .dateTime:
            message.isInterim = true
        case .debitTotal, .creditTotal:
            message.isInterim = true
            message.statedTotals.append(try MT940StatementBuilder.total(field))
        case .statementNumber:
            message.statementNumber = MT940Value.number(field.firstLine.prefix { $0 != UInt8(ascii: "/") })
        case .relatedReference, .other:
            break
        }
    }

    /// Closes the current message: its last line, its MT942 totals, a missing closing balance.
    mutating func endMessage(at location: SourceLocation) throws {
        try flushPending()
        defer { message = MessageState() }
        guard let start = message.start else { return }
        if message.account == nil {
            throw MT940Error(.missingField(tag: ":25:", expected: "the account (:25:) in every message"), at: start)
        }
        if message.isInterim {
            try checkTotals()
            for draft in message.held { try emit(.draft(draft)) }
        } else if message.hasOpening && !message.hasClosing {
            throw MT940Error(
                .missingField(
                    tag: ":62F:", expected: "a closing balance :62F: or :62M: before the message ends (truncated file?)"
                ),
                at: location)
        }
    }

    /// Ends the file: refuses one without messages, or with a statement left open by `:62M:`.
    mutating func finish(at location: SourceLocation, firstLine: String) throws {
        if let garbled = garbledPolish {
            try emit(
                .notice(
                    AdapterNotice(
                        count: garbled.count,
                        reason:
                            "PLN text read as Windows-1252 shows ³, ¶, ¹, ¿ or ¦ (\(garbled.text)), the marks of Polish letters written in Windows-1250 or ISO-8859-2; read the file again with --option encoding=windows-1250 (or iso-8859-2)",
                        location: garbled.first)))
        }
        guard messages > 0 || !accounts.isEmpty else {
            throw MT940Error(.notMT940(firstLine: firstLine), at: SourceLocation(file: fileName, line: 1, column: 1))
        }
        for state in states where state.isStatementOpen {
            throw MT940Error(
                .missingField(
                    tag: ":62F:",
                    expected:
                        "the statement of \(state.name) continued by :62M: at \(state.lastClosing?.location.description ?? "?") to go on in a message with :60M: and end with :62F: (truncated file?)"
                ),
                at: location)
        }
    }

    // MARK: - Private helpers

    /// Where a record starts: the tag of its field.
    private func recordLocation(_ field: MT940Field) -> SourceLocation {
        SourceLocation(
            file: field.location.file, line: field.location.line,
            column: max(1, field.location.column - field.label.utf8.count))
    }

    private mutating func register(_ account: MT940Account, at location: SourceLocation) throws -> Int {
        if let index = accounts[account] { return index }
        if let accountOverride {
            if let other = accounts.keys.first {
                throw MT940Error(
                    .accountOptionWithSeveralAccounts(first: other.maskedNumber, second: account.maskedNumber),
                    at: location)
            }
            accounts[account] = states.count
            states.append(AccountState(name: accountOverride))
            return states.count - 1
        }
        var name = account.name
        if namesTaken[name] != nil { name += " (\(account.shortHash))" }
        namesTaken[name] = account
        accounts[account] = states.count
        states.append(AccountState(name: name))
        return states.count - 1
    }

    /// Declares the message's account with its currency, once; a later message in another
    /// currency for the same account is refused.
    @discardableResult
    private mutating func declare(for field: MT940Field, currency: Currency) throws -> String {
        guard let account = message.account, let index = message.accountIndex else {
            throw MT940Error(
                .missingField(tag: ":25:", expected: "the account (:25:) before \(field.label)"), at: field.location)
        }
        var state = states[index]
        if let known = state.currency, known != currency {
            throw MT940Error(
                .currencyMismatch(tag: field.label, found: currency.code, expected: known.code), at: field.location)
        }
        if !state.isDeclared {
            state.isDeclared = true
            state.currency = currency
            states[index] = state
            try emit(
                .account(
                    AccountReference(
                        name: state.name, kind: .asset, currency: currency, institution: account.bankCode,
                        maskedNumber: account.maskedNumber)))
        }
        return state.name
    }

    /// The currency of the message's statement lines, once its account is known.
    private func statementCurrency(for field: MT940Field) throws -> Currency {
        guard message.accountIndex != nil else {
            throw MT940Error(
                .missingField(tag: ":25:", expected: "the account (:25:) before \(field.label)"), at: field.location)
        }
        guard let currency = message.currency else {
            throw MT940Error(
                .missingField(
                    tag: ":60F:", expected: "an opening balance (:60F:/:60M:, or MT942's :34F:) before \(field.label)"),
                at: field.location)
        }
        return currency
    }

    private mutating func checkedAccount(for balance: MT940Balance, field: MT940Field) throws -> String {
        if let currency = message.currency, currency != balance.currency {
            throw MT940Error(
                .currencyMismatch(tag: field.label, found: balance.currency.code, expected: currency.code),
                at: field.location)
        }
        return try declare(for: field, currency: balance.currency)
    }

    private mutating func takeOpening(_ balance: MT940Balance, isFinal: Bool, field: MT940Field) throws {
        _ = try checkedAccount(for: balance, field: field)
        message.currency = balance.currency
        message.hasOpening = true
        guard let index = message.accountIndex else { return }
        var state = states[index]
        if let closing = state.lastClosing, closing.signedMinorUnits != balance.signedMinorUnits {
            if let number = message.statementNumber, let previous = state.lastStatementNumber, number < previous {
                throw MT940Error(
                    .statementsOutOfOrder(earlier: "\(previous)", later: "\(number)", closingAt: closing.location),
                    at: balance.location)
            }
            if balance.day < closing.day {
                throw MT940Error(
                    .statementsOutOfOrder(
                        earlier: "of \(closing.day)", later: "of \(balance.day)", closingAt: closing.location),
                    at: balance.location)
            }
            throw MT940Error(
                .brokenBalanceChain(
                    opening: balance.formatted, closing: closing.formatted, closingTag: closing.label,
                    closingAt: closing.location),
                at: balance.location)
        }
        if isFinal || !state.isStatementOpen {
            state.opening = isFinal ? balance : nil
            state.earliestBooking = nil
        }
        state.isStatementOpen = true
        states[index] = state
    }

    private mutating func takeClosing(_ balance: MT940Balance, isFinal: Bool, field: MT940Field) throws {
        let name = try checkedAccount(for: balance, field: field)
        message.hasClosing = true
        guard let index = message.accountIndex else { return }
        var state = states[index]
        state.lastClosing = balance
        state.lastStatementNumber = message.statementNumber
        if isFinal {
            if let opening = state.opening {
                // The balance before the statement's first booking: the :60F: date, unless a bank
                // dates it on the first booking day itself.
                var asOf = opening.day
                if let earliest = state.earliestBooking, earliest <= asOf { asOf = earliest.previous }
                try emit(
                    .balance(
                        StatementBalance(
                            account: name, asOf: asOf, signedMinorUnits: opening.signedMinorUnits,
                            currency: opening.currency, kind: .opening, location: opening.location)))
            }
            try emit(
                .balance(
                    StatementBalance(
                        account: name, asOf: balance.day, signedMinorUnits: balance.signedMinorUnits,
                        currency: balance.currency, kind: .ledger, location: balance.location)))
            state.isStatementOpen = false
            state.opening = nil
            state.earliestBooking = nil
        }
        states[index] = state
    }

    private mutating func flushPending() throws {
        // `take()` moves the line out rather than copying it, and the information's strings are
        // moved on into the draft (a copy would retain each and release it again).
        guard var pending = message.pending.take() else { return }
        guard let index = message.accountIndex else { return }
        var memo = ""
        var description = ""
        var payee: String?
        if let information = pending.information.take() {
            memo = information.memo
            description = information.description
            payee = information.payee
        }
        let line = pending.line
        // `NONREF` is no reference; ING's `EREF` points at the end-to-end reference in :86:.
        let reference = line.customerReference
        if !reference.isEmpty, reference != "NONREF", reference != "EREF", reference.uppercased() != "NONREF",
            !memo.contains("+" + reference)
        {
            MT940Information.append("ref " + reference, to: &memo)
        }
        if line.isReversal { MT940Information.append("reversal", to: &memo) }
        if description.isEmpty { description = line.supplementary }
        if description.isEmpty { description = line.typeCode }
        let account = states[index].name
        let externalID = references.externalID(
            for: line.bankReference, account: account, day: line.bookingDay,
            signedMinorUnits: line.amount.signedMinorUnits(line.direction), currency: line.amount.currency,
            description: description)
        let draft = Draft(
            account: account, bookingDay: line.bookingDay, transactionDay: line.valueDay, amount: line.amount,
            direction: line.direction,
            description: description, memo: memo, payee: payee,
            status: message.isInterim ? interimStatus : .booked, externalID: externalID, location: pending.location)

        if line.amount.currency.code == "PLN" {
            notePolishLetters(in: [description, memo, payee ?? ""], at: pending.location)
        }
        if states[index].isStatementOpen, states[index].earliestBooking.map({ line.bookingDay < $0 }) ?? true {
            states[index].earliestBooking = line.bookingDay
        }
        if message.isInterim {
            let units = line.amount.minorUnits
            var total = line.direction == .debit ? message.debits : message.credits
            let (sum, overflow) = total.sum.addingReportingOverflow(units)
            if overflow {
                throw MT940Error(
                    .amountOverflow(tag: ":61:", found: "the report's total with \(line.amount)"), at: pending.location)
            }
            total = (total.count + 1, sum)
            if line.direction == .debit { message.debits = total } else { message.credits = total }
            message.held.append(draft)
        } else {
            try emit(.draft(draft))
        }
    }

    /// Counts a PLN draft whose text has a letter that Windows-1250 or ISO-8859-2 bytes for ł, ą,
    /// ś, ż or Ś become in Windows-1252: `³`, `¹`, `¶`, `¿`, `¦`, `¥`.
    private mutating func notePolishLetters(in texts: [String], at location: SourceLocation) {
        let telltales: Set<Unicode.Scalar> = ["\u{B3}", "\u{B9}", "\u{B6}", "\u{BF}", "\u{A6}", "\u{A5}"]
        guard let text = texts.first(where: { $0.unicodeScalars.contains(where: telltales.contains) }) else { return }
        if var garbled = garbledPolish {
            garbled.count += 1
            garbledPolish = garbled
        } else {
            garbledPolish = (1, location, "\"" + String(text.prefix(40)) + "\"")
        }
    }

    /// `:90D:`/`:90C:`: number of entries, currency, sum (`3EUR1234,56`).
    private static func total(_ field: MT940Field) throws -> (field: MT940Field, count: Int, sum: Money) {
        let value = field.firstLine.prefix { $0 != 0x20 }
        let digits = value.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard let count = MT940Value.number(digits), value.count >= digits.count + 4 else {
            throw MT940Error(
                .badField(
                    tag: field.label, found: MT940Text.decode(value),
                    expected: "the number of entries, currency and sum (3EUR1234,56)"),
                at: field.location)
        }
        let currencyStart = value.startIndex + digits.count
        let currency = try MT940Value.currency(
            value[currencyStart..<(currencyStart + 3)], tag: field.label, at: field.location(at: digits.count))
        let sum = try MT940Value.amount(
            value[(currencyStart + 3)...], currency: currency, tag: field.label,
            at: field.location(at: digits.count + 3))
        return (field, count, sum)
    }

    private mutating func checkTotals() throws {
        for stated in message.statedTotals {
            let isDebit = stated.field.tag == .debitTotal
            let counted = isDebit ? message.debits : message.credits
            if let currency = message.currency, currency != stated.sum.currency {
                throw MT940Error(
                    .currencyMismatch(
                        tag: stated.field.label, found: stated.sum.currency.code, expected: currency.code),
                    at: stated.field.location)
            }
            if counted.count != stated.count || counted.sum != stated.sum.minorUnits {
                let currency = stated.sum.currency
                let kind = isDebit ? "debit" : "credit"
                throw MT940Error(
                    .totalsMismatch(
                        tag: stated.field.label,
                        stated: "\(stated.count) \(kind) entries of \(stated.sum) \(currency.code)",
                        counted:
                            "\(counted.count) of \(Money.format(counted.sum, currency: currency)) \(currency.code)"),
                    at: stated.field.location)
            }
        }
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension MT940StatementBuilder: Sendable {}
