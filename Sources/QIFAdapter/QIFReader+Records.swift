import LedgerCore

extension QIFReader {
    /// One line of a transaction record.
    func transactionField(
        _ code: UInt8, _ value: UnsafeBufferPointer<UInt8>, column: Int, _ record: inout QIFRecordFields
    ) throws {
        if code == UInt8(ascii: "^") {
            try finishRecord(&record)
            return
        }
        if record.startLine == 0 {
            record.startLine = line
            record.startColumn = column
        }
        switch code {
        case UInt8(ascii: "D"):
            try readDate(value, column: column + 1, &record)
        case UInt8(ascii: "T"), UInt8(ascii: "U"):
            let (money, direction) = try amount(value, field: code == UInt8(ascii: "T") ? "T" : "U", column: column + 1)
            if let known = record.amount {
                if known != money || record.direction != direction {
                    let first = Money.format(known.signedMinorUnits(record.direction), currency: currency)
                    throw QIFError(
                        .amountsDisagree(t: first, u: QIFText.decode(value)), at: location(column: column))
                }
            } else {
                record.amount = money
                record.direction = direction
                record.amountLine = line
            }
        case UInt8(ascii: "N"): record.number = QIFText.decode(value)
        case UInt8(ascii: "P"): record.payee = QIFText.decode(value)
        case UInt8(ascii: "M"): record.memo = QIFText.decode(value)
        case UInt8(ascii: "A"):
            let line = QIFText.decode(value)
            if !line.isEmpty { record.address.append(line) }
        case UInt8(ascii: "L"):
            record.category = value.isEmpty ? nil : QIFText.decode(value)
        case UInt8(ascii: "C"):
            try checkCleared(value, column: column + 1)
        case UInt8(ascii: "S"):
            try finishSplit(&record)
            record.split.category = value.isEmpty ? nil : QIFText.decode(value)
            record.split.line = line
        case UInt8(ascii: "E"):
            if record.split.memo != nil || record.split.amount != nil { try finishSplit(&record) }
            record.split.memo = QIFText.decode(value)
            if record.split.line == 0 { record.split.line = line }
        case UInt8(ascii: "$"):
            if record.split.amount != nil { try finishSplit(&record) }
            (record.split.amount, record.split.direction) = try amount(value, field: "$", column: column + 1)
            if record.split.line == 0 { record.split.line = line }
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
                bytes: value, currency: currency, decimalSeparator: decimalMark, groupingSeparator: groupingMark,
                at: location(column: column))
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

    private func readDate(_ value: UnsafeBufferPointer<UInt8>, column: Int, _ record: inout QIFRecordFields) throws {
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
        record.dateLine = line
        record.dateColumn = column
    }

    private func finishSplit(_ record: inout QIFRecordFields) throws {
        guard record.split.isStarted else { return }
        guard let money = record.split.amount else {
            throw QIFError(.splitWithoutAmount, at: SourceLocation(file: file, line: record.split.line, column: 1))
        }
        record.splits.append(
            SplitLine(
                category: record.split.category, memo: record.split.memo ?? "", amount: money,
                direction: record.split.direction))
        record.split = QIFSplitFields()
    }

    private func finishRecord(_ record: inout QIFRecordFields) throws {
        guard record.isStarted else { return }
        let start = SourceLocation(file: file, line: record.startLine, column: record.startColumn)
        guard let date = record.date else { throw QIFError(.missingField("D (the date)"), at: start) }
        guard let money = record.amount else { throw QIFError(.missingField("T (the amount)"), at: start) }
        let direction = record.direction
        try finishSplit(&record)
        if !record.splits.isEmpty {
            try checkSplits(record.splits, total: money.signedMinorUnits(direction), line: record.amountLine)
        }
        guard let account = currentAccount else { throw QIFError(.notQIF(found: "^"), at: start) }
        var description = record.payee
        var memo = ""
        if description.isEmpty {
            description = record.memo
        } else {
            memo = record.memo
        }
        if !record.address.isEmpty || !record.number.isEmpty {
            var parts = memo.isEmpty ? [] : [memo]
            if !record.address.isEmpty { parts.append("address: " + record.address.joined(separator: ", ")) }
            if !record.number.isEmpty {
                let isCheque = record.number.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                parts.append((isCheque ? "check " : "number ") + record.number)
            }
            memo = parts.joined(separator: "; ")
        }
        let transaction = QIFTransaction(
            account: account, date: date, amount: money, direction: direction, description: description,
            memo: memo, payee: record.payee.isEmpty ? nil : record.payee, category: record.category,
            splits: record.splits, location: start)
        let dateText = record.dateText
        let dateLine = record.dateLine
        let dateColumn = record.dateColumn
        record = QIFRecordFields()
        if let order {
            if !pending.isEmpty { try release(in: order) }
            // Checked when D was read: the date names a real day in the settled order.
            guard let day = date.day(in: order) else {
                throw QIFError(.internalError("the date was checked against the \(order.name) order"), at: start)
            }
            try emit(.draft(transaction.draft(on: day)))
            return
        }
        if case .either(let day) = date.evidence, pending.isEmpty {
            try emit(.draft(transaction.draft(on: day)))
            return
        }
        if case .ambiguous = date.evidence {
            ambiguousCount += 1
            if firstAmbiguous == nil {
                firstAmbiguous = (dateText, SourceLocation(file: file, line: dateLine, column: dateColumn))
            }
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
                    throw QIFError(
                        .internalError("a held date reads in both orders, so also \(order.name)"),
                        at: transaction.location)
                }
                try emit(.draft(transaction.draft(on: day)))
            }
        }
    }

    private func checkSplits(_ splits: [SplitLine], total: Int64, line: Int) throws {
        let here = SourceLocation(file: file, line: line, column: 1)
        var sum: Int64 = 0
        for split in splits {
            let (next, overflow) = sum.addingReportingOverflow(split.signedMinorUnits)
            if overflow {
                throw QIFError(
                    .splitsDontAddUp(sum: "more than 64 bits hold", total: Money.format(total, currency: currency)),
                    at: here)
            }
            sum = next
        }
        guard sum != total else { return }
        throw QIFError(
            .splitsDontAddUp(
                sum: Money.format(sum, currency: currency), total: Money.format(total, currency: currency)),
            at: here)
    }
}
