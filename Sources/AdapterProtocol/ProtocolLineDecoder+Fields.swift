import LedgerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The members of one record with typed, checked access: each accessor throws a
/// ``ProtocolError`` naming the member, what it held and what was expected.
struct RecordFields {
    let fields: [ProtocolField]
    /// The line the fields' text lies in; valid while the line is decoded.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The texts the scanner decoded (``ProtocolText/decoded`` indexes them).
    let decoded: [String]
    /// What `source` held as its `line` and `column`.
    let sourceLine: ProtocolValue?
    let sourceColumn: ProtocolValue?
    let line: Int
    let adapter: String
    let file: String

    init(_ scanner: ProtocolLineScanner, bytes: UnsafeBufferPointer<UInt8>, line: Int, decoder: ProtocolLineDecoder) {
        self.fields = scanner.fields
        self.decoded = scanner.decoded
        self.sourceLine = scanner.sourceLine
        self.sourceColumn = scanner.sourceColumn
        self.bytes = bytes
        self.line = line
        self.adapter = decoder.adapter
        self.file = decoder.file
    }

    func has(_ key: ProtocolKey) -> Bool { value(key) != nil }

    func value(_ key: ProtocolKey) -> ProtocolValue? {
        for field in fields where field.key == key { return field.value }
        return nil
    }

