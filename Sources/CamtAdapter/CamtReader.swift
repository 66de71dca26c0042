import LedgerCore
import XMLStream

/// Reads a camt document through the shared hardened reader (``XMLPipelinedReader``: libxml2 on a
/// thread of its own, this reading on the caller's) and hands each statement's account, balances
/// and entries to ``CamtStatementBuilder`` as they end, so memory stays flat whatever the number
/// of entries.
///
/// Elements are matched by their path below the statement (`Acct/Id/IBAN`), the entry
/// (`BookgDt/Dt`) or the transaction (`RltdPties/Dbtr/Pty/Nm`); the paths of every version from
/// .001.02 to .001.13 are listed, and every other element is read past.
final class CamtReader: XMLEventHandler {
    /// The most bytes of text one element may hold (between two tags).
    static let valueLimit = 1 << 20

    private let builder: CamtStatementBuilder
    private let fileName: String
    /// Everything that changes while reading, in one value: a callback is one access to it.
    /// Unchecked: only the callbacks of one reading, which never overlap, touch it, and a checked
    /// access per callback cost more than the callback's work.
    @exclusivity(unchecked) private var state: CamtReadingState

    init(builder: CamtStatementBuilder, fileName: String) {
        self.builder = builder
        self.fileName = fileName
        state = CamtReadingState(builder: builder, fileName: fileName)
    }

    // MARK: - API

    /// Reads the whole document.
    ///
    /// - Throws: ``CamtError`` for bad input, or what the builder's `emit` throws.
    func read(_ input: any ByteStream) throws {
        var head: [UInt8] = []
        let reader = XMLPipelinedReader(handler: self, fileName: input.name)
        var filter: XMLInputFilter?
        var hasNoted = false
        func feed(_ bytes: [UInt8], isFinal: Bool) throws {
            if filter == nil {
                head.append(contentsOf: bytes)
                guard head.count >= 256 || isFinal else { return }
                filter = XMLInputFilter(head: head[...], fileName: input.name, lineOffset: 0)
                let all = head
                head = []
                try feed(all, isFinal: isFinal)
                return
            }
            guard var active = filter else { return }
            let filtered = try active.filter(bytes, isFinal: isFinal)
            filter = active
            if !hasNoted, let notice = active.notice {
                hasNoted = true
                // The notice goes where it was found: after the events of the chunks before.
                try reader.deliverPending()
                try builder.note(notice)
            }
            try reader.feed(filtered)
        }
        do {
            do {
                while let chunk = try input.nextChunk() { try feed(chunk, isFinal: false) }
                try feed([], isFinal: true)
                try reader.finish()
                try builder.finish()
            } catch {
                // An error reading or filtering the bytes comes after the events of the chunks
                // before it, unless one of those stops the reading first.
                try reader.deliverPending()
                throw error
            }
        } catch let error as XMLStreamError {
            switch error.reason {
            case .doctypeRefused: throw CamtError(.doctypeRefused, at: error.location)
            case .malformed(let detail), .parserUnavailable(let detail):
                throw CamtError(.malformedXML(detail), at: error.location)
            }
        }
        guard state.message != nil else {
            throw CamtError(.notCamt(found: "empty"), at: SourceLocation(file: fileName, line: 1, column: 1))
        }
    }

    /// Every value is trimmed (``CamtLeafText/text()``) and every tag empties the open element's
    /// text, so the line break after each tag need not be handed over.
    var skipsBlankTextAfterTags: Bool { true }

    func startElement(_ tag: XMLStartTag) throws { try state.startElement(tag) }

    func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        try state.text(bytes, line: line, column: column)
    }

    func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        try state.endElement(name, line: line, column: column)
    }
}

