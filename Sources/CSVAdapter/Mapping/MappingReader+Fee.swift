import Foundation
import LedgerCore

extension MappingReader {
    /// `"fee"`: `{"column": "Fee", "net": "Net", "description": "PayPal fee", "deducted": false}`.
    mutating func feeRule(_ value: JSONValue, optional: inout Set<String>) -> FeeRule? {
        let fields = members(value, "\"fee\"", known: ["column", "net", "description", "deducted"])
        let column = column(fields["column"], "\"fee\" \"column\"", optional: &optional)
        if fields["column"] == nil {
            problem("\"fee\" has no \"column\"; expected the column holding the fee", at: value)
        }
        let net = self.column(fields["net"], "\"fee\" \"net\"", optional: &optional)
        let description = string(fields["description"], "\"fee\" \"description\"")
        if let description, description.trimmingBlanks().isEmpty, let value = fields["description"] {
            problem("\"fee\" \"description\" is empty; expected the fee row's text, such as \"PayPal fee\"", at: value)
        }
        let isDeducted = bool(fields["deducted"], "\"fee\" \"deducted\"") ?? false
        guard let column else { return nil }
        var rule = FeeRule(column: column)
        rule.net = net
        if let description, !description.trimmingBlanks().isEmpty { rule.description = description }
        rule.isDeducted = isDeducted
        return rule
    }
}
