import LedgerCore

/// Turns the element events of an OFX document into ledgerport's events: accounts, drafts,
/// corrections, statement balances and skipped trades.
///
/// Both readers (``OFXSGMLReader`` for OFX 1.x, ``OFXXMLReader`` for OFX 2.x) feed it the same
/// three calls: an aggregate opens, an aggregate closes, a leaf has a value. It keeps the stack
/// of open aggregates and interprets a leaf only when its innermost open aggregate is the one the
/// specification puts it in (`TRNAMT` directly in `STMTTRN`, `ACCTID` directly in
/// `BANKACCTFROM`, ...), so unknown or misplaced elements never overwrite a value.
///
/// Tolerated structure (OFX 1.x files often need it):
/// - an end tag closes every aggregate opened after its start tag (a missing
///   `</BANKTRANLIST>` is closed by `</STMTRS>`);
/// - an end tag that matches no open aggregate is ignored (`<CCSTMTRS> ... </STMTRS>`: the card
///   statement is then closed by `</CCSTMTTRNRS>`);
/// - a start tag of an aggregate that is already open first closes it (a missing `</STMTTRN>`
///   before the next `<STMTTRN>`): OFX aggregates never contain themselves;
/// - an aggregate that starts inside one that holds only leaves (`BANKACCTFROM`, `LEDGERBAL`,
///   `STATUS`, ...) first closes that one, whose end tag was left out;
/// - a statement-level aggregate that follows the transaction list (`LEDGERBAL`, `AVAILBAL`,
///   `BANKTRANLISTP`, `INVPOSLIST`, `INVBAL`, ...) first closes a transaction list left open.
///
/// A value, owned by the reader that feeds it and changed through `mutating` calls, so the
/// compiler proves each access exclusive. As a class, every property it touched for every tag
/// paid a run-time exclusivity check (`swift_beginAccess`, about 11 % of an OFX dry run).
struct OFXStatementBuilder {
    /// The file's name, for locations.
    let fileName: String
    private let accountOverride: String?
    /// The commodities the ledger declares: CURDEF and CURSYM resolve through it.
    private let commodities: CommodityTable
    private let emit: (AdapterEvent) throws -> Void

    private var stack: [OFXTag] = []
    private var stackLocations: [SourceLocation] = []
    /// Whether `</OFX>` has been read: everything after it is ignored.
    private(set) var isDocumentClosed = false
    private var sawDocument = false

    // Signon (OFX 2.2 §2.5.1): FI/ORG names the institution.
    private var organisation: String?
    /// FI/FID, the institution's id, named when ORG is missing.
    private var institutionID: String?

    /// Statements read so far, and where `<OFX>` starts (a document with none is refused there).
    private var statements = 0
    private var documentLocation: SourceLocation?
    /// The `<STATUS>` being read, and the first one whose code is not 0: what a server said when
    /// it sent no statement.
    private var status: (code: String, severity: String, message: String, location: SourceLocation)?
    private var refusal: (text: String, location: SourceLocation)?

    private var statement: OFXStatementState?
    private var transaction: OFXTransactionRecord?
    private var balance: OFXBalanceState?

    /// Names given to account identities so far, for uniqueness and the `--account` rule.
    private var namesByIdentity: [OFXAccountIdentity: String] = [:]
    private var identitiesByName: [String: OFXAccountIdentity] = [:]
    private var fitIDs = FITIDRegistry()

    init(
        fileName: String, accountOverride: String?, commodities: CommodityTable = CommodityTable(),
        emit: @escaping (AdapterEvent) throws -> Void
    ) {
        self.fileName = fileName
        self.accountOverride = accountOverride
        self.commodities = commodities
        self.emit = emit
        stack.reserveCapacity(16)
        stackLocations.reserveCapacity(16)
    }

    /// The ISO 4217 currency or declared commodity a code names (CURDEF, CURSYM).
    ///
    /// - Throws: ``OFXError`` `.undeclaredCommodity` for a code that could be a commodity the
    ///   ledger doesn't declare, `.unknownCurrency` for text that can't be one.
    private func resolvedCurrency(_ code: String, element: String, at location: SourceLocation) throws(OFXError)
        -> Currency
    {
        do {
            return try commodities.currency(code: code, at: location)
        } catch {
            if case .undeclaredCommodity = error.reason {
                throw OFXError(.undeclaredCommodity(element: element, found: code), at: location)
            }
            throw OFXError(.unknownCurrency(element: element, found: code), at: location)
        }
    }

