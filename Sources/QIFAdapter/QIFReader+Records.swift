import LedgerCore

extension QIFReader {
    /// One line of a transaction record.
    func transactionField(_ code: UInt8, _ value: UnsafeBufferPointer<UInt8>, column: Int) throws {
        if code == UInt8(ascii: "^") {
            try finishRecord(column: column)
            return
        }
        if record.startLocation == nil { record.startLocation = location(column: column) }
        switch code {
        case UInt8(ascii: "D"):
            try readDate(value, column: column + 1)
        case UInt8(ascii: "T"), UInt8(ascii: "U"):
            let parsed = try amount(value, field: code == UInt8(ascii: "T") ? "T" : "U", column: column + 1)
            if let known = record.amount {
                if known != parsed {
                    let first = Money.format(known.0.signedMinorUnits(known.1), currency: currency)
                    throw QIFError(
                        .amountsDisagree(t: first, u: QIFText.decode(value)), at: location(column: column))
                }
            } else {
                record.amount = parsed
                record.amountLocation = location(column: column)
            }
        case UInt8(ascii: "N"): record.number = QIFText.decode(value)
        case UInt8(ascii: "P"): record.payee = QIFText.decode(value)
        case UInt8(ascii: "M"): record.memo = QIFText.decode(value)
        case UInt8(ascii: "A"):
            let line = QIFText.decode(value)
            if !line.isEmpty { record.address.append(line) }
        case UInt8(ascii: "L"):
            let category = QIFText.decode(value)
            record.category = category.isEmpty ? nil : category
        case UInt8(ascii: "C"):
            try checkCleared(value, column: column + 1)
        case UInt8(ascii: "S"):
            try finishSplit()
            let category = QIFText.decode(value)
            record.split.category = category.isEmpty ? nil : category
            record.split.location = location(column: column)
        case UInt8(ascii: "E"):
            if record.split.memo != nil || record.split.amount != nil { try finishSplit() }
            record.split.memo = QIFText.decode(value)
            if record.split.location == nil { record.split.location = location(column: column) }
        case UInt8(ascii: "$"):
            if record.split.amount != nil { try finishSplit() }
            record.split.amount = try amount(value, field: "$", column: column + 1)
            if record.split.location == nil { record.split.location = location(column: column) }
        case UInt8(ascii: "%"), UInt8(ascii: "F"):
            // A split's percentage (its `$` is the amount) and Quicken's reimbursable flag.
            break
        default:
            let text = String(UnicodeScalar(code)) + QIFText.decode(value)
            throw QIFError(.unknownField(found: text), at: location(column: column))
        }
    }

    /// One line of an `!Account` record.
    func accountField(_ code: UInt8, _ value: UnsafeBufferPointer<UInt8>, column: Int) throws {
        if code == UInt8(ascii: "^") {
            guard let start = accountRecord.startLocation else { return }
            guard let name = accountRecord.name, !name.isEmpty else {
                throw QIFError(.missingField("N (the account's name)"), at: start)
            }
            var kind = AccountKind.asset
            if let type = accountRecord.type {
                guard let known = QIFSection.accountKind(type) else {
                    throw QIFError(
                        .badValue(
                            field: "T", found: type,
                            expected: "an account type (Bank, Cash, CCard, Oth A, Oth L, Invst)"),
                        at: accountRecord.typeLocation ?? start)
                }
                kind = known
            }
            let ledgerName = try ledgerName(forAccount: name, at: start)
            currentAccount = ledgerName
            currentKind = kind
            try declare(ledgerName, kind: kind)
            accountRecord = QIFAccountFields()
            return
        }
        if accountRecord.startLocation == nil { accountRecord.startLocation = location(column: column) }
        switch code {
        case UInt8(ascii: "N"): accountRecord.name = QIFText.decode(value)
        case UInt8(ascii: "T"):
            accountRecord.type = QIFText.decode(value)
            accountRecord.typeLocation = location(column: column + 1)
        default:
            // D description, L credit limit, $ balance, / its date, B: not used.
            break
        }
    }

    // MARK: - Private helpers

    private func ledgerName(forAccount name: String, at location: SourceLocation) throws -> String {
        guard let account = options.account, !account.isEmpty else { return name }
        if let renamedAccount, renamedAccount != name {
            throw QIFError(.accountOptionWithSeveralAccounts(first: renamedAccount, second: name), at: location)
        }
        renamedAccount = name
        return account
    }

    private func amount(_ value: UnsafeBufferPointer<UInt8>, field: String, column: Int) throws -> (Money, Direction) {
        do {
            return try Money.parse(
                bytes: value, currency: currency, decimalSeparator: UInt8(ascii: "."),
                groupingSeparator: UInt8(ascii: ","), at: location(column: column))
        } catch {
            throw error.inField(field)
        }
    }