    /// The raw text of a string member, for comparing without making a `String`.
    func text(_ key: ProtocolKey, expected: String) throws(ProtocolError) -> ProtocolText? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, value, expected: expected) }
        return text
    }

    /// Whether a text of the line is exactly `word`.
    func `is`(_ text: ProtocolText, _ word: StaticString) -> Bool {
        text.equals(word, in: bytes, decoded: decoded)
    }

    // MARK: - Plain types

    func string(_ key: ProtocolKey) throws(ProtocolError) -> String {
        guard let text = try optionalString(key) else { throw missing(key, expected: "a string") }
        return text
    }

    /// A string that must not be empty (a key, a name, an id).
    func nonEmptyString(_ key: ProtocolKey, expected: String) throws(ProtocolError) -> String {
        let text = try string(key)
        guard !text.isEmpty else { throw invalid("\"\(key.rawValue)\" is empty; expected \(expected)") }
        return text
    }

    func optionalString(_ key: ProtocolKey) throws(ProtocolError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, value, expected: "a string") }
        return text.string(in: bytes, decoded: decoded)
    }

    func integer(_ key: ProtocolKey) throws(ProtocolError) -> Int {
        guard let value = value(key) else { throw missing(key, expected: "an integer") }
        guard case .number(let text) = value, let number = Int(text.string(in: bytes, decoded: decoded)), number >= 0
        else {
            throw wrongType(key, value, expected: "a whole number of at least 0")
        }
        return number
    }

    func optionalBool(_ key: ProtocolKey) throws(ProtocolError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, value, expected: "true or false") }
        return flag
    }

    // MARK: - Domain values

    func day(_ key: ProtocolKey) throws(ProtocolError) -> Day {
        guard let day = try optionalDay(key) else { throw missing(key, expected: "a day as YYYY-MM-DD") }
        return day
    }

    func optionalDay(_ key: ProtocolKey) throws(ProtocolError) -> Day? {
        guard let text = try text(key, expected: "a day as YYYY-MM-DD") else { return nil }
        guard let day = text.decoded < 0 ? Self.day(bytes, from: text.start, count: text.count) : nil else {
            throw invalid(
                "\"\(key)\" is \(quotedForMessage(text.string(in: bytes, decoded: decoded))); expected a calendar day as YYYY-MM-DD"
            )
        }
        return day
    }

    /// `YYYY-MM-DD` read straight from the line's bytes.
    private static func day(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Day? {
        guard count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else {
            return nil
        }
        func number(_ from: Int, _ digits: Int) -> Int? {
            var value = 0
            for offset in from..<(from + digits) {
                let byte = bytes[start + offset]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// A currency in capitals: ISO 4217, else a commodity the ledger declares (`commodities`).
    func optionalCurrency(_ key: ProtocolKey, commodities: CommodityTable) throws(ProtocolError) -> Currency? {
        guard let text = try optionalString(key) else { return nil }
        guard Currency.isCommodityCode(text) else {
            throw invalid(
                "\"\(key)\" is \(quotedForMessage(text)); expected an ISO 4217 code in capitals such as EUR or USD")
        }
        guard let currency = commodities.currency(code: text) else {
            throw invalid(
                "\"\(key)\" is \(quotedForMessage(text)); expected an ISO 4217 code in capitals such as EUR or USD, "
                    + "or a commodity the ledger declares (`ledgerport commodities add \(text) --digits N`)")
        }
        return currency
    }

    /// The declared account the record names by its `account` key.
    func account(in accounts: [String: ProtocolLineDecoder.Account]) throws(ProtocolError)
        -> ProtocolLineDecoder.Account
    {
        let key = try string(.account)
        guard let account = accounts[key] else {
            throw invalid(
                "account key \(quotedForMessage(key)) is not declared; expected an \"account\" record with this "
                    + "key before the records naming it")
        }
        return account
    }

    /// The record's currency: the account's, which a stated `currency` must equal.
    func currency(for account: ProtocolLineDecoder.Account, commodities: CommodityTable) throws(ProtocolError)
        -> Currency
    {
        guard let stated = try optionalCurrency(.currency, commodities: commodities) else { return account.currency }
        guard stated == account.currency else {
            throw invalid(
                "\"currency\" is \"\(stated.code)\"; expected \"\(account.currency.code)\", the currency of its account"
            )
        }
        return stated
    }

    /// `credit` or `debit`; `nil` when absent and not required.
    func direction(_ key: ProtocolKey, required: Bool) throws(ProtocolError) -> Direction? {
        guard let text = try text(key, expected: "\"credit\" or \"debit\"") else {
            if required { throw missing(key, expected: "\"credit\" or \"debit\"") }
            return nil
        }
        if text.equals("debit", in: bytes, decoded: decoded) { return .debit }
        if text.equals("credit", in: bytes, decoded: decoded) { return .credit }
        throw invalid(
            "\"\(key)\" is \(quotedForMessage(text.string(in: bytes, decoded: decoded))); expected \"credit\" or \"debit\""
        )
    }

    /// A decimal string: digits with an optional `.` and fraction (after a `-` when `signed`), with
    /// at most the currency's minor-unit digits.
    func amount(_ key: ProtocolKey, currency: Currency, signed: Bool) throws(ProtocolError) -> (Money, Direction) {
        let expected = signed ? "a decimal string such as \"-12.50\"" : "a decimal string such as \"12.50\""
        guard let value = value(key) else { throw missing(key, expected: expected) }
        guard case .string(let raw) = value else {
            throw invalid("\"\(key)\" must be \(expected), found \(value.summary(in: bytes, decoded: decoded))")
        }
        guard raw.decoded < 0, let base = bytes.baseAddress else {
            throw invalid(
                "\"\(key)\" is \(quotedForMessage(raw.string(in: bytes, decoded: decoded))); expected digits with at most one '.'"
            )
        }
        var position = raw.start
        let end = raw.start + raw.count
        if signed, position < end, bytes[position] == UInt8(ascii: "-") { position += 1 }
        var digitsBefore = 0
        var digitsAfter = 0
        var seenPoint = false
        var isPlain = true
        while position < end {
            let byte = bytes[position]
            if byte >= 0x30 && byte <= 0x39 {
                if seenPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                isPlain = false
                break
            }
            position += 1
        }
        guard isPlain, digitsBefore > 0, !seenPoint || digitsAfter > 0 else {
            let form = signed ? "optionally '-', then digits" : "digits"
            throw invalid(
                "\"\(key)\" is \(quotedForMessage(raw.string(in: bytes, decoded: decoded))); expected \(form) with at most one '.' "
                    + "and digits after it")
        }
        guard digitsAfter <= currency.minorDigits else {
            throw invalid(
                "\"\(key)\" \(quotedForMessage(raw.string(in: bytes, decoded: decoded))) has \(digitsAfter) decimals; expected at most "
                    + "\(currency.minorDigits) for \(currency.code)")
        }
        do {
            return try Money.parse(
                bytes: UnsafeBufferPointer(start: base + raw.start, count: raw.count), currency: currency,
                at: .file(file))
        } catch {
            throw invalid("\"\(key)\": \(error.message)")
        }
    }

    /// The record's `source`: where it is in the input file (`line` ≥ 1, `column` ≥ 0).
    func source() throws(ProtocolError) -> SourceLocation {
        let expected = "an object {\"line\": N, \"column\": N} with line at least 1"
        guard let value = value(.source) else { throw missing(.source, expected: expected) }
        guard case .object = value else { throw wrongType(.source, value, expected: expected) }
        func number(_ key: ProtocolKey, _ member: ProtocolValue?, least: Int) throws(ProtocolError) -> Int {
            guard let member else {
                throw invalid("\"source.\(key.rawValue)\" is missing; expected a whole number of at least \(least)")
            }
            guard case .number(let text) = member, let number = integer(text), number >= least else {
                throw invalid(
                    "\"source.\(key.rawValue)\" must be a whole number of at least \(least), found "
                        + member.summary(in: bytes, decoded: decoded))
            }
            return number
        }
        return SourceLocation(
            file: file, line: try number(.line, sourceLine, least: 1),
            column: try number(.column, sourceColumn, least: 0))
    }

    /// A JSON number's text as an integer, without making a string (digits only, up to 18).
    private func integer(_ text: ProtocolText) -> Int? {
        guard text.count >= 1, text.count <= 18 else { return nil }
        var value = 0
        for offset in text.start..<(text.start + text.count) {
            let byte = bytes[offset]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    // MARK: - Errors

    /// An error for this record: at the input file's line and column when the record carries a
    /// valid `source` (the message still names the output line), else at the input file.
    func invalid(_ why: String) -> ProtocolError {
        ProtocolError(.invalidLine(line: line, why), adapter: adapter, at: validSource ?? .file(file))
    }

    /// The record's `source` when it is well formed, else `nil` (never an error).
    private var validSource: SourceLocation? {
        guard case .object = value(.source), case .number(let lineText)? = sourceLine,
            case .number(let columnText)? = sourceColumn, let line = integer(lineText), line >= 1,
            let column = integer(columnText)
        else { return nil }
        return SourceLocation(file: file, line: line, column: column)
    }

    private func missing(_ key: ProtocolKey, expected: String) -> ProtocolError {
        invalid("\"\(key.rawValue)\" is missing; expected \(expected)")
    }

    private func wrongType(_ key: ProtocolKey, _ value: ProtocolValue, expected: String) -> ProtocolError {
        invalid("\"\(key.rawValue)\" must be \(expected), found \(value.summary(in: bytes, decoded: decoded))")
    }
}