    // MARK: - Element events

    /// An aggregate's start tag.
    mutating func open(_ tag: OFXTag, line: Int, column: Int) throws {
        if isDocumentClosed { return }
        if let index = stack.lastIndex(of: tag) { try popThrough(index) }
        if let top = stack.last, top.holdsOnlyLeaves {
            // `</BANKACCTFROM>` (or another leaves-only end tag) is missing.
            try popThrough(stack.count - 1)
        }
        if tag.followsTransactionList, let top = stack.last, top == .BANKTRANLIST || top == .INVTRANLIST {
            // `</BANKTRANLIST>` is missing: a balance can't be inside the list, so the list ended.
            try popThrough(stack.count - 1)
        }
        let location = SourceLocation(file: fileName, line: line, column: column)
        let parent = stack.last
        stack.append(tag)
        stackLocations.append(location)
        switch tag {
        case .OFX:
            sawDocument = true
            documentLocation = location
        case .STATUS:
            status = ("", "", "", location)
        case .STMTRS:
            transaction = nil
            balance = nil
            statement = OFXStatementState(kind: .bank, location: location)
        case .CCSTMTRS:
            transaction = nil
            balance = nil
            statement = OFXStatementState(kind: .creditCard, location: location)
        case .INVSTMTRS:
            transaction = nil
            balance = nil
            statement = OFXStatementState(kind: .investment, location: location)
        case .BANKACCTFROM, .CCACCTFROM, .INVACCTFROM:
            if let statement, stack.count >= 2, stack[stack.count - 2] == statement.aggregate {
                self.statement?.identity = OFXAccountIdentity(kind: statement.kind)
            }
        case .STMTTRN:
            let inStatement =
                parent == .BANKTRANLIST || parent == .INVBANKTRAN
                || (parent.map { [.STMTRS, .CCSTMTRS].contains($0) } ?? false)
            if statement != nil && inStatement {
                transaction = OFXTransactionRecord(location: location, isPending: false)
            }
        case .STMTTRNP:
            if statement != nil && parent == .BANKTRANLISTP {
                transaction = OFXTransactionRecord(location: location, isPending: true)
            }
        case .LEDGERBAL, .AVAILBAL:
            if let statement, parent == statement.aggregate {
                balance = OFXBalanceState(kind: tag == .LEDGERBAL ? .ledger : .available, location: location)
            }
        case .CURRENCY, .ORIGCURRENCY:
            if parent == .STMTTRN || parent == .STMTTRNP { transaction?.currencyIsOriginal = tag == .ORIGCURRENCY }
        default:
            if tag.isSecurityTrade, statement?.kind == .investment, parent == .INVTRANLIST {
                statement?.skippedTrades += 1
                if statement?.firstSkippedTrade == nil { statement?.firstSkippedTrade = location }
                if statement?.skippedTradeTypes.contains(tag.name) == false {
                    statement?.skippedTradeTypes.append(tag.name)
                }
            }
        }
    }

    /// An aggregate's end tag: closes it and everything opened inside it; ignored when it matches
    /// no open aggregate.
    mutating func close(_ tag: OFXTag) throws {
        if isDocumentClosed { return }
        guard let index = stack.lastIndex(of: tag) else { return }
        try popThrough(index)
    }

