import LedgerCore
import XMLStream

/// Reads a camt document through the shared hardened reader (``XMLStreamReader``) and hands each
/// statement's account, balances and entries to ``CamtStatementBuilder`` as they end, so memory
/// stays flat whatever the number of entries.
///
/// Elements are matched by their path below the statement (`Acct/Id/IBAN`), the entry
/// (`BookgDt/Dt`) or the transaction (`RltdPties/Dbtr/Pty/Nm`); the paths of every version from
/// .001.02 to .001.13 are listed, and every other element is read past.
final class CamtReader: XMLEventHandler {
    private let builder: CamtStatementBuilder
    private let fileName: String
    private var message: CamtMessage?
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
    private var value: [UInt8] = []
    private var valueLine = 0
    private var valueColumn = 0
    private var valueCurrency: String?

    init(builder: CamtStatementBuilder, fileName: String) {
        self.builder = builder
        self.fileName = fileName
    }

    // MARK: - API

    /// Reads the whole document.
    ///
    /// - Throws: ``CamtError`` for bad input, or what the builder's `emit` throws.
    func read(_ input: any ByteStream) throws {
        var head: [UInt8] = []
        let reader = XMLStreamReader(handler: self, fileName: input.name)
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
                try builder.note(notice)
            }
            try reader.feed(filtered)
        }
        do {
            while let chunk = try input.nextChunk() { try feed(chunk, isFinal: false) }
            try feed([], isFinal: true)
            try reader.finish()
        } catch let error as XMLStreamError {
            switch error.reason {
            case .doctypeRefused: throw CamtError(.doctypeRefused, at: error.location)
            case .malformed(let detail), .parserUnavailable(let detail):
                throw CamtError(.malformedXML(detail), at: error.location)
            }
        }
        guard message != nil else {
            throw CamtError(.notCamt(found: "empty"), at: SourceLocation(file: fileName, line: 1, column: 1))
        }
    }

    func startElement(_ tag: XMLStartTag) throws {
        let element = CamtElement.lookUp(tag.nameBytes)
        let depth = stack.count
        stack.append(element)
        value.removeAll(keepingCapacity: true)
        valueLine = tag.line
        valueColumn = tag.column
        valueCurrency = nil
        if element == .Amt || element == .TtlChrgsAndTaxAmt { valueCurrency = tag.attribute("Ccy") }
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

    func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        value.append(contentsOf: bytes)
    }

    func endElement(_ name: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws {
        let depth = stack.count - 1
        guard depth >= 0 else { return }
        defer {
            stack.removeLast()
            value.removeAll(keepingCapacity: true)
        }
        if depth == transactionDepth {
            transactionDepth = -1
            entry.transactions.append(transaction)
            return
        }
        if depth == entryDepth {
            entryDepth = -1
            try builder.entry(entry, account: account)
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

    private func readRoot(_ tag: XMLStartTag, element: CamtElement) throws {
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

    private func readStatementLeaf(_ path: ArraySlice<CamtElement>) {
        switch path.last {
        case .IBAN where path.elementsEqual([.Acct, .Id, .IBAN]):
            account.iban = text()
        case .Id where path.elementsEqual([.Acct, .Id, .Othr, .Id]):
            account.otherID = text()
        case .Ccy where path.elementsEqual([.Acct, .Ccy]):
            account.currency = leaf()
        case .Nm where path.elementsEqual([.Acct, .Nm]):
            account.name = text()
        case .Cd where path.elementsEqual([.Acct, .Tp, .Cd]):
            account.typeCode = text()
        case .Nm where path.elementsEqual([.Acct, .Svcr, .FinInstnId, .Nm]):
            account.servicerName = text()
        case .BICFI, .BIC:
            if path.elementsEqual([.Acct, .Svcr, .FinInstnId, path.last ?? .other]) { account.servicerBIC = text() }
        case .FrDtTm where path.elementsEqual([.FrToDt, .FrDtTm]):
            builder.statementStart(leaf())
        case .Id where path.count == 1:
            builder.summary?.id = text()
        default:
            break
        }
    }

    private func readBalanceLeaf(_ path: ArraySlice<CamtElement>) {
        switch path.last {
        case .Cd, .Prtry:
            if path.count == 3, path.starts(with: [.Tp, .CdOrPrtry]), balance.code == nil { balance.code = leaf() }
        case .Amt where path.count == 1:
            balance.amount = amount("Amt")
        case .CdtDbtInd where path.count == 1:
            balance.creditDebit = leaf()
        case .Dt, .DtTm:
            if path.count == 2, path.first == .Dt { balance.date = leaf() }
        default:
            break
        }
    }

    private func readEntryLeaf(_ path: ArraySlice<CamtElement>) {
        if path.count == 1 {
            switch path.last {
            case .Amt: entry.amount = amount("Amt")
            case .CdtDbtInd: entry.creditDebit = leaf()
            case .RvslInd: entry.reversal = leaf()
            case .Sts:
                let status = leaf()
                if entry.status == nil, !status.value.isEmpty { entry.status = status }
            case .AcctSvcrRef: entry.accountServicerReference = text()
            case .NtryRef: entry.entryReference = text()
            case .AddtlNtryInf: append(text(), to: &entry.details.additional)
            default: break
            }
            return
        }
        switch path.last {
        case .Cd where path.elementsEqual([.Sts, .Cd]), .Prtry where path.elementsEqual([.Sts, .Prtry]):
            entry.status = leaf()
        case .Dt, .DtTm:
            if path.count == 2, path.first == .BookgDt { entry.bookingDate = leaf() }
            if path.count == 2, path.first == .ValDt { entry.valueDate = leaf() }
        case .NbOfTxs where path.elementsEqual([.NtryDtls, .Btch, .NbOfTxs]):
            entry.batchCount = text()
        default:
            readDetail(path, into: &entry.details)
        }
    }

    private func readTransactionLeaf(_ path: ArraySlice<CamtElement>) {
        switch path.last {
        case .Amt where path.count == 1:
            transaction.amount = amount("Amt")
        case .Amt where path.elementsEqual([.AmtDtls, .TxAmt, .Amt]):
            if transaction.amount == nil { transaction.amount = amount("TxAmt") }
        case .CdtDbtInd where path.count == 1:
            transaction.creditDebit = leaf()
        case .AcctSvcrRef where path.elementsEqual([.Refs, .AcctSvcrRef]):
            transaction.accountServicerReference = text()
        case .EndToEndId where path.elementsEqual([.Refs, .EndToEndId]):
            transaction.endToEndID = text()
        case .AddtlTxInf where path.count == 1:
            append(text(), to: &transaction.details.additional)
        default:
            readDetail(path, into: &transaction.details)
        }
    }

    /// Parties, remittance, instructed amount, exchange rate and charges: the same paths below an
    /// entry and below a transaction.
    private func readDetail(_ path: ArraySlice<CamtElement>, into details: inout CamtDetails) {
        guard let first = path.first else { return }
        switch first {
        case .RltdPties:
            guard path.last == .Nm, path.count == 3 || (path.count == 4 && path[path.startIndex + 2] == .Pty) else {
                return
            }
            let name = text()
            switch path[path.startIndex + 1] {
            case .Dbtr: details.debtorName = details.debtorName ?? name
            case .Cdtr: details.creditorName = details.creditorName ?? name
            case .UltmtDbtr: details.ultimateDebtorName = details.ultimateDebtorName ?? name
            case .UltmtCdtr: details.ultimateCreditorName = details.ultimateCreditorName ?? name
            default: break
            }
        case .RmtInf:
            if path.elementsEqual([.RmtInf, .Ustrd]) { append(text(), to: &details.unstructured) }
            if path.elementsEqual([.RmtInf, .Strd, .CdtrRefInf, .Ref]) {
                append(text(), to: &details.creditorReferences)
            }
        case .AmtDtls:
            if path.elementsEqual([.AmtDtls, .InstdAmt, .Amt]) { details.instructed = amount("InstdAmt") }
            if path.count == 4, path.last == .XchgRate, path[path.startIndex + 2] == .CcyXchg,
                details.exchangeRate == nil
            {
                details.exchangeRate = text()
            }
        case .Chrgs:
            if path.elementsEqual([.Chrgs, .TtlChrgsAndTaxAmt]) { details.totalCharges = amount("TtlChrgsAndTaxAmt") }
            if path.elementsEqual([.Chrgs, .Rcrd, .Amt]) || path.elementsEqual([.Chrgs, .Amt]) {
                details.charges.append(amount("Chrgs/Amt"))
            }
        default:
            break
        }
    }

    private func append(_ text: String, to list: inout [String]) {
        if !text.isEmpty { list.append(text) }
    }

    /// The open element's text, trimmed, with runs of white space made one space and a bare `&`
    /// restored.
    private func text() -> String {
        let bytes = XMLInputFilter.restoringAmpersands(value)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private func leaf() -> CamtText {
        CamtText(value: text(), line: valueLine, column: valueColumn)
    }

    private func amount(_ element: String) -> CamtAmountText {
        CamtAmountText(element: element, value: text(), currency: valueCurrency, line: valueLine, column: valueColumn)
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: column)
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension CamtReader: Sendable {}
