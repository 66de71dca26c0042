import LedgerCore

/// Turns what ``CamtReader`` read of each statement, report or notification into events: the
/// account once, before its first draft; a draft per booked or pending entry (or per transaction
/// of a batch that states each one's amount); then the statement's balances, its skipped `INFO`
/// entries and its notices.
final class CamtStatementBuilder {
    private let fileName: String
    private let accountOverride: String?
    private let emit: (AdapterEvent) throws -> Void

    /// The message being read, once its root is.
    var message: CamtMessage?
    /// What `inspect` shows of each statement, collected only when it asks.
    private(set) var summaries: [CamtStatementSummary] = []
    /// The open statement's summary, when summaries are collected.
    var summary: CamtStatementSummary?
    private let collectsSummaries: Bool

    // The file.
    private var accountNames: [CamtAccountIdentity: String] = [:]
    private var usedNames: Set<String> = []
    private var overriddenIdentity: CamtAccountIdentity?
    /// Ids given out per account: the content they were given for (day, signed amount and a hash
    /// of the entry's texts), so a repeat of the same entry gets the same id and a different entry
    /// never does.
    private var claimedIDs: [String: IDRegistry] = [:]
    /// The open statement's account's registry.
    private var registry = IDRegistry()

    /// ITBD balances not yet replaced, emitted when the file ends.
    private var heldInterim: [StatementBalance] = []

    // The open statement.
    private var statementLocation = SourceLocation.file("")
    private var account: AccountReference?
    private var statementCurrency: Currency?
    private var fromDay: Day?
    private var balances: [CamtBalanceRecord] = []
    private var infoCount = 0
    private var firstInfo: SourceLocation?
    private var valueDateCount = 0
    private var firstValueDate: SourceLocation?

    private struct ClaimedContent: Hashable {
        var day: Day
        var signedMinorUnits: Int64
        /// ``textHash(of:)`` of the entry, or of the split row's transaction.
        var text: UInt64
    }

    /// The ids given out in one account.
    private final class IDRegistry {
        var contents: [String: ClaimedContent] = [:]
    }

    init(
        fileName: String, accountOverride: String?, collectsSummaries: Bool = false,
        emit: @escaping (AdapterEvent) throws -> Void
    ) {
        self.collectsSummaries = collectsSummaries
        self.fileName = fileName
        self.accountOverride = accountOverride
        self.emit = emit
    }

    // MARK: - API

    /// Hands on a notice from reading the bytes (an encoding label that contradicts them).
    func note(_ notice: AdapterNotice) throws { try emit(.notice(notice)) }

    /// A `Stmt`, `Rpt` or `Ntfctn` starts.
    func beginStatement(at location: SourceLocation) throws {
        statementLocation = location
        if collectsSummaries { summary = CamtStatementSummary(message: message, location: location) }
        account = nil
        statementCurrency = nil
        fromDay = nil
        balances = []
        infoCount = 0
        firstInfo = nil
        valueDateCount = 0
        firstValueDate = nil
    }

    /// `FrToDt/FrDtTm`: the first moment the statement covers.
    func statementStart(_ text: CamtText) {
        fromDay = try? CamtValue.day(text, element: "FrDtTm", file: fileName)
    }

    /// A `Bal` ended; balances are emitted when the statement ends.
    func balance(_ record: CamtBalanceRecord, account: CamtAccountRecord) {
        balances.append(record)
    }