    /// A leaf element and its raw value.
    mutating func leaf(_ tag: OFXTag, value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        if isDocumentClosed { return }
        guard let parent = stack.last else { return }
        let fileName = self.fileName
        let location = { SourceLocation(file: fileName, line: line, column: column) }
        // Every value is text; a NUL in one is refused where it stands (LedgerCore's TextRule).
        try TextRule.check(value, field: "<\(tag.name)>", at: location)
        switch parent {
        case .STMTTRN, .STMTTRNP:
            guard transaction != nil else { return }
            try transactionLeaf(tag, value: value, location: location)
        case .PAYEE:
            if tag == .NAME, stack.count >= 2, stack[stack.count - 2] == .STMTTRN {
                transaction?.payeeName = OFXText.decode(value)
            }
        case .CURRENCY, .ORIGCURRENCY:
            guard transaction != nil, stack.count >= 2,
                stack[stack.count - 2] == .STMTTRN || stack[stack.count - 2] == .STMTTRNP
            else { return }
            if tag == .CURSYM {
                transaction?.currencySymbol = OFXText.decode(value)
                transaction?.currencySymbolLocation = location()
            } else if tag == .CURRATE {
                transaction?.currencyRate = try OFXAmount(OFXText.trimmed(value), element: tag, at: location)
            }
        case .LEDGERBAL, .AVAILBAL:
            guard balance != nil else { return }
            if tag == .BALAMT {
                let text = OFXText.trimmed(value)
                // An empty BALAMT states no balance: the statement's transactions are still read.
                if text.isEmpty {
                    balance?.isAmountEmpty = true
                } else {
                    balance?.amount = try OFXAmount(text, element: tag, at: location)
                }
                balance?.amountLocation = location()
            } else if tag == .DTASOF {
                balance?.asOf = try Self.dateTime(value, tag, location)
            }
        case .BANKACCTFROM, .CCACCTFROM, .INVACCTFROM:
            guard statement?.identity != nil else { return }
            let text = OFXText.decode(value)
            switch tag {
            case .BANKID: statement?.identity?.bankID = text
            case .BRANCHID: statement?.identity?.branchID = text
            case .ACCTID: statement?.identity?.accountID = text
            case .ACCTTYPE: statement?.identity?.accountType = text
            case .BROKERID: statement?.identity?.brokerID = text
            default: break
            }
        case .STMTRS, .CCSTMTRS, .INVSTMTRS:
            guard statement != nil else { return }
            if tag == .CURDEF {
                let currency = try resolvedCurrency(OFXText.decode(value), element: tag.name, at: location())
                statement?.currency = currency
            } else if tag == .DTASOF, parent == .INVSTMTRS {
                statement?.asOf = try Self.dateTime(value, tag, location)
            }
        case .INVBAL:
            if tag == .AVAILCASH, statement?.kind == .investment {
                statement?.availableCash = try OFXAmount(OFXText.trimmed(value), element: tag, at: location)
                statement?.availableCashLocation = location()
            }
        case .STATUS:
            switch tag {
            case .CODE: status?.code = OFXText.decode(value)
            case .SEVERITY: status?.severity = OFXText.decode(value)
            case .MESSAGE: status?.message = OFXText.decode(value)
            default: break
            }
        case .FI:
            if tag == .ORG {
                organisation = OFXText.decode(value)
            } else if tag == .FID {
                institutionID = OFXText.decode(value)
            }
        default:
            break
        }
    }

    /// Reports what a reader tolerated (an encoding label contradicting the bytes).
    func note(_ notice: AdapterNotice) throws {
        try emit(.notice(notice))
    }

    /// The end of the input: `</OFX>` must have been read.
    ///
    /// - Parameters:
    ///   - line: the line where the input ends.
    ///   - column: the column where the input ends.
    /// - Throws: ``OFXError`` `.notOFX` when no `<OFX>` was read, else `.truncated`.
    func finish(line: Int, column: Int) throws {
        if isDocumentClosed { return }
        let location = SourceLocation(file: fileName, line: line, column: column)
        guard sawDocument else { throw OFXError(.notOFX, at: .file(fileName)) }
        throw OFXError(.truncated(open: stack.last?.name ?? "OFX"), at: location)
    }

    // MARK: - Private helpers

    private mutating func popThrough(_ index: Int) throws {
        while stack.count > index {
            let tag = stack.removeLast()
            let location = stackLocations.removeLast()
            try finished(tag, at: location)
        }
    }