    private func checkCleared(_ value: UnsafeBufferPointer<UInt8>, column: Int) throws {
        // Quicken's marks: `*` or `c` cleared, `X` or `R` reconciled; empty is uncleared.
        guard value.count > 1 || (value.count == 1 && !"*cCxXrR".utf8.contains(value[0])) else { return }
        throw QIFError(
            .badValue(field: "C", found: QIFText.decode(value), expected: "a cleared mark; expected *, c, X or R"),
            at: location(column: column))
    }

    private func readDate(_ value: UnsafeBufferPointer<UInt8>, column: Int) throws {
        let here = location(column: column)
        guard let date = QIFDate.parse(value) else {
            throw QIFError(.notADate(found: QIFText.decode(value)), at: here)
        }
        switch date.evidence {
        case .neither:
            throw QIFError(.notADate(found: QIFText.decode(value)), at: here)
        case .only(let settled, _):
            if let order {
                guard order == settled else {
                    throw QIFError(
                        .contradictingDate(found: QIFText.decode(value), order: order, settledBy: settledBy), at: here)
                }
            } else {
                order = settled
                settledBy = "D \(quotedExcerpt(QIFText.decode(value))) on line \(here.line)"
            }
        case .ambiguous:
            if order == nil { record.dateText = QIFText.decode(value) }
        case .either:
            break
        }
        record.date = date
        record.dateLocation = here
    }

    private func finishSplit() throws {
        guard record.split.isStarted else { return }
        guard let (money, direction) = record.split.amount else {
            throw QIFError(.splitWithoutAmount, at: record.split.location ?? location(column: 1))
        }
        record.splits.append(
            SplitLine(
                category: record.split.category, memo: record.split.memo ?? "", amount: money, direction: direction))
        record.split = QIFSplitFields()
    }

    private func finishRecord(column: Int) throws {
        guard let start = record.startLocation else { return }
        guard let date = record.date else { throw QIFError(.missingField("D (the date)"), at: start) }
        guard let (money, direction) = record.amount else {
            throw QIFError(.missingField("T (the amount)"), at: start)
        }
        try finishSplit()
        if !record.splits.isEmpty { try checkSplits(total: money.signedMinorUnits(direction)) }
        guard let account = currentAccount else {
            throw QIFError(.notQIF(found: "^"), at: start)
        }
        var description = record.payee
        var memoParts: [String] = []
        if description.isEmpty {
            description = record.memo
        } else if !record.memo.isEmpty {
            memoParts.append(record.memo)
        }
        if !record.address.isEmpty { memoParts.append("address: " + record.address.joined(separator: ", ")) }
        if !record.number.isEmpty {
            let isCheque = record.number.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            memoParts.append((isCheque ? "check " : "number ") + record.number)
        }
        let transaction = QIFTransaction(
            account: account, date: date, amount: money, direction: direction, description: description,
            memo: memoParts.joined(separator: "; "), category: record.category, splits: record.splits,
            location: start)
        let dateText = record.dateText
        let dateLocation = record.dateLocation ?? start
        record = QIFRecordFields()
        if let order {
            if !pending.isEmpty { try release(in: order) }
            // Checked when D was read: the date names a real day in the settled order.
            guard let day = date.day(in: order) else { preconditionFailure("a date checked against the order") }
            try emit(.draft(transaction.draft(on: day)))
            return
        }
        if case .either(let day) = date.evidence, pending.isEmpty {
            try emit(.draft(transaction.draft(on: day)))
            return
        }
        if case .ambiguous = date.evidence {
            ambiguousCount += 1
            if firstAmbiguous == nil { firstAmbiguous = (dateText, dateLocation) }
        }
        pending.append(.record(transaction))
    }

    /// Emits the records held back, now that the order is settled.
    private func release(in order: QIFDateOrder) throws {
        let held = pending
        pending = []
        for item in held {
            switch item {
            case .event(let event):
                try emit(event)
            case .record(let transaction):
                guard let day = transaction.date.day(in: order) else {
                    preconditionFailure("a held date reads in both orders")
                }
                try emit(.draft(transaction.draft(on: day)))
            }
        }
    }

    private func checkSplits(total: Int64) throws {
        var sum: Int64 = 0
        for split in record.splits {
            let (next, overflow) = sum.addingReportingOverflow(split.signedMinorUnits)
            if overflow {
                throw QIFError(
                    .splitsDontAddUp(sum: "more than 64 bits hold", total: Money.format(total, currency: currency)),
                    at: record.amountLocation ?? location(column: 1))
            }
            sum = next
        }
        guard sum != total else { return }
        throw QIFError(
            .splitsDontAddUp(
                sum: Money.format(sum, currency: currency), total: Money.format(total, currency: currency)),
            at: record.amountLocation ?? location(column: 1))
    }
}