    /// An `Ntry` ended: its drafts, or a count of it when it is `INFO`.
    func entry(_ record: consuming CamtEntryRecord, account accountRecord: CamtAccountRecord) throws {
        let location = here(record.line, record.column)
        let amount = try CamtValue.money(try required(record.amount, "Amt", in: "Ntry", at: location), file: fileName)
        let direction = try CamtValue.direction(record.creditDebit, in: "Ntry", at: location)
        let isReversal = try CamtValue.isReversal(record.reversal, file: fileName)
        let status = try entryStatus(record, at: location)
        summary?.count(status)
        guard let status else {
            infoCount += 1
            if firstInfo == nil { firstInfo = location }
            return
        }
        // The statement's first balance is looked at only until the account is declared.
        let account =
            try self.account ?? declareAccount(accountRecord, firstCurrency: firstBalanceCurrency ?? amount.currency)
        if let currency = account.currency, currency != amount.currency, let text = record.amount {
            throw CamtError(
                .currencyMismatch(element: "Ntry/Amt", found: amount.currency.code, account: currency.code),
                at: here(text.line, text.column))
        }
        let bookingDay: Day
        if let booking = record.bookingDate {
            bookingDay = try CamtValue.day(booking, element: "BookgDt", file: fileName)
        } else if let value = record.valueDate {
            bookingDay = try CamtValue.day(value, element: "ValDt", file: fileName)
            valueDateCount += 1
            if firstValueDate == nil { firstValueDate = location }
        } else {
            throw CamtError(.missingElement(element: "BookgDt", in: "Ntry"), at: location)
        }
        let valueDay = try record.valueDate.map { text throws(CamtError) in
            try CamtValue.day(text, element: "ValDt", file: fileName)
        }
        let entry = CamtEntry(
            record: record, account: account.name, amount: amount, direction: direction, isReversal: isReversal,
            status: status, bookingDay: bookingDay, valueDay: valueDay, location: location)
        let rows = try splitRows(entry)
        let entryID = claimEntryID(entry)
        if let rows {
            for (index, row) in rows.enumerated() {
                let id = splitID(entryID: entryID, index: index + 1, row: row, entry: entry)
                try emit(.draft(try entry.draft(for: row, externalID: id, file: fileName)))
            }
        } else {
            try emit(.draft(try entry.singleDraft(externalID: entryID, file: fileName)))
        }
    }

    /// The statement ended: its account (when no entry declared it), balances, skipped and notices.
    func endStatement(account record: CamtAccountRecord, at end: SourceLocation) throws {
        let account = try declareAccount(record, firstCurrency: firstBalanceCurrency)
        try emitBalances(of: account)
        if var summary {
            summary.account = account.name
            summary.currency = account.currency?.code
            summaries.append(summary)
            self.summary = nil
        }
        if infoCount > 0, let firstInfo {
            try emit(
                .skipped(
                    SkippedRecords(
                        count: infoCount, reason: "entries with status INFO (information only, not booked)",
                        location: firstInfo)))
        }
        if valueDateCount > 0, let firstValueDate {
            try emit(
                .notice(
                    AdapterNotice(
                        count: valueDateCount, reason: "entries without <BookgDt>: booked on their <ValDt>",
                        location: firstValueDate)))
        }
    }

    /// The file ended: the interim balances no closing or later interim balance replaced.
    func finish() throws {
        for balance in heldInterim { try emit(.balance(balance)) }
        heldInterim = []
    }

    // MARK: - Private helpers

    /// The currency of the statement's first balance, when it names a real one.
    private var firstBalanceCurrency: Currency? {
        balances.lazy.compactMap { $0.amount?.currency }.first.flatMap { Currency(code: $0) }
    }