/// The reading's state and what it does with each event: ``CamtReader``'s callbacks in one value.
struct CamtReadingState {
    let builder: CamtStatementBuilder
    let fileName: String
    private(set) var message: CamtMessage?
    private var stack: [CamtElement] = []
    /// Depths in `stack` of the open statement, balance, entry and transaction (-1: none).
    private var statementDepth = -1
    private var balanceDepth = -1
    private var entryDepth = -1
    private var transactionDepth = -1
    private var statementCount = 0
    private var account = CamtAccountRecord()
    private var balance = CamtBalanceRecord(line: 0, column: 0)
    private var entry = CamtEntryRecord(line: 0, column: 0)
    private var transaction = CamtTransactionRecord(line: 0, column: 0)
    /// The text of the element that is open, with its start and `Ccy` attribute.
    private var leafText = CamtLeafText()
    /// The last `Ccy` read and its currency (`nil`: not in ISO 4217).
    private var lastCurrency: (code: String, currency: Currency?)?
    /// The element names' table, read here without a lazy global's check per tag.
    private let names = CamtElement.names

    init(builder: CamtStatementBuilder, fileName: String) {
        self.builder = builder
        self.fileName = fileName
    }

    // MARK: - API

    mutating func startElement(_ tag: XMLStartTag) throws {
        let element = names.element(named: tag.nameBytes)
        let depth = stack.count
        stack.append(element)
        leafText.bytes.removeAll()
        leafText.line = tag.line
        leafText.column = tag.column
        if leafText.currency != nil {
            leafText.currency = nil
            leafText.knownCurrency = nil
        }
        if element == .Amt || element == .TtlChrgsAndTaxAmt { readCurrency(tag) }
        switch depth {
        case 0: try readRoot(tag, element: element)
        case 1:
            guard let message, element == message.kind.container else {
                throw CamtError(
                    .unsupportedMessage(found: "<\(tag.name)> in a \(message?.name ?? "camt") document"),
                    at: location(tag.line, tag.column))
            }
        case 2:
            if let message, element == message.kind.item {
                statementDepth = depth
                statementCount += 1
                account = CamtAccountRecord()
                try builder.beginStatement(at: location(tag.line, tag.column))
            }
        default:
            guard statementDepth >= 0 else { return }
            if depth == statementDepth + 1 {
                if element == .Bal {
                    balanceDepth = depth
                    balance = CamtBalanceRecord(line: tag.line, column: tag.column)
                } else if element == .Ntry {
                    entryDepth = depth
                    entry = CamtEntryRecord(line: tag.line, column: tag.column)
                }
            } else if entryDepth >= 0, depth == entryDepth + 2, element == .TxDtls, stack[entryDepth + 1] == .NtryDtls {
                transactionDepth = depth
                transaction = CamtTransactionRecord(line: tag.line, column: tag.column)
            }
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        guard leafText.bytes.count + bytes.count <= CamtReader.valueLimit else {
            throw CamtError(.elementTooLong(limit: CamtReader.valueLimit), at: location(line, column))
        }
        leafText.bytes.append(bytes)
    }

    mutating func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        let depth = stack.count - 1
        guard depth >= 0 else { return }
        defer {
            stack.removeLast()
            leafText.bytes.removeAll()
        }
        if depth == transactionDepth {
            transactionDepth = -1
            // Moved into the entry, not copied: the next `TxDtls` starts from an empty record.
            var finished = CamtTransactionRecord(line: 0, column: 0)
            swap(&finished, &transaction)
            entry.transactions.append(finished)
            return
        }
        if depth == entryDepth {
            entryDepth = -1
            // Moved to the builder, which keeps it in the draft's entry, not copied.
            var finished = CamtEntryRecord(line: 0, column: 0)
            swap(&finished, &entry)
            try builder.entry(finished, account: account)
            return
        }
        if depth == balanceDepth {
            balanceDepth = -1
            builder.balance(balance, account: account)
            return
        }
        if depth == statementDepth {
            statementDepth = -1
            try builder.endStatement(account: account, at: location(line, column))
            return
        }
        if depth == 1, statementCount == 0, let message {
            throw CamtError(
                .noStatement(container: "\(message.kind.container)", expected: "\(message.kind.item)"),
                at: location(line, column))
        }
        if transactionDepth >= 0 {
            readTransactionLeaf(stack[(transactionDepth + 1)...])
        } else if entryDepth >= 0 {
            readEntryLeaf(stack[(entryDepth + 1)...])
        } else if balanceDepth >= 0 {
            readBalanceLeaf(stack[(balanceDepth + 1)...])
        } else if statementDepth >= 0 {
            readStatementLeaf(stack[(statementDepth + 1)...])
        }
    }