    /// An aggregate has closed: act on what it held.
    private mutating func finished(_ tag: OFXTag, at location: SourceLocation) throws {
        switch tag {
        case .OFX:
            isDocumentClosed = true
            if statements == 0 {
                throw OFXError(
                    .noStatement(serverStatus: refusal?.text), at: refusal?.location ?? documentLocation ?? location)
            }
        case .STATUS:
            if let status = status.take(), refusal == nil, !status.code.isEmpty, status.code != "0" {
                let said = [status.severity, status.code].filter { !$0.isEmpty }.joined(separator: " ")
                refusal = (status.message.isEmpty ? said : "\(said): \(status.message)", status.location)
            }
        case .BANKACCTFROM, .CCACCTFROM, .INVACCTFROM:
            if let statement, statement.accountName == nil, statement.identity != nil {
                try declareAccount(at: location)
            }
        case .STMTTRN, .STMTTRNP:
            // `take()` moves the record out rather than copying it (a copy retains every string).
            if let record = transaction.take() { try finishTransaction(record) }
        case .LEDGERBAL, .AVAILBAL:
            if let state = balance.take() { try finishBalance(state, tag: tag) }
        case .STMTRS, .CCSTMTRS, .INVSTMTRS:
            statements += 1
            if let state = statement.take() { try finishStatement(state, tag: tag) }
        default:
            break
        }
    }

    private mutating func transactionLeaf(
        _ tag: OFXTag, value: UnsafeBufferPointer<UInt8>, location: () -> SourceLocation
    ) throws {
        switch tag {
        case .TRNTYPE: transaction?.trnType = TRNTYPE(reading: value)
        case .DTPOSTED, .DTTRAN: transaction?.posted = try Self.dateTime(value, tag, location)
        case .DTUSER: transaction?.user = try Self.dateTime(value, tag, location)
        case .DTAVAIL, .DTEXPIRE: _ = try Self.dateTime(value, tag, location)
        case .TRNAMT:
            transaction?.amount = try OFXAmount(OFXText.trimmed(value), element: tag, at: location)
            transaction?.amountLocation = location()
        case .FITID: transaction?.fitID = OFXText.decode(value)
        case .CORRECTFITID: transaction?.correctFitID = OFXText.decode(value)
        case .CORRECTACTION:
            transaction?.correctAction = OFXText.decode(value)
            transaction?.correctActionLocation = location()
        case .NAME: transaction?.name = OFXText.decode(value)
        case .EXTDNAME: transaction?.extendedName = OFXText.decode(value)
        case .MEMO: transaction?.memo = OFXText.decode(value)
        case .CHECKNUM: transaction?.checkNumber = OFXText.decode(value)
        case .REFNUM: transaction?.referenceNumber = OFXText.decode(value)
        default: break
        }
    }

    private static func dateTime(
        _ value: UnsafeBufferPointer<UInt8>, _ tag: OFXTag, _ location: () -> SourceLocation
    ) throws(OFXError) -> OFXDateTime {
        let text = OFXText.trimmed(value)
        guard let dateTime = OFXDateTime(text) else {
            throw OFXError(.notADate(element: tag.name, found: OFXText.decode(value)), at: location())
        }
        return dateTime
    }

    private mutating func declareAccount(at location: SourceLocation) throws {
        guard var state = statement, let identity = state.identity else { return }
        guard let accountID = identity.accountID, !accountID.isEmpty else {
            throw OFXError(.missingElement(element: "ACCTID", in: accountAggregate(identity.kind)), at: location)
        }
        let name: String
        if let existing = namesByIdentity[identity] {
            name = existing
        } else if let accountOverride {
            if let other = namesByIdentity.keys.first {
                throw OFXError(
                    .accountOptionWithSeveralAccounts(
                        first: "\(other.typeLabel) \(other.maskedNumber)",
                        second: "\(identity.typeLabel) \(identity.maskedNumber)"),
                    at: location)
            }
            name = accountOverride
        } else {
            var candidate = identity.name(institution: institution)
            if identitiesByName[candidate] != nil { candidate += " (\(identity.shortHash))" }
            name = candidate
        }
        namesByIdentity[identity] = name
        identitiesByName[name] = identity
        state.accountName = name
        statement = state
        try emit(
            .account(
                AccountReference(
                    name: name, kind: identity.accountKind, currency: state.currency,
                    institution: identity.institutionName(institution), maskedNumber: identity.maskedNumber)))
    }

    /// FI/ORG, else `FI <FID>`, when the signon names the institution.
    private var institution: String? {
        if let organisation, !organisation.isEmpty { return organisation }
        if let institutionID, !institutionID.isEmpty { return "FI \(institutionID)" }
        return nil
    }

