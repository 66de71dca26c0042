import LedgerCore

/// One booked or pending `Ntry`, its amount, direction and days read, and the drafts it gives:
/// one for the entry, or one per `TxDtls` of a batch that states each amount.
///
/// **Text.** The payee is the counterparty: the creditor (`RltdPties/Cdtr`, `.../Cdtr/Pty`) of
/// money going out, the debtor of money coming in, the other way round for a reversal (a returned
/// direct debit comes back from its creditor); else the ultimate party of that side. The
/// description is the payee, else the unstructured remittance (`RmtInf/Ustrd`, joined), else the
/// additional information. The memo joins, with `; `: `reversal`, the remittance not already the
/// description, `ref <CdtrRefInf/Ref>`, `AddtlTxInf`, `AddtlNtryInf`, `value <ValDt>` when it
/// differs from the booking day, `instructed <InstdAmt> at <XchgRate>` when the instructed amount
/// is in another currency, `charges <amount>`.
struct CamtEntry {
    /// One transaction of a split batch with its own amount and direction.
    struct Row {
        var transaction: CamtTransactionRecord
        var amount: Money
        var direction: Direction
    }

    var record: CamtEntryRecord
    var account: String
    var amount: Money
    var direction: Direction
    var isReversal: Bool
    var status: TransactionStatus
    var bookingDay: Day
    var valueDay: Day?
    var location: SourceLocation

    // MARK: - API

    /// The one draft for the whole entry, its transactions' details joined when there are several.
    func singleDraft(externalID: String?, file: String) throws -> Draft {
        let transactions = record.transactions
        var memo = MemoText()
        let description: String
        let payee: String?
        if transactions.count >= 2 {
            let count = record.batchCount ?? String(transactions.count)
            description = record.details.additional.first ?? "batch of \(count) payments"
            payee = nil
            if isReversal { memo.add("reversal") }
            memo.add("batch of \(count)")
            var summaries: [String] = []
            for transaction in transactions {
                summaries.append(try summary(of: transaction, file: file))
            }
            memo.add(summaries.joined(separator: " | "))
            for part in record.details.additional.dropFirst() { memo.add(part) }
            try addTrailer(record.details, file: file, to: &memo)
        } else {
            var details = transactions.first?.details ?? CamtDetails()
            details.merge(record.details)
            payee = counterparty(details, direction: direction)
            description = describe(details, payee: payee, into: &memo)
            if let count = record.batchCount, transactions.isEmpty { memo.add("batch of \(count)") }
            try addTrailer(details, file: file, to: &memo)
        }
        return Draft(
            account: account, bookingDay: bookingDay, transactionDay: valueDay, amount: amount, direction: direction,
            description: description, memo: memo.text, payee: payee, status: status, externalID: externalID,
            location: location)
    }

    /// The draft of one transaction of a split batch.
    func draft(for row: Row, externalID: String?, file: String) throws -> Draft {
        let details = row.transaction.details
        let payee = counterparty(details, direction: row.direction)
        var memo = MemoText()
        let description = describe(details, payee: payee, into: &memo)
        for part in record.details.additional { memo.add(part) }
        try addTrailer(details, file: file, to: &memo)
        return Draft(
            account: account, bookingDay: bookingDay, transactionDay: valueDay, amount: row.amount,
            direction: row.direction,
            description: description, memo: memo.text, payee: payee, status: status,
            externalID: externalID,
            location: SourceLocation(file: file, line: row.transaction.line, column: row.transaction.column))
    }

    // MARK: - Private helpers