    // MARK: - Private helpers

    /// The `Ccy` attribute, and its ISO 4217 currency looked up once per run of the same code.
    private mutating func readCurrency(_ tag: XMLStartTag) {
        guard let code = tag.attribute(localName: Self.currencyAttribute) else { return }
        leafText.currency = code
        if lastCurrency?.code != code { lastCurrency = (code, Currency(code: code)) }
        leafText.knownCurrency = lastCurrency?.currency
    }

    private static let currencyAttribute = Array("Ccy".utf8)

    private mutating func readRoot(_ tag: XMLStartTag, element: CamtElement) throws {
        let namespace = tag.namespace
        guard element == .Document, let namespace, namespace.hasPrefix(CamtMessage.namespacePrefix) else {
            let found = "<\(tag.name)>" + (namespace.map { " in namespace \($0)" } ?? "")
            throw CamtError(.notCamt(found: found), at: location(tag.line, tag.column))
        }
        guard let message = CamtMessage.named(namespace) else {
            throw CamtError(
                .unsupportedMessage(found: String(namespace.dropFirst(CamtMessage.namespacePrefix.count))),
                at: location(tag.line, tag.column))
        }
        self.message = message
        builder.message = message
    }

    private mutating func readStatementLeaf(_ path: ArraySlice<CamtElement>) {
        switch path.last {
        case .IBAN where path.isPath(.Acct, .Id, .IBAN):
            account.iban = leafText.text()
        case .Id where path.isPath(.Acct, .Id, .Othr, .Id):
            account.otherID = leafText.text()
        case .Ccy where path.isPath(.Acct, .Ccy):
            account.currency = leafText.leaf()
        case .Nm where path.isPath(.Acct, .Nm):
            account.name = leafText.text()
        case .Cd where path.isPath(.Acct, .Tp, .Cd):
            account.typeCode = leafText.text()
        case .Nm where path.isPath(.Acct, .Svcr, .FinInstnId, .Nm):
            account.servicerName = leafText.text()
        case .BICFI, .BIC:
            if path.isPath(.Acct, .Svcr, .FinInstnId, path.last ?? .other) { account.servicerBIC = leafText.text() }
        case .FrDtTm where path.isPath(.FrToDt, .FrDtTm):
            builder.statementStart(leafText.leaf())
        case .Id where path.count == 1:
            builder.summary?.id = leafText.text()
        default:
            break
        }
    }

    private mutating func readBalanceLeaf(_ path: ArraySlice<CamtElement>) {
        switch path.last {
        case .Cd, .Prtry:
            if path.count == 3, path.first == .Tp, path[path.startIndex + 1] == .CdOrPrtry, balance.code == nil {
                balance.code = leafText.leaf()
            }
        case .Amt where path.count == 1:
            balance.amount = leafText.amount("Amt")
        case .CdtDbtInd where path.count == 1:
            balance.creditDebit = leafText.leaf()
        case .Dt, .DtTm:
            if path.count == 2, path.first == .Dt { balance.date = leafText.leaf() }
        default:
            break
        }
    }

    private mutating func readEntryLeaf(_ path: ArraySlice<CamtElement>) {
        if path.count == 1 {
            switch path.last {
            case .Amt: entry.amount = leafText.amount("Amt")
            case .CdtDbtInd: entry.creditDebit = leafText.leaf()
            case .RvslInd: entry.reversal = leafText.leaf()
            case .Sts:
                let status = leafText.leaf()
                if entry.status == nil, !status.value.isEmpty { entry.status = status }
            case .AcctSvcrRef: entry.accountServicerReference = leafText.text()
            case .NtryRef: entry.entryReference = leafText.text()
            case .AddtlNtryInf: Self.append(leafText.text(), to: &entry.details.additional)
            default: break
            }
            return
        }
        switch path.last {
        case .Cd where path.isPath(.Sts, .Cd), .Prtry where path.isPath(.Sts, .Prtry):
            entry.status = leafText.leaf()
        case .Dt, .DtTm:
            if path.count == 2, path.first == .BookgDt { entry.bookingDate = leafText.leaf() }
            if path.count == 2, path.first == .ValDt { entry.valueDate = leafText.leaf() }
        case .NbOfTxs where path.isPath(.NtryDtls, .Btch, .NbOfTxs):
            entry.batchCount = leafText.text()
        default:
            Self.readDetail(path, leafText, into: &entry.details)
        }
    }

