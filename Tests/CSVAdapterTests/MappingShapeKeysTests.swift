import LedgerCore
import Testing

@testable import CSVAdapter

/// `mappings check` on the keys for a footer's own amount format, fee rows and refused headers:
/// each mistake at its own line and column.
@Suite("mapping keys: statement amounts, fee, refuse")
struct MappingShapeKeysTests {
    static func problems(_ json: String) -> [String] {
        MappingCheck.problems(json: Array(json.utf8), path: "m.json").map {
            "\($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    @Test("a statement line's amounts and currency are read, and their mistakes located")
    func statementAmounts() throws {
        let good = """
            {"columns": {"date": "D", "amount": "A"}, "currency": "EUR",
             "statement": [{"label": "Saldo", "role": "closingBalance",
                            "amounts": {"decimalSeparator": ".", "thousandsSeparator": ","}, "currency": "EUR"}]}
            """
        let mapping = try CSVMapping(json: Array(good.utf8), path: "m.json")
        let rule = try #require(mapping.statementLines.first)
        #expect(rule.amountSyntax == AmountSyntax(decimalSeparator: UInt8(ascii: "."), grouping: ","))
        #expect(rule.currency == .EUR)
        let bad = """
            {"columns": {"date": "D", "amount": "A"},
             "statement": [{"label": "Saldo", "role": "closingBalance",
                            "amounts": {"decimalSeparator": ";"}, "currency": "EURO"},
                           {"label": "Konto", "role": "account", "amounts": {"decimalSeparator": ","}}]}
            """
        let found = Self.problems(bad)
        #expect(found.count == 3)
        #expect(found[0].hasPrefix("3:49 \"decimalSeparator\" is not supported; expected \".\" or \",\""))
        #expect(found[1].hasPrefix("3:67 \"currency\" \"EURO\" is not an ISO 4217 code"))
        #expect(found[2].hasPrefix("4:65 \"amounts\" on a \"account\" line reads nothing"))
    }

    @Test("a fee needs its column; its other keys are typed")
    func fee() throws {
        let good = """
            {"columns": {"date": "D", "amount": "Gross"}, "currency": "USD",
             "fee": {"column": "Fee", "net": "Net", "description": "PayPal fee", "deducted": false}}
            """
        let mapping = try CSVMapping(json: Array(good.utf8), path: "m.json")
        #expect(mapping.fee?.description == "PayPal fee")
        #expect(mapping.requiredColumnNames == ["D", "Gross", "Fee", "Net"])
        let bad = """
            {"columns": {"date": "D", "amount": "A"},
             "fee": {"net": "Net", "deducted": "yes", "sign": "-"}}
            """
        let found = Self.problems(bad)
        #expect(found.count == 3)
        #expect(found[0].hasPrefix("2:9 \"fee\" has no \"column\""))
        #expect(found[1].hasPrefix("2:36 \"fee\" \"deducted\" is a string; expected true or false"))
        #expect(found[2].hasPrefix("2:43 unknown key \"sign\" in \"fee\""))
    }

    @Test("a refuse entry needs the header, what the file looks like and what to do")
    func refuse() {
        let bad = """
            {"columns": {"date": "D", "amount": "A"},
             "match": {"header": ["D", "A"], "refuse": [{"header": ["txnidx"], "looksLike": "a journal"}]}}
            """
        let found = Self.problems(bad)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("2:45 a \"refuse\" entry needs \"header\""))
    }
}