    private func here(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: column)
    }

    private func required<T>(_ value: T?, _ element: String, in parent: String, at location: SourceLocation)
        throws(CamtError) -> T
    {
        guard let value else { throw CamtError(.missingElement(element: element, in: parent), at: location) }
        return value
    }

    /// BOOK is booked, PDNG and FUTR pending, INFO `nil` (not a transaction).
    private func entryStatus(_ record: CamtEntryRecord, at location: SourceLocation) throws(CamtError)
        -> TransactionStatus?
    {
        let text = try required(record.status, "Sts", in: "Ntry", at: location)
        switch text.value {
        case "BOOK": return .booked
        case "PDNG", "FUTR": return .pending
        case "INFO": return nil
        default:
            throw CamtError(
                .badValue(element: "Sts", found: text.value, expected: "BOOK, PDNG, FUTR or INFO"),
                at: here(text.line, text.column))
        }
    }

    /// Declares the statement's account the first time it is needed.
    private func declareAccount(_ record: CamtAccountRecord, firstCurrency: Currency?) throws -> AccountReference {
        if let account { return account }
        guard let identity = CamtAccountIdentity(record) else {
            throw CamtError(
                .missingElement(element: "Acct/Id/IBAN or Acct/Id/Othr/Id", in: "Stmt"), at: statementLocation)
        }
        var currency = firstCurrency
        if let text = record.currency {
            guard let stated = Currency(code: text.value) else {
                throw CamtError(
                    .badValue(element: "Ccy", found: text.value, expected: "an ISO 4217 code such as EUR"),
                    at: here(text.line, text.column))
            }
            currency = stated
        }
        let name = try name(for: identity)
        let reference = AccountReference(
            name: name, kind: CamtAccountIdentity.kind(typeCode: record.typeCode), currency: currency,
            institution: identity.institution, maskedNumber: identity.maskedNumber)
        account = reference
        statementCurrency = currency
        if let existing = claimedIDs[name] {
            registry = existing
        } else {
            registry = IDRegistry()
            claimedIDs[name] = registry
        }
        try emit(.account(reference))
        return reference
    }

    private func name(for identity: CamtAccountIdentity) throws -> String {
        if let accountOverride {
            if let overriddenIdentity, overriddenIdentity != identity {
                throw CamtError(
                    .accountOptionWithSeveralAccounts(first: overriddenIdentity.name, second: identity.name),
                    at: statementLocation)
            }
            overriddenIdentity = identity
            return accountOverride
        }
        if let name = accountNames[identity] { return name }
        var name = identity.name
        if usedNames.contains(name) { name += " (\(identity.shortHash))" }
        accountNames[identity] = name
        usedNames.insert(name)
        return name
    }

    /// Gives `id` to this content in this account, unless it went to different content before.
    private func claim(_ id: String, day: Day, signed: Int64, text: UInt64) -> Bool {
        let content = ClaimedContent(day: day, signedMinorUnits: signed, text: text)
        if let previous = registry.contents.updateValue(content, forKey: id), previous != content {
            registry.contents[id] = previous
            return false
        }
        return true
    }

    /// The entry's own id: `AcctSvcrRef` when it is unique in the account, else
    /// `NtryRef@<booking day>`, else none.
    private func claimEntryID(_ entry: CamtEntry) -> String? {
        let signed = entry.amount.signedMinorUnits(entry.direction)
        let text = Self.textHash(of: entry.record)
        if let reference = entry.record.accountServicerReference, !reference.isEmpty,
            claim(reference, day: entry.bookingDay, signed: signed, text: text)
        {
            return reference
        }
        if let reference = entry.record.entryReference, !reference.isEmpty {
            let id = "\(reference)@\(entry.bookingDay)"
            if claim(id, day: entry.bookingDay, signed: signed, text: text) { return id }
        }
        return nil
    }

    /// A split row's id: `<entry id>/<n>`, else the transaction's `AcctSvcrRef`, else
    /// `<EndToEndId>@<booking day>`, each only when unique in the account; else none.
    private func splitID(entryID: String?, index: Int, row: CamtEntry.Row, entry: CamtEntry) -> String? {
        if let entryID { return "\(entryID)/\(index)" }
        let signed = row.amount.signedMinorUnits(row.direction)
        var hash = FNV1a()
        Self.combine(row.transaction, into: &hash)
        if let reference = row.transaction.accountServicerReference, !reference.isEmpty,
            claim(reference, day: entry.bookingDay, signed: signed, text: hash.value)
        {
            return reference
        }
        if let endToEnd = row.transaction.endToEndID, !endToEnd.isEmpty, endToEnd != "NOTPROVIDED" {
            let id = "\(endToEnd)@\(entry.bookingDay)"
            if claim(id, day: entry.bookingDay, signed: signed, text: hash.value) { return id }
        }
        return nil
    }

    /// A hash of what tells two entries apart besides their day and amount: `NtryRef`, the
    /// counterparties, remittance and additional texts, of the entry and of each transaction.
    private static func textHash(of record: CamtEntryRecord) -> UInt64 {
        var hash = FNV1a()
        hash.combine(utf8: record.entryReference ?? "")
        combine(record.details, into: &hash)
        for transaction in record.transactions { combine(transaction, into: &hash) }
        return hash.value
    }

    private static func combine(_ transaction: CamtTransactionRecord, into hash: inout FNV1a) {
        hash.combine(UInt8(0x1E))
        hash.combine(utf8: transaction.endToEndID ?? "")
        combine(transaction.details, into: &hash)
    }

    /// Four groups, each `0x1D` then `0x1F` and the text per item: the names (absent ones as
    /// empty texts), the remittance texts, the creditor references, the additional texts. Fed
    /// field by field: no array is built per entry.
    private static func combine(_ details: CamtDetails, into hash: inout FNV1a) {
        hash.combine(UInt8(0x1D))
        combine(item: details.debtorName, into: &hash)
        combine(item: details.creditorName, into: &hash)
        combine(item: details.ultimateDebtorName, into: &hash)
        combine(item: details.ultimateCreditorName, into: &hash)
        combine(group: details.unstructured, into: &hash)
        combine(group: details.creditorReferences, into: &hash)
        combine(group: details.additional, into: &hash)
    }

    private static func combine(group: [String], into hash: inout FNV1a) {
        hash.combine(UInt8(0x1D))
        for text in group { combine(item: text, into: &hash) }
    }

    private static func combine(item: String?, into hash: inout FNV1a) {
        hash.combine(UInt8(0x1F))
        if let item { hash.combine(utf8: item) }
    }

    /// The entry's transactions as rows of their own, when there are several, each states its
    /// amount in the entry's currency, and their signed sum is the entry's; else `nil`.
    private func splitRows(_ entry: CamtEntry) throws -> [CamtEntry.Row]? {
        let transactions = entry.record.transactions
        guard transactions.count >= 2 else { return nil }
        var rows: [CamtEntry.Row] = []
        var sum: Int64 = 0
        for transaction in transactions {
            guard let text = transaction.amount else { return nil }
            let amount = try CamtValue.money(text, file: fileName)
            guard amount.currency == entry.amount.currency else { return nil }
            let direction = try transaction.creditDebit.map { indicator throws(CamtError) in
                try CamtValue.direction(indicator, in: "TxDtls", at: here(transaction.line, transaction.column))
            }
            let row = CamtEntry.Row(transaction: transaction, amount: amount, direction: direction ?? entry.direction)
            let (next, overflow) = sum.addingReportingOverflow(row.amount.signedMinorUnits(row.direction))
            if overflow { return nil }
            sum = next
            rows.append(row)
        }
        return sum == entry.amount.signedMinorUnits(entry.direction) ? rows : nil
    }

    /// OPBD (else PRCD) as the opening balance, CLBD and ITBD as ledger balances, CLAV, FWAV,
    /// ITAV and OPAV as available balances.
    private func emitBalances(of account: AccountReference) throws {
        var opening: StatementBalance?
        var openingIsOPBD = false
        var ledger: [StatementBalance] = []
        var interim: [StatementBalance] = []
        var available: [StatementBalance] = []
        for record in balances {
            let location = here(record.line, record.column)
            let code = try required(record.code, "Tp/CdOrPrtry/Cd", in: "Bal", at: location).value
            let isRead = ["OPBD", "PRCD", "CLBD", "ITBD", "CLAV", "FWAV", "ITAV", "OPAV"].contains(code)
            summary?.balances.append(
                CamtStatementSummary.Balance(
                    code: code, amount: record.amount?.value ?? "", currency: record.amount?.currency ?? "",
                    indicator: record.creditDebit?.value ?? "", date: record.date?.value ?? "", isRead: isRead))
            guard isRead else { continue }
            let amountText = try required(record.amount, "Amt", in: "Bal", at: location)
            let amount = try CamtValue.money(amountText, file: fileName)
            if let currency = account.currency, currency != amount.currency {
                throw CamtError(
                    .currencyMismatch(element: "Bal/Amt", found: amount.currency.code, account: currency.code),
                    at: here(amountText.line, amountText.column))
            }
            let direction = try CamtValue.direction(record.creditDebit, in: "Bal", at: location)
            let day = try CamtValue.day(
                try required(record.date, "Dt/Dt", in: "Bal", at: location), element: "Dt", file: fileName)
            var balance = StatementBalance(
                account: account.name, asOf: day, signedMinorUnits: amount.signedMinorUnits(direction),
                currency: amount.currency, kind: .ledger, location: location)
            switch code {
            case "OPBD":
                guard !openingIsOPBD else { continue }
                balance.kind = .opening
                // OPBD is the balance at the start of its day, so at the end of the day before,
                // unless the statement starts after it (a bank that dates OPBD with the last
                // closing day).
                if fromDay.map({ $0 <= day }) ?? true { balance.asOf = day.previous }
                opening = balance
                openingIsOPBD = true
            case "PRCD":
                if opening == nil {
                    balance.kind = .opening
                    opening = balance
                }
            case "CLBD": ledger.append(balance)
            case "ITBD": interim.append(balance)
            default:
                balance.kind = .available
                available.append(balance)
            }
        }
        // An ITBD waits for the end of the file: a CLBD of its account and day (in this
        // statement or a later page or report) or a later ITBD of that day replaces it.
        for balance in interim where !ledger.contains(where: { $0.asOf == balance.asOf }) {
            heldInterim.removeAll { $0.account == balance.account && $0.asOf == balance.asOf }
            heldInterim.append(balance)
        }
        for balance in ledger {
            heldInterim.removeAll { $0.account == balance.account && $0.asOf == balance.asOf }
        }
        if let opening { try emit(.balance(opening)) }
        for balance in ledger { try emit(.balance(balance)) }
        for balance in available { try emit(.balance(balance)) }
    }
}

/// Confined to the thread that reads one file.
@available(*, unavailable)
extension CamtStatementBuilder: Sendable {}