    /// The counterparty's name for money moving this way.
    private func counterparty(_ details: CamtDetails, direction: Direction) -> String? {
        let isOutgoing = (direction == .debit) != isReversal
        let name =
            isOutgoing
            ? details.creditorName ?? details.ultimateCreditorName : details.debtorName ?? details.ultimateDebtorName
        return name.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The description; the memo's leading parts go to `memo`.
    private func describe(_ details: CamtDetails, payee: String?, into memo: inout MemoText) -> String {
        if isReversal { memo.add("reversal") }
        let remittance =
            details.unstructured.count == 1 ? details.unstructured[0] : details.unstructured.joined(separator: " ")
        var additional = details.additional[...]
        let description: String
        if let payee {
            description = payee
            if !remittance.isEmpty { memo.add(remittance) }
        } else if !remittance.isEmpty {
            description = remittance
        } else if let first = additional.first {
            description = first
            additional = additional.dropFirst()
        } else {
            description = ""
        }
        for reference in details.creditorReferences { memo.add("ref ", reference) }
        for part in additional { memo.add(part) }
        return description
    }

    /// The value day, instructed amount and charges, added to the memo.
    private func addTrailer(_ details: CamtDetails, file: String, to memo: inout MemoText) throws {
        if let valueDay, valueDay != bookingDay { memo.add("value \(valueDay)") }
        if let instructed = details.instructed {
            let money = try CamtValue.money(instructed, file: file)
            if money.currency != amount.currency {
                memo.add(
                    "instructed \(money) \(money.currency.code)" + (details.exchangeRate.map { " at \($0)" } ?? ""))
            }
        }
        if let total = details.totalCharges {
            let money = try CamtValue.money(total, file: file)
            memo.add("charges \(money) \(money.currency.code)")
        } else if !details.charges.isEmpty {
            var listed: [String] = []
            for charge in details.charges {
                let money = try CamtValue.money(charge, file: file)
                listed.append("\(money) \(money.currency.code)")
            }
            memo.add("charges " + listed.joined(separator: ", "))
        }
    }

    /// One transaction of a batch that is not split, for the memo: `name: remittance 10.00`.
    private func summary(of transaction: CamtTransactionRecord, file: String) throws -> String {
        let details = transaction.details
        let transactionDirection = try transaction.creditDebit.map { indicator throws(CamtError) in
            try CamtValue.direction(
                indicator, in: "TxDtls",
                at: SourceLocation(file: file, line: transaction.line, column: transaction.column))
        }
        var words: [String] = []
        if let name = counterparty(details, direction: transactionDirection ?? direction) { words.append(name + ":") }
        words += details.unstructured
        words += details.creditorReferences.map { "ref \($0)" }
        words += details.additional
        if let text = transaction.amount {
            let money = try CamtValue.money(text, file: file)
            words.append("\(money) \(money.currency.code)")
        }
        return words.isEmpty ? "-" : words.joined(separator: " ")
    }
}

extension CamtDetails {
    /// Fills what a transaction leaves out from its entry, and adds the entry's texts after its own.
    mutating func merge(_ entry: CamtDetails) {
        debtorName = debtorName ?? entry.debtorName
        creditorName = creditorName ?? entry.creditorName
        ultimateDebtorName = ultimateDebtorName ?? entry.ultimateDebtorName
        ultimateCreditorName = ultimateCreditorName ?? entry.ultimateCreditorName
        // Most lists are empty on one side: append only what there is.
        if !entry.unstructured.isEmpty { unstructured += entry.unstructured }
        if !entry.creditorReferences.isEmpty { creditorReferences += entry.creditorReferences }
        if !entry.additional.isEmpty { additional += entry.additional }
        instructed = instructed ?? entry.instructed
        exchangeRate = exchangeRate ?? entry.exchangeRate
        if totalCharges == nil && charges.isEmpty {
            totalCharges = entry.totalCharges
            charges = entry.charges
        }
    }
}

/// A memo written part by part, `; ` between parts: what joining an array of the parts gives,
/// without the array.
struct MemoText {
    private(set) var text = ""
    private var isEmpty = true

    mutating func add(_ part: String) {
        if !isEmpty { text += "; " }
        text += part
        isEmpty = false
    }

    /// Adds `prefix` and `part` as one part.
    mutating func add(_ prefix: String, _ part: String) {
        if !isEmpty { text += "; " }
        text += prefix
        text += part
        isEmpty = false
    }
}