    private func accountAggregate(_ kind: OFXAccountIdentity.Kind) -> String {
        switch kind {
        case .bank: return "BANKACCTFROM"
        case .creditCard: return "CCACCTFROM"
        case .investment: return "INVACCTFROM"
        }
    }

    /// The statement's account and currency, or the error saying which is missing.
    private func accountAndCurrency(for location: SourceLocation) throws -> (String, Currency) {
        // The two fields are read in place: binding the whole state (`guard let state`) copied it,
        // retaining and releasing each of its strings, once per transaction.
        if let currency = statement?.currency, let account = statement?.accountName { return (account, currency) }
        guard let state = statement else {
            // Only a garbled nesting (a statement opened and closed inside a transaction) gets here.
            throw OFXError(.missingElement(element: "STMTRS", in: "OFX"), at: location)
        }
        guard state.currency != nil else {
            throw OFXError(.missingElement(element: "CURDEF", in: state.aggregate.name), at: state.location)
        }
        throw OFXError(.missingElement(element: accountAggregate(state.kind), in: state.aggregate.name), at: location)
    }

    private mutating func finishTransaction(_ record: OFXTransactionRecord) throws {
        let (account, currency) = try accountAndCurrency(for: record.location)
        let aggregate = record.isPending ? "STMTTRNP" : "STMTTRN"

        if let action = record.correctAction?.uppercased(), action == "DELETE" {
            guard let target = record.correctFitID, !target.isEmpty else {
                throw OFXError(.badCorrection(found: action), at: record.correctActionLocation ?? record.location)
            }
            try emit(
                .correction(DraftCorrection(account: account, correctedExternalID: target, location: record.location)))
            return
        }

        guard let posted = record.posted else {
            throw OFXError(
                .missingElement(element: record.isPending ? "DTTRAN" : "DTPOSTED", in: aggregate), at: record.location)
        }
        guard let amountText = record.amount, let amountLocation = record.amountLocation else {
            throw OFXError(.missingElement(element: "TRNAMT", in: aggregate), at: record.location)
        }
        let description = record.description
        var memo = record.memoText(description: description)
        var (amount, direction, isRounded) = try amountText.roundedMoney(
            in: currency, element: .TRNAMT, at: amountLocation)
        if let symbol = record.currencySymbol {
            let symbolLocation = record.currencySymbolLocation ?? record.location
            let foreign = try resolvedCurrency(symbol, element: "CURSYM", at: symbolLocation)
            guard let rate = record.currencyRate else {
                throw OFXError(
                    .missingElement(element: "CURRATE", in: record.currencyIsOriginal ? "ORIGCURRENCY" : "CURRENCY"),
                    at: symbolLocation)
            }
            if record.currencyIsOriginal {
                let note = "originally \(foreign.code) at \(rate.text)"
                memo = memo.isEmpty ? note : memo + "; " + note
            } else if foreign != currency {
                // TRNAMT is in CURSYM; CURDEF = TRNAMT × CURRATE, rounded half to even (the one
                // place an OFX amount is rounded, because the conversion makes more digits).
                let converted = try OFXStatementBuilder.convert(
                    amountText, rate: rate, into: currency, at: amountLocation)
                (amount, direction) = converted
                isRounded = false
                let note = "\(amountText.text) \(foreign.code) at \(rate.text)"
                memo = memo.isEmpty ? note : memo + "; " + note
            }
        }
        if isRounded {
            // Finer than the minor unit (a money-market line): rounded half to even; the memo
            // keeps what the bank sent, and the statement's notice counts it.
            let note = "TRNAMT \(amountText.text)"
            memo = memo.isEmpty ? note : memo + "; " + note
            statement?.roundedAmounts += 1
            if statement?.firstRoundedAmount == nil { statement?.firstRoundedAmount = amountLocation }
        }
        var externalID: String?
        if let fitID = record.fitID, !fitID.isEmpty {
            externalID = fitIDs.externalID(
                for: fitID, account: account, day: posted.day, signedMinorUnits: amount.signedMinorUnits(direction),
                currency: amount.currency, description: description)
        }
        // Built once, with its id: building it without and then copying it with the id cost a
        // retain and a release of every string, and a second draft to free.
        let draft = Draft(
            account: account, bookingDay: posted.day, transactionDay: record.user?.day, amount: amount,
            direction: direction, description: description, memo: memo,
            status: record.isPending ? .pending : .booked, externalID: externalID, location: record.location)

        if let action = record.correctAction?.uppercased() {
            guard action == "REPLACE", let target = record.correctFitID, !target.isEmpty else {
                throw OFXError(.badCorrection(found: action), at: record.correctActionLocation ?? record.location)
            }
            // The withdrawal first, then the replacing record as an ordinary draft.
            try emit(
                .correction(
                    DraftCorrection(
                        account: account, correctedExternalID: target, isReplacement: true,
                        location: record.location)))
        } else if record.correctFitID != nil {
            throw OFXError(.badCorrection(found: ""), at: record.location)
        }
        try emit(.draft(draft))
    }

