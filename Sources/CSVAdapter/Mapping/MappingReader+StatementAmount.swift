import LedgerCore

extension MappingReader {
    /// A statement line's own amount format and currency (`"amounts"`, `"currency"`), for a
    /// balance line written otherwise than the rows (`Saldo: -76.77 EUR` under rows in `1.234,56`).
    mutating func readStatementAmount(
        _ fields: [String: JSONValue], of line: JSONValue, into rule: inout StatementLineRule
    ) {
        let isBalance = rule.role == .openingBalance || rule.role == .closingBalance
        if let amounts = fields["amounts"] {
            if !isBalance {
                problem(
                    "\"amounts\" on a \"\(rule.role.rawValue)\" line reads nothing; expected it on an "
                        + "\"openingBalance\" or \"closingBalance\" line", at: amounts)
            }
            rule.amountSyntax = statementSyntax(amounts)
        }
        guard let value = fields["currency"], let code = string(value, "a \"statement\" line's \"currency\"") else {
            return
        }
        if !isBalance {
            problem(
                "\"currency\" on a \"\(rule.role.rawValue)\" line reads nothing; expected it on an "
                    + "\"openingBalance\" or \"closingBalance\" line", at: value)
        }
        rule.currency = currency(code, at: value)
    }

    /// `{"decimalSeparator": ".", "thousandsSeparator": ","}`, as the top-level `"amounts"` reads them.
    private mutating func statementSyntax(_ value: JSONValue) -> AmountSyntax? {
        let fields = members(
            value, "a \"statement\" line's \"amounts\"", known: ["decimalSeparator", "thousandsSeparator"])
        guard let separator = fields["decimalSeparator"] else {
            problem(
                "a \"statement\" line's \"amounts\" has no \"decimalSeparator\"; expected \".\" or \",\"", at: value)
            return nil
        }
        guard let text = string(separator, "\"decimalSeparator\"") else { return nil }
        guard text == "." || text == "," else {
            problem("\"decimalSeparator\" is not supported; expected \".\" or \",\"", at: separator)
            return nil
        }
        let decimal = UInt8(ascii: text == "." ? "." : ",")
        guard let groupingValue = fields["thousandsSeparator"],
            let grouping = string(groupingValue, "\"thousandsSeparator\"")
        else {
            return AmountSyntax(decimalSeparator: decimal)
        }
        if grouping.utf8.contains(decimal) {
            problem(
                "\"thousandsSeparator\" includes the decimal separator; expected other characters", at: groupingValue)
            return nil
        }
        return AmountSyntax(decimalSeparator: decimal, grouping: grouping)
    }
}
