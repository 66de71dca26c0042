import LedgerCore
import Testing

@testable import CSVAdapter

/// `mappings check` on a mapping's `"commodities"` key that names one code twice (codes ignore
/// case): the second key is blamed, naming the first, not a ledger that isn't there.
@Suite("mapping commodities: a code declared twice")
struct MappingCommodityRepeatTests {
    static func problems(_ json: String) -> [String] {
        MappingCheck.problems(json: Array(json.utf8), path: "m.json").map {
            "\($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    static func mapping(_ commodities: String) -> String {
        """
        {"columns": {"date": "Date", "amount": "Amount"},
         "commodities": {
          \(commodities)
         }
        }
        """
    }

    @Test("\"btc\" after \"BTC\" with other decimals is refused at the second key, naming the first's line")
    func otherDecimals() {
        let found = Self.problems(Self.mapping("\"BTC\": 8,\n  \"btc\": 6"))
        #expect(
            found == [
                "4:3 \"commodities\": \"btc\" repeats \"BTC\" (line 3) with other decimals (6, not 8); expected each code once"
            ])
        #expect(!found.joined().contains("ledger"))
    }

    @Test("the same code again with the same decimals is no problem")
    func sameDecimals() throws {
        #expect(Self.problems(Self.mapping("\"BTC\": 8,\n  \"btc\": 8")).isEmpty)
        let mapping = try CSVMapping(json: Array(Self.mapping("\"BTC\": 8,\n  \"btc\": 8").utf8), path: "m.json")
        #expect(mapping.commodities.currency(code: "BTC")?.minorDigits == 8)
    }
}