    private static func convert(
        _ amount: OFXAmount, rate: OFXAmount, into currency: Currency, at location: SourceLocation
    ) throws(OFXError) -> (Money, Direction) {
        let (product, overflow) = amount.number.significand.multipliedReportingOverflow(by: rate.number.significand)
        guard !overflow else { throw OFXError(.amountOverflow(element: "TRNAMT", found: amount.text), at: location) }
        let exact = DecimalNumber(
            isNegative: amount.number.isNegative != rate.number.isNegative, significand: product,
            fractionDigits: amount.number.fractionDigits + rate.number.fractionDigits)
        guard let result = Money.rounded(exact, currency: currency) else {
            throw OFXError(.amountOverflow(element: "TRNAMT", found: amount.text), at: location)
        }
        return result
    }

    private func finishBalance(_ state: OFXBalanceState, tag: OFXTag) throws {
        let (account, currency) = try accountAndCurrency(for: state.location)
        if state.isAmountEmpty, state.amount == nil, let amountLocation = state.amountLocation {
            let reason = "<\(tag.name)> has an empty <BALAMT>: no balance stated, none checked"
            try emit(.notice(AdapterNotice(count: 1, reason: reason, location: amountLocation)))
            return
        }
        guard let amount = state.amount, let amountLocation = state.amountLocation else {
            throw OFXError(.missingElement(element: "BALAMT", in: tag.name), at: state.location)
        }
        guard let asOf = state.asOf else {
            throw OFXError(.missingElement(element: "DTASOF", in: tag.name), at: state.location)
        }
        let signed = try amount.signedMinorUnits(in: currency, element: .BALAMT, at: amountLocation)
        try emit(
            .balance(
                StatementBalance(
                    account: account, asOf: asOf.day, signedMinorUnits: signed, currency: currency, kind: state.kind,
                    location: state.location)))
    }

    private func finishStatement(_ state: OFXStatementState, tag: OFXTag) throws {
        guard state.accountName != nil else {
            throw OFXError(.missingElement(element: accountAggregate(state.kind), in: tag.name), at: state.location)
        }
        if state.roundedAmounts > 0, let first = state.firstRoundedAmount, let currency = state.currency {
            let reason =
                "<TRNAMT> finer than \(currency.code)'s minor unit (\(currency.minorDigits) decimals), "
                + "rounded half to even; the memo keeps the amount sent"
            try emit(.notice(AdapterNotice(count: state.roundedAmounts, reason: reason, location: first)))
        }
        if state.skippedTrades > 0, let first = state.firstSkippedTrade {
            let reason = "security trades (\(state.skippedTradeTypes.joined(separator: ", "))) are not imported"
            try emit(.skipped(SkippedRecords(count: state.skippedTrades, reason: reason, location: first)))
        }
        if let cash = state.availableCash, let cashLocation = state.availableCashLocation, let asOf = state.asOf,
            let currency = state.currency, let account = state.accountName
        {
            let signed = try cash.signedMinorUnits(in: currency, element: .AVAILCASH, at: cashLocation)
            try emit(
                .balance(
                    StatementBalance(
                        account: account, asOf: asOf.day, signedMinorUnits: signed, currency: currency,
                        kind: .available, location: cashLocation)))
        }
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension OFXStatementBuilder: Sendable {}
