import LedgerCore

/// An amount as written in a sentence: `24.50`, `24,50`, `1,234.56`, `1.234,56`, `€12`, `12EUR`.
struct AmountText: Sendable, Hashable {
    /// The word as written.
    let text: String
    /// The exact number, sign included (a sign makes it no amount: see ``QuickAddSentence``).
    let number: DecimalNumber
    /// An ISO 4217 code written on the number (`12EUR`, `USD12`), upper case.
    let currencyCode: String?

    /// Currency symbols a number may carry before or after it. They name no currency (`$` is
    /// many); only an ISO code is checked against the account's.
    private static let symbols: Set<Character> = ["$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪", "₱", "₫", "₴"]

    /// Reads a word as an amount.
    ///
    /// - Returns: `nil` when the word is not a number at all (it holds letters, or no digit).
    /// - Throws: ``QuickAddError`` for digits and separators that make no amount, or that could
    ///   be read two ways: a single `.` or `,` followed by exactly three digits (`1,200` is 1200
    ///   in English and 1.2 in German). Such a number is refused, never guessed.
    static func read(_ token: SentenceToken) throws(QuickAddError) -> AmountText? {
        var body = Substring(token.text)
        var sign = ""
        if let first = body.first, first == "-" || first == "+" || first == "−" {
            sign = first == "+" ? "" : "-"
            body = body.dropFirst()
        }
        var code: String?
        if body.count > 3, let prefix = isoCode(body.prefix(3)), body.dropFirst(3).first?.isNumber == true {
            code = prefix
            body = body.dropFirst(3)
        } else if body.count > 3, let suffix = isoCode(body.suffix(3)), body.dropLast(3).last?.isNumber == true {
            code = suffix
            body = body.dropLast(3)
        }
        while let first = body.first, symbols.contains(first) { body = body.dropFirst() }
        while let last = body.last, symbols.contains(last) { body = body.dropLast() }
        if sign.isEmpty, let first = body.first, first == "-" || first == "−" {
            sign = "-"
            body = body.dropFirst()
        }
        guard !body.isEmpty, body.contains(where: { $0.isASCII && $0.isNumber }),
            body.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," || $0 == "'" })
        else { return nil }
        let number = try parse(String(body), sign: sign, token: token)
        return AmountText(text: token.text, number: number, currencyCode: code)
    }

    /// An upper-case ISO 4217 code.
    static func isoCode(_ text: some StringProtocol) -> String? {
        guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isUppercase }),
            let currency = Currency(code: text), currency.isISO
        else { return nil }
        return String(text)
    }

    // MARK: - Private

    /// Decides which separator is the decimal one, then reads the digits exactly.
    private static func parse(_ body: String, sign: String, token: SentenceToken) throws(QuickAddError)
        -> DecimalNumber
    {
        let dots = body.filter { $0 == "." }.count
        let commas = body.filter { $0 == "," }.count
        let apostrophes = body.contains("'")
        var decimal: UInt8 = UInt8(ascii: ".")
        var grouping: [UInt8] = [UInt8(ascii: "'")]
        if let lastComma = body.lastIndex(of: ","), let lastDot = body.lastIndex(of: ".") {
            // Both: the last one written is the decimal separator.
            let lastIsComma = lastComma > lastDot
            decimal = lastIsComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
            grouping.append(lastIsComma ? UInt8(ascii: ".") : UInt8(ascii: ","))
        } else if dots + commas > 1 {
            // One kind, several times: thousands separators (`1,234,567`).
            grouping.append(dots > 0 ? UInt8(ascii: ".") : UInt8(ascii: ","))
            decimal = dots > 0 ? UInt8(ascii: ",") : UInt8(ascii: ".")
        } else if dots + commas == 1 {
            let separator: Character = dots == 1 ? "." : ","
            decimal = separator == "." ? UInt8(ascii: ".") : UInt8(ascii: ",")
            let parts = body.split(separator: separator, omittingEmptySubsequences: false)
            let whole = parts[0].filter { $0 != "'" }
            if !apostrophes, parts.count == 2, parts[1].count == 3, (1...3).contains(whole.count), whole != "0" {
                let grouped = whole + parts[1]
                throw .sentence(
                    .ambiguousAmount(token.text, grouped: sign + grouped, decimal: sign + whole + "." + parts[1]),
                    column: token.column)
            }
        }
        var text = sign + body
        let result: Result<DecimalNumber, DecimalNumber.ParseFailure> = text.withUTF8 { bytes in
            do throws(DecimalNumber.ParseFailure) {
                return .success(try DecimalNumber.parse(bytes, decimalSeparator: decimal, groupingSeparators: grouping))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let number): return number
        case .failure(.overflow): throw .sentence(.tooLarge(token.text), column: token.column)
        case .failure(.notANumber): throw .sentence(.notAnAmount(token.text), column: token.column)
        }
    }
}
