import LedgerCore

/// The members of one record with typed, checked access: each accessor throws a
/// ``ProtocolError`` naming the member, what it held and what was expected.
struct RecordFields {
    let fields: [ProtocolField]
    let line: Int
    let adapter: String
    let file: String

    init(_ fields: [ProtocolField], line: Int, decoder: ProtocolLineDecoder) {
        self.fields = fields
        self.line = line
        self.adapter = decoder.adapter
        self.file = decoder.file
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    func value(_ key: String) -> ProtocolValue? {
        for field in fields where field.key == key { return field.value }
        return nil
    }

    // MARK: - Plain types

    func string(_ key: String) throws(ProtocolError) -> String {
        guard let text = try optionalString(key) else { throw missing(key, expected: "a string") }
        return text
    }

    func optionalString(_ key: String) throws(ProtocolError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, value, expected: "a string") }
        return text
    }

    func integer(_ key: String) throws(ProtocolError) -> Int {
        guard let value = value(key) else { throw missing(key, expected: "an integer") }
        guard case .number(let text) = value, let number = Int(text), number >= 0 else {
            throw wrongType(key, value, expected: "a whole number of at least 0")
        }
        return number
    }

    func optionalBool(_ key: String) throws(ProtocolError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, value, expected: "true or false") }
        return flag
    }

    // MARK: - Domain values

    func day(_ key: String) throws(ProtocolError) -> Day {
        guard let day = try optionalDay(key) else { throw missing(key, expected: "a day as YYYY-MM-DD") }
        return day
    }

    func optionalDay(_ key: String) throws(ProtocolError) -> Day? {
        guard let text = try optionalString(key) else { return nil }
        guard let day = Day(iso: text) else {
            throw invalid("\"\(key)\" is \(quotedForMessage(text)); expected a calendar day as YYYY-MM-DD")
        }
        return day
    }

    func optionalCurrency(_ key: String) throws(ProtocolError) -> Currency? {
        guard let text = try optionalString(key) else { return nil }
        guard text.utf8.count == 3, text.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }),
            let currency = Currency(code: text)
        else {
            throw invalid(
                "\"\(key)\" is \(quotedForMessage(text)); expected an ISO 4217 code in capitals such as EUR or USD")
        }
        return currency
    }

    /// The declared account the record names by its `account` key.
    func account(in accounts: [String: ProtocolLineDecoder.Account]) throws(ProtocolError)
        -> ProtocolLineDecoder.Account
    {
        let key = try string("account")
        guard let account = accounts[key] else {
            throw invalid(
                "account key \(quotedForMessage(key)) is not declared; expected an \"account\" record with this "
                    + "key before the records naming it")
        }
        return account
    }

    /// The record's currency: the account's, which a stated `currency` must equal.
    func currency(for account: ProtocolLineDecoder.Account) throws(ProtocolError) -> Currency {
        guard let stated = try optionalCurrency("currency") else { return account.currency }
        guard stated == account.currency else {
            throw invalid(
                "\"currency\" is \(stated.code); expected \(account.currency.code), the currency of its account")
        }
        return stated
    }

    /// `credit` or `debit`; `nil` when absent and not required.
    func direction(_ key: String, required: Bool) throws(ProtocolError) -> Direction? {
        guard let text = try optionalString(key) else {
            if required { throw missing(key, expected: "\"credit\" or \"debit\"") }
            return nil
        }
        switch text {
        case "credit": return .credit
        case "debit": return .debit
        default: throw invalid("\"\(key)\" is \(quotedForMessage(text)); expected \"credit\" or \"debit\"")
        }
    }

    /// A decimal string: digits with an optional `.` and fraction (after a `-` when `signed`), with
    /// at most the currency's minor-unit digits.
    func amount(_ key: String, currency: Currency, signed: Bool) throws(ProtocolError) -> (Money, Direction) {
        let expected = signed ? "a decimal string such as \"-12.50\"" : "a decimal string such as \"12.50\""
        guard let value = value(key) else { throw missing(key, expected: expected) }
        guard case .string(let text) = value else {
            throw invalid("\"\(key)\" must be \(expected), found \(value.summary)")
        }
        var utf8 = Substring(text).utf8
        if signed, utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        var digitsBefore = 0
        var digitsAfter = 0
        var seenPoint = false
        var isPlain = true
        for byte in utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                if seenPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                isPlain = false
                break
            }
        }
        guard isPlain, digitsBefore > 0, !seenPoint || digitsAfter > 0 else {
            let form = signed ? "optionally '-', then digits" : "digits"
            throw invalid(
                "\"\(key)\" is \(quotedForMessage(text)); expected \(form) with at most one '.' and digits after it")
        }
        guard digitsAfter <= currency.minorDigits else {
            throw invalid(
                "\"\(key)\" \(quotedForMessage(text)) has \(digitsAfter) decimals; expected at most "
                    + "\(currency.minorDigits) for \(currency.code)")
        }
        do {
            return try Money.parse(text, currency: currency, at: .file(file))
        } catch {
            throw invalid("\"\(key)\": \(error.message)")
        }
    }

    /// The record's `source`: where it is in the input file (`line` ≥ 1, `column` ≥ 0).
    func source() throws(ProtocolError) -> SourceLocation {
        let expected = "an object {\"line\": N, \"column\": N} with line at least 1"
        guard let value = value("source") else { throw missing("source", expected: expected) }
        guard case .object(let members) = value else { throw wrongType("source", value, expected: expected) }
        func number(_ key: String, least: Int) throws(ProtocolError) -> Int {
            guard let member = members.first(where: { $0.key == key })?.value else {
                throw missing("source.\(key)", expected: "a whole number of at least \(least)")
            }
            guard case .number(let text) = member, let number = Int(text), number >= least else {
                throw wrongType("source.\(key)", member, expected: "a whole number of at least \(least)")
            }
            return number
        }
        return SourceLocation(file: file, line: try number("line", least: 1), column: try number("column", least: 0))
    }

    // MARK: - Errors

    func invalid(_ why: String) -> ProtocolError {
        ProtocolError(.invalidLine(line: line, why), adapter: adapter, at: .file(file))
    }

    private func missing(_ key: String, expected: String) -> ProtocolError {
        invalid("\"\(key)\" is missing; expected \(expected)")
    }

    private func wrongType(_ key: String, _ value: ProtocolValue, expected: String) -> ProtocolError {
        invalid("\"\(key)\" must be \(expected), found \(value.summary)")
    }
}