    private mutating func readTransactionLeaf(_ path: ArraySlice<CamtElement>) {
        switch path.last {
        case .Amt where path.count == 1:
            transaction.amount = leafText.amount("Amt")
        case .Amt where path.isPath(.AmtDtls, .TxAmt, .Amt):
            if transaction.amount == nil { transaction.amount = leafText.amount("TxAmt") }
        case .CdtDbtInd where path.count == 1:
            transaction.creditDebit = leafText.leaf()
        case .AcctSvcrRef where path.isPath(.Refs, .AcctSvcrRef):
            transaction.accountServicerReference = leafText.text()
        case .EndToEndId where path.isPath(.Refs, .EndToEndId):
            transaction.endToEndID = leafText.text()
        case .AddtlTxInf where path.count == 1:
            Self.append(leafText.text(), to: &transaction.details.additional)
        default:
            Self.readDetail(path, leafText, into: &transaction.details)
        }
    }

    /// Parties, remittance, instructed amount, exchange rate and charges: the same paths below an
    /// entry and below a transaction.
    private static func readDetail(
        _ path: ArraySlice<CamtElement>, _ leafText: CamtLeafText, into details: inout CamtDetails
    ) {
        guard let first = path.first else { return }
        switch first {
        case .RltdPties:
            guard path.last == .Nm, path.count == 3 || (path.count == 4 && path[path.startIndex + 2] == .Pty) else {
                return
            }
            let name = leafText.text()
            switch path[path.startIndex + 1] {
            case .Dbtr: details.debtorName = details.debtorName ?? name
            case .Cdtr: details.creditorName = details.creditorName ?? name
            case .UltmtDbtr: details.ultimateDebtorName = details.ultimateDebtorName ?? name
            case .UltmtCdtr: details.ultimateCreditorName = details.ultimateCreditorName ?? name
            default: break
            }
        case .RmtInf:
            if path.isPath(.RmtInf, .Ustrd) { Self.append(leafText.text(), to: &details.unstructured) }
            if path.isPath(.RmtInf, .Strd, .CdtrRefInf, .Ref) {
                Self.append(leafText.text(), to: &details.creditorReferences)
            }
        case .AmtDtls:
            if path.isPath(.AmtDtls, .InstdAmt, .Amt) { details.instructed = leafText.amount("InstdAmt") }
            if path.count == 4, path.last == .XchgRate, path[path.startIndex + 2] == .CcyXchg,
                details.exchangeRate == nil
            {
                details.exchangeRate = leafText.text()
            }
        case .Chrgs:
            if path.isPath(.Chrgs, .TtlChrgsAndTaxAmt) { details.totalCharges = leafText.amount("TtlChrgsAndTaxAmt") }
            if path.isPath(.Chrgs, .Rcrd, .Amt) || path.isPath(.Chrgs, .Amt) {
                details.charges.append(leafText.amount("Chrgs/Amt"))
            }
        default:
            break
        }
    }

    private static func append(_ text: String, to list: inout [String]) {
        if !text.isEmpty { list.append(text) }
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: column)
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension CamtReader: Sendable {}

extension ArraySlice<CamtElement> {
    /// Whether the path is exactly these elements (fixed arities: no array is built per test).
    fileprivate func isPath(_ first: CamtElement, _ second: CamtElement) -> Bool {
        count == 2 && self[startIndex] == first && self[startIndex + 1] == second
    }

    fileprivate func isPath(_ first: CamtElement, _ second: CamtElement, _ third: CamtElement) -> Bool {
        count == 3 && self[startIndex] == first && self[startIndex + 1] == second && self[startIndex + 2] == third
    }

    fileprivate func isPath(
        _ first: CamtElement, _ second: CamtElement, _ third: CamtElement, _ fourth: CamtElement
    ) -> Bool {
        count == 4 && self[startIndex] == first && self[startIndex + 1] == second && self[startIndex + 2] == third
            && self[startIndex + 3] == fourth
    }
}
